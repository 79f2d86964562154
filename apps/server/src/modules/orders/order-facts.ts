import type { OrderStatus } from '@crust/contract/orders';
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
