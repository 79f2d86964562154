import { z } from 'zod';
import type { OrderRow } from './repo.ts';
import { CARD_BRANDS } from '@crust/domain/card';
import {
  CHECKOUT_METHODS,
  GATEWAY_PAYMENT_STATUSES,
  type GatewayPayment,
  type GatewayRefund,
} from './provider.ts';

/** HMAC-SHA256 (hex) of the raw body with the webhook secret. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** The event id again, so a receiver can drop a duplicate before reading the body. */
export const EVENT_ID_HEADER = 'x-sandbox-event-id';

export const WEBHOOK_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'refund.processed',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/**
 * A webhook's body (JSON). `id` is unique per event and repeated on every redelivery and duplicate, so
 * the receiver keeps one row per id. `createdAt` is in Unix seconds.
 */
export interface WebhookEvent {
  id: string;
  entity: 'event';
  event: WebhookEventName;
  createdAt: number;
  payload: { payment: GatewayPayment; refund?: GatewayRefund };
}

const PaiseNumber = z.number().int().min(0);

/**
 * The body as a receiver parses it (after checking the signature over the raw bytes). Exported for
 * Crust's webhook endpoint: the shape belongs to the gateway's protocol, not to Crust's API contract.
 */
export const WebhookEventSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('event'),
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: z.number().int(),
  payload: z.object({
    payment: z.object({
      paymentId: z.string(),
      gatewayOrderId: z.string(),
      status: z.enum(GATEWAY_PAYMENT_STATUSES),
      method: z.enum(CHECKOUT_METHODS),
      amountPaise: PaiseNumber,
      amountRefundedPaise: PaiseNumber,
      cardBrand: z.enum(CARD_BRANDS).optional(),
      cardLast4: z.string().optional(),
      vpa: z.string().optional(),
      bank: z.string().optional(),
      wallet: z.string().optional(),
      errorCode: z.string().optional(),
      errorDescription: z.string().optional(),
      createdAt: z.string(),
    }),
    refund: z
      .object({
        refundId: z.string(),
        paymentId: z.string(),
        amountPaise: PaiseNumber,
        receipt: z.string(),
        status: z.literal('processed'),
        createdAt: z.string(),
      })
      .optional(),
  }),
});

/** Another protocol's webhook: its body for an event, and where and how it is sent. */
export interface WebhookFormat {
  /** null: this protocol sends no webhook for the event */
  body(event: WebhookEvent, order: OrderRow): string | null;
  /** appended to the webhook URL (`/razorpay`) */
  pathSuffix: string;
  headers(body: string, eventId: string): Record<string, string>;
}
