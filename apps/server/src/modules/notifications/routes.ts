import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  PushKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionParams,
  PushSubscriptionResponseSchema,
} from '@crust/contract/notifications';
import { OrderParams } from '@crust/contract/orders';
import { API_PATHS } from '@crust/contract/paths';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { OrderNotifications } from './service.ts';

/** Order notifications by Web Push (issue 31 §14): the server's key, a browser's subscription, opting out. */
export function notificationRoutes(app: FastifyInstance, notifications: OrderNotifications): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.pushKey,
    {
      schema: routeSchema(
        'notifications',
        "The server's VAPID public key (RFC 8292), base64url: pushManager.subscribe's applicationServerKey.",
        { response: { 200: PushKeyResponseSchema } },
      ),
    },
    () => ({ status: 'SUCCESS' as const, data: { publicKey: notifications.publicKey() } }),
  );

  r.post(
    API_PATHS.orderPushSubscriptions,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'notifications',
        "A browser's push subscription (PushSubscription.toJSON()) to one of the caller's orders: each stage is pushed to it, instead of texted. The same endpoint again keeps one. 404 for anyone else's order.",
        {
          params: OrderParams,
          body: PushSubscriptionBodySchema,
          response: {
            200: PushSubscriptionResponseSchema,
            401: ErrorResponseSchema,
            404: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await notifications.subscribe(callerOf(req).userId, req.params.orderId, req.body),
    }),
  );

  r.delete(
    API_PATHS.orderPushSubscription,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'notifications',
        'The customer opts out: that browser is told nothing more of the order.',
        {
          params: PushSubscriptionParams,
          response: {
            200: z.object({ status: z.literal('SUCCESS') }),
            401: ErrorResponseSchema,
            404: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) => {
      await notifications.unsubscribe(callerOf(req).userId, req.params.orderId, req.params.subscriptionId);
      return { status: 'SUCCESS' as const };
    },
  );
}
