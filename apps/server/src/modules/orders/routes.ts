import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  ConfirmAnswerResponseSchema,
  ConfirmOrderBodySchema,
  ConfirmOrderResponseSchema,
  OrderCodeBodySchema,
  type ConfirmAnswer,
  OrderParams,
  OrderSummaryResponseSchema,
  PaymentCallbackQuerySchema,
  PaymentStatusResponseSchema,
  TransactionParams,
} from '@crust/contract/orders';
import { API_PATHS } from '@crust/contract/paths';
import { httpError, outcome } from '../../http/errors.ts';
import type { IdempotentCalls } from '../../http/idempotency.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { callerOf } from '../../http/principal.ts';
import type { OrderService } from './service.ts';

/** A payment call without an Idempotency-Key could be sent twice by a retry: it is refused. */
function keyOf(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '')
    throw httpError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'An Idempotency-Key header is required for this call.', {
      field: 'headers.idempotency-key',
    });
  return key;
}

const hashOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url ?? ''} ${req.url} ${JSON.stringify(req.body)}`)
    .digest('hex');

/** What a confirm answers, as its idempotency key stores it. */
type ConfirmBody = ReturnType<typeof outcome<ConfirmAnswer>>;

/** SPEC §7 batch confirm order, the COD / e-voucher code, payment status and the order summary. */
export interface OrderRoutesOptions {
  orders: OrderService;
  idempotency: IdempotentCalls;
}

export function orderRoutes(app: FastifyInstance, { orders, idempotency }: OrderRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    422: ErrorResponseSchema,
    // SMS_FAILED: a COD or gift-card code could not be texted (issue 14 §2); ask for it again
    503: ErrorResponseSchema,
  };

  r.post(
    API_PATHS.orders,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        "SPEC §7 batch confirm order: the server prices the cart, places the order and answers the next action, or REMOVE_PROMO when the cart's coupon may not be paid for this way. Needs an Idempotency-Key.",
        { body: ConfirmOrderBodySchema, response: { 200: ConfirmAnswerResponseSchema, ...refusals } },
      ),
    },
    async (req, reply) => {
      const principal = callerOf(req);
      const answer = await idempotency.run<ConfirmBody>(
        { principal: principal.userId, key: keyOf(req), requestHash: hashOf(req) },
        async (key) => ({
          status: 200,
          // an order placed in the confirm's own transaction stores the key's answer in it too
          body: outcome(
            await orders.confirm(principal, req.body, (tx, result) =>
              key.settle(tx, { status: 200, body: outcome(result) }),
            ),
          ),
        }),
      );
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  r.post(
    API_PATHS.orderCode,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        "The cash-on-delivery OTP, a gift card's OTP or an e-voucher's PIN (SPEC §3 COD_OTP, EV_OTP, EV_PIN), or { resend: true }. Needs an Idempotency-Key.",
        {
          params: OrderParams,
          body: OrderCodeBodySchema,
          response: { 200: ConfirmOrderResponseSchema, ...refusals },
        },
      ),
    },
    async (req, reply) => {
      const principal = callerOf(req);
      const answer = await idempotency.run(
        { principal: principal.userId, key: keyOf(req), requestHash: hashOf(req) },
        async () => ({
          status: 200,
          body: outcome(await orders.submitCode(principal, req.params.orderId, req.body)),
        }),
      );
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  r.get(
    API_PATHS.paymentStatus,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        'SPEC §4 payment status polling: SUCCESS, FAILED, WAIT or IN_PROGRESS; the server asks the gateway on the way',
        {
          params: TransactionParams,
          response: { 200: PaymentStatusResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await orders.status(callerOf(req), req.params.transactionId),
    }),
  );

  r.get(
    API_PATHS.order,
    {
      config: { auth: 'session' },
      schema: routeSchema('orders', "SPEC §3 Order summary of one of the caller's orders", {
        params: OrderParams,
        response: { 200: OrderSummaryResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await orders.summary(callerOf(req), req.params.orderId),
    }),
  );

  r.get(
    API_PATHS.paymentCallback,
    {
      schema: routeSchema(
        'orders',
        "Where the gateway sends the customer's browser back: the signed outcome is checked with the gateway, then a 303 to /paymentTransaction",
        { querystring: PaymentCallbackQuerySchema },
      ),
    },
    async (req, reply) => {
      await orders.browserReturned(req.query);
      const transactionId = encodeURIComponent(req.query.transactionId);
      return reply.redirect(`/paymentTransaction?transactionId=${transactionId}`, 303);
    },
  );
}
