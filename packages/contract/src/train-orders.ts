import { z } from 'zod';
import { TRAIN_ORDER_STATUSES } from '@crust/domain/train';
import { successOf } from './common.ts';
import { OrderIdSchema } from './orders.ts';

/**
 * A train order's life (issue 16 §3, SPEC §4 train order statuses): what the tracker, the history and the store
 * console show of its train, and the passenger's cancel.
 */

export const TrainOrderStatusSchema = z.enum(
  Object.keys(TRAIN_ORDER_STATUSES) as [
    keyof typeof TRAIN_ORDER_STATUSES,
    ...(keyof typeof TRAIN_ORDER_STATUSES)[],
  ],
);

/** The train an order goes to, as everyone who may see the order sees it. */
export const TrainLegSchema = z.object({
  trainNo: z.string(),
  trainName: z.string(),
  stationCode: z.string(),
  stationName: z.string(),
  /** null for a key holder who is not the passenger, or a ticket without a berth yet */
  coach: z.string().nullable(),
  berth: z.string().nullable(),
  /** the train's expected arrival at the station now (ISO): it moves as the train runs late or early */
  expectedArrival: z.string(),
  /** the expected arrival when the passenger ordered (ISO): the tracker says when the train has moved since */
  bookedArrival: z.string(),
});

/** The tracker's and order details' train part. */
export const TrainTrackSchema = TrainLegSchema.extend({
  /** SPEC §4 train order status and its code (PLACED 0 … CANCELLED 6) */
  status: TrainOrderStatusSchema,
  statusCode: z.number().int().min(0).max(6),
  /** the passenger may cancel until then (ISO), while the restaurant has not sent it out */
  cancelBy: z.string(),
  canCancel: z.boolean(),
});
export type TrainTrack = z.infer<typeof TrainTrackSchema>;

/** The store console's train part: where the rider hands it over, and that a delivery code is needed. */
export const ConsoleTrainSchema = TrainLegSchema.extend({
  /** the ticket's PNR, masked but for its last 4 digits */
  pnr: z.string(),
});
export type ConsoleTrain = z.infer<typeof ConsoleTrainSchema>;

/** SPEC §7 irctc cancel: the passenger cancels a train order (until its cancellation cut-off). */
export const IrctcCancelBodySchema = z.strictObject({ orderId: OrderIdSchema });
export const IrctcCancelSchema = z.object({ orderId: OrderIdSchema, status: TrainOrderStatusSchema });
export const IrctcCancelResponseSchema = successOf(IrctcCancelSchema);

/** SPEC §7 irctc validate coupon: what a coupon would save on a train cart (a payment offer never applies). */
export const IrctcCouponBodySchema = z.strictObject({
  cartId: z.string().min(1).max(40),
  code: z.string().trim().min(1).max(30),
});

/** The passenger asks for the delivery code again (lost SMS): a new code replaces the old, once a minute. */
export const DeliveryCodeBodySchema = z.strictObject({ orderId: OrderIdSchema });
export const DeliveryCodeResponseSchema = successOf(z.object({ sent: z.literal(true) }));
