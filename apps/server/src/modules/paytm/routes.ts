import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import {
  PaytmAddMoneyReturnQuerySchema,
  PaytmBalanceQuerySchema,
  PaytmBalanceResponseSchema,
  PaytmDeeplinkBodySchema,
  PaytmDeeplinkResponseSchema,
  PaytmOtpSendBodySchema,
  PaytmOtpSendResponseSchema,
  PaytmOtpVerifyBodySchema,
  PaytmOtpVerifyResponseSchema,
  PaytmSubmitBodySchema,
  PaytmSubmitResponseSchema,
  PaytmUpiVerifyBodySchema,
  PaytmUpiVerifyResponseSchema,
} from '@crust/contract/paytm';
import { outcome } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { PaytmService } from './service.ts';

/** SPEC §7 Paytm calls (issue 18 §2; docs/paytm-wallet.md). Each answers only the order's owner. */
export function paytmRoutes(app: FastifyInstance, paytm: PaytmService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = {
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
    // PAYTM_UNAVAILABLE: Paytm did not answer; try again
    503: ErrorResponseSchema,
  };
  const session = { auth: 'session' as const };

  r.post(
    API_PATHS.paytmUpiVerify,
    {
      config: session,
      schema: routeSchema(
        'paytm',
        'SPEC §7 Paytm UPI verify: whether a UPI id exists, and its holder’s name masked, for the caller’s order paying by UPI',
        {
          body: PaytmUpiVerifyBodySchema,
          // UPI_VERIFY_NOT_ALLOWED: the order is not waiting for a UPI payment
          response: { 200: PaytmUpiVerifyResponseSchema, 403: ErrorResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => outcome(await paytm.verifyVpa(callerOf(req), req.body, req.ip)),
  );

  r.post(
    API_PATHS.paytmDeeplink,
    {
      config: session,
      schema: routeSchema('paytm', 'SPEC §7 Paytm deeplink: the paytmmp:// and upi:// intents for an order', {
        body: PaytmDeeplinkBodySchema,
        response: { 200: PaytmDeeplinkResponseSchema, ...refusals },
      }),
    },
    async (req) => outcome(await paytm.deeplink(callerOf(req), req.body.orderTransactionId)),
  );

  r.get(
    API_PATHS.paytmBalance,
    {
      config: session,
      schema: routeSchema(
        'paytm',
        'SPEC §7 Paytm wallet balance: linked?, the balance and deficit (consultBalance), the next action',
        { querystring: PaytmBalanceQuerySchema, response: { 200: PaytmBalanceResponseSchema, ...refusals } },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return outcome(await paytm.balance(callerOf(req), req.query));
    },
  );

  r.post(
    API_PATHS.paytmOtpSend,
    {
      config: session,
      schema: routeSchema(
        'paytm',
        'SPEC §7 Paytm OTP send: Paytm texts the wallet’s owner an OTP; answers its state',
        {
          body: PaytmOtpSendBodySchema,
          response: { 200: PaytmOtpSendResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => outcome(await paytm.sendOtp(callerOf(req), req.body)),
  );

  r.post(
    API_PATHS.paytmOtpVerify,
    {
      config: session,
      schema: routeSchema('paytm', 'SPEC §7 Paytm OTP verify: links the wallet for the order’s payer', {
        body: PaytmOtpVerifyBodySchema,
        response: { 200: PaytmOtpVerifyResponseSchema, ...refusals },
      }),
    },
    async (req) => outcome(await paytm.verifyOtp(callerOf(req), req.body)),
  );

  r.put(
    API_PATHS.paytmSubmit,
    {
      config: session,
      schema: routeSchema(
        'paytm',
        'SPEC §7 Paytm submit order: Paytm withdraws once per order; THANKYOU, PAYTM_ADD_MONEY or PAY_PAGE',
        { body: PaytmSubmitBodySchema, response: { 200: PaytmSubmitResponseSchema, ...refusals } },
      ),
    },
    async (req) => outcome(await paytm.submit(callerOf(req), req.body.orderTransactionId)),
  );

  // the browser back from Paytm's add-money page: no session travels with it, so it only moves the payer on
  r.get(
    API_PATHS.paytmAddMoneyReturn,
    {
      schema: routeSchema(
        'paytm',
        "Paytm's add-money page sends the browser back here (its signed answer in the query): a 303 to /paytmForm",
        { querystring: PaytmAddMoneyReturnQuerySchema },
      ),
    },
    async (req, reply) => {
      const { transactionId, ...rest } = req.query;
      const fields = Object.fromEntries(
        Object.entries(rest).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return reply
        .header('cache-control', 'no-store')
        .redirect(paytm.addMoneyReturn(transactionId, fields), 303);
    },
  );
}
