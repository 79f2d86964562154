import { z } from 'zod';
import { OrderIdSchema } from './orders.ts';

/**
 * Order notifications by Web Push (issue 31 §14; docs/notifications.md): the server's VAPID public key, and a
 * browser's push subscription (the fields of `PushSubscription.toJSON()`) given for one of the caller's orders.
 */

/** GET push key: what `pushManager.subscribe({ applicationServerKey })` takes, base64url. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;
export const PushKeyResponseSchema = z.object({ status: z.literal('SUCCESS'), data: PushKeySchema });

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** POST push subscription: `PushSubscription.toJSON()` as the browser gives it (expirationTime ignored). */
export const PushSubscriptionBodySchema = z.object({
  /** the push service's URL for this browser: https (the server refuses anything else in production) */
  endpoint: z.url().max(2048),
  keys: z.object({
    /** the browser's P-256 public key: 65 bytes, base64url */
    p256dh: base64url(86, 90),
    /** its 16-byte authentication secret, base64url */
    auth: base64url(22, 24),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** The subscription kept: its id is what DELETE takes to opt out. */
export const PushSubscriptionSchema = z.object({ id: z.string() });
export type PushSubscriptionAnswer = z.infer<typeof PushSubscriptionSchema>;
export const PushSubscriptionResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  data: PushSubscriptionSchema,
});

export const PushSubscriptionParams = z.object({
  orderId: OrderIdSchema,
  subscriptionId: z.string().regex(/^P[0-9a-f]{20}$/),
});

/**
 * What the service worker receives in a push message's data (JSON): the notification's words and the tracker it
 * opens. `tag` is the order's id, so a later stage replaces the earlier stage's notification.
 */
export const OrderNoticeSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** a path of this web app: the order's tracker */
  url: z.string().startsWith('/'),
  tag: z.string(),
  stage: z.string(),
});
export type OrderNotice = z.infer<typeof OrderNoticeSchema>;
