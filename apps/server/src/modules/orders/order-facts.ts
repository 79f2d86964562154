import type { GiftProduct } from '@crust/contract/cart';
import type { OrderStatus } from '@crust/contract/orders';
import type { ConsoleTrain, TrainTrack } from '@crust/contract/train-orders';
import {
  passengerMayCancel,
  trainOf,
  trainOrderStatus,
  TRAIN_ORDER_STATUSES,
  type TrainBooking,
} from '@crust/domain/train';
import { isDeliveryType, type DeliveryType } from '@crust/domain/delivery-types';
import { isOrderStage, orderLabel, type OrderLabel, type OrderStage } from '@crust/domain/order-lifecycle';

/** The columns these read: an order row from any module's query. */
interface OrderFacts {
  id: string;
  status: string;
  stage: string | null;
  deliveryType: string;
  number: number;
  advancedTime: Date | null;
}

const STATUS_OF: Record<string, OrderStatus> = {
  payment_pending: 'PAYMENT_PENDING',
  placed: 'PLACED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** The payment side of an order as the customer sees it (SPEC §4 labels start from it). */
export function orderStatusOf(order: Pick<OrderFacts, 'status'>): OrderStatus {
  return STATUS_OF[order.status] ?? 'FAILED';
}

/** The store side: null until the order is placed. */
export function orderStageOf(order: Pick<OrderFacts, 'stage'>): OrderStage | null {
  return isOrderStage(order.stage) ? order.stage : null;
}

export function orderTypeOf(order: Pick<OrderFacts, 'id' | 'deliveryType'>): DeliveryType {
  if (!isDeliveryType(order.deliveryType))
    throw new Error(`order ${order.id} has type ${order.deliveryType}`);
  return order.deliveryType;
}

/**
 * The number on the receipt and the store's screen (SPEC dominosOrderId): eight random digits
 * (order-number.ts); orders made before numbers were drawn keep their counted six, zero-padded.
 */
export function orderNumberOf(order: Pick<OrderFacts, 'number'>): string {
  return String(order.number).padStart(6, '0');
}

export function orderLabelOf(
  order: Omit<OrderFacts, 'id' | 'deliveryType' | 'number'>,
  nowMs: number,
): OrderLabel {
  return orderLabel(
    {
      status: orderStatusOf(order),
      stage: orderStageOf(order),
      slotMs: order.advancedTime?.getTime() ?? null,
    },
    nowMs,
  );
}

/**
 * A train order's train part (contract TrainTrack) for whoever sees the order: coach and berth only for its owner,
 * since a passed-on tracking link must not say where a passenger sleeps. Null for every other order.
 */
export function trainTrackOf(
  order: Pick<OrderFacts, 'status' | 'stage'> & { snapshot: unknown },
  owner: boolean,
  nowMs: number,
): TrainTrack | null {
  const b = trainOf(order.snapshot);
  if (!b) return null;
  const progress = { status: orderStatusOf(order), stage: orderStageOf(order) };
  const status = trainOrderStatus(progress);
  return {
    ...trainLegOf(b),
    coach: owner ? b.coach : null,
    berth: owner ? b.berth : null,
    status,
    statusCode: TRAIN_ORDER_STATUSES[status],
    cancelBy: b.cancelBy,
    canCancel: owner && passengerMayCancel(b, progress, nowMs),
  };
}

/**
 * The surprise gift the order carries (confirm/order-row.ts decides it when the order is made): the store packs
 * it, the customer's summary lists it. Orders made before the gift was kept carry none.
 */
export function surpriseGiftOf(order: { snapshot: unknown }): GiftProduct | null {
  return (order.snapshot as { surpriseGift?: GiftProduct | null } | null)?.surpriseGift ?? null;
}

/** The store console's train part: where the rider goes, and the PNR to tell two passengers apart. */
export function consoleTrainOf(order: { snapshot: unknown }): ConsoleTrain | null {
  const b = trainOf(order.snapshot);
  return b ? { ...trainLegOf(b), pnr: `xxxxxx${b.pnr.slice(-4)}` } : null;
}

function trainLegOf(b: TrainBooking) {
  return {
    trainNo: b.trainNo,
    trainName: b.trainName,
    stationCode: b.stationCode,
    stationName: b.stationName,
    coach: b.coach,
    berth: b.berth,
    expectedArrival: b.expectedArrival,
    bookedArrival: b.bookedArrival ?? b.expectedArrival,
  };
}

/** The order's type as it was ordered. */
export function typeOf(order: Pick<OrderFacts, 'deliveryType'>): DeliveryType {
  return isDeliveryType(order.deliveryType) ? order.deliveryType : 'D';
}
