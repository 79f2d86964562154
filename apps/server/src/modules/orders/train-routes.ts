import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import {
  DeliveryCodeBodySchema,
  DeliveryCodeResponseSchema,
  IrctcCancelBodySchema,
  IrctcCancelResponseSchema,
} from '@crust/contract/train-orders';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { TrainOrders } from './train-orders.ts';

/** SPEC §7 irctc cancel, and the delivery code again (issue 16 §3). Only the order's owner. */
export function trainOrderRoutes(app: FastifyInstance, trains: TrainOrders): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };
  r.post(
    API_PATHS.irctcCancel,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'rail',
        'SPEC §7 irctc cancel: the passenger cancels a train order until 10 minutes before its cut-off while the restaurant has not sent it out; the money goes back as for a cancel by the store. 409 CANCEL_CLOSED after that.',
        { body: IrctcCancelBodySchema, response: { 200: IrctcCancelResponseSchema, ...refusals } },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await trains.cancel(callerOf(req), req.body.orderId),
    }),
  );
  r.post(
    API_PATHS.irctcDeliveryCode,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'rail',
        "A train order's delivery code texted again to the order's mobile (a new code replaces the old); once a minute (429 CODE_RESEND_WAIT), while the order is on its way.",
        { body: DeliveryCodeBodySchema, response: { 200: DeliveryCodeResponseSchema, ...refusals } },
      ),
    },
    async (req) => {
      await trains.resendCode(callerOf(req), req.body.orderId);
      return { status: 'SUCCESS' as const, data: { sent: true as const } };
    },
  );
}
