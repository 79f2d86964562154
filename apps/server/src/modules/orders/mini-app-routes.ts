import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { MiniAppPaymentBodySchema, MiniAppPaymentResponseSchema } from '@crust/contract/partner';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { MiniAppPayments } from './mini-app.ts';

/** SPEC §7 POST mini-app payment (issue 18): settles the order from the partner's word, never the body's. */
export function miniAppPaymentRoutes(app: FastifyInstance, payments: MiniAppPayments): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.miniAppPayment,
    {
      // each call asks the partner: as often as the app polls a payment's status, and no more
      config: { auth: 'session', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: routeSchema(
        'orders',
        "SPEC §7 mini-app payment: after the host's payment sheet, the partner is asked and the order settled once",
        {
          body: MiniAppPaymentBodySchema,
          response: {
            200: MiniAppPaymentResponseSchema,
            401: ErrorResponseSchema,
            404: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) => outcome(await payments.settle(callerOf(req), req.body)),
  );
}
