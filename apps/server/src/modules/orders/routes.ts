import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

  // the browser back from the gateway: a GET with the outcome in the query (the sandbox's own protocol) or a
  // form POST (Razorpay's callback_url, PayU's surl/furl); either way only a nudge to ask the gateway now
  void app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    const returned = async (req: FastifyRequest, reply: FastifyReply) => {
      const query = PaymentCallbackQuerySchema.safeParse(req.query);
      if (!query.success) throw httpError(400, 'BAD_REQUEST', 'This payment link is not valid.');
      await orders.browserReturned(query.data.transactionId, {
        ...stringFields(req.body),
        ...stringFields(req.query),
      });
      const transactionId = encodeURIComponent(query.data.transactionId);
      return reply.redirect(`/paymentTransaction?transactionId=${transactionId}`, 303);
    };
    const schema = routeSchema(
      'orders',
      "Where the gateway sends the customer's browser back: a signed outcome is checked with the gateway, then a 303 to /paymentTransaction",
      {},
    );
    scope.get(API_PATHS.paymentCallback, { schema }, returned);
    scope.post(API_PATHS.paymentCallback, { schema }, returned);
  });
}

/** A parsed query or form as strings only (a repeated field keeps its first value; anything else is dropped). */
function stringFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    const first: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string' && first.length <= 2048) out[k] = first;
  }
  return out;
}
