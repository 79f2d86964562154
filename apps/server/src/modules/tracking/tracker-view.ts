import type { Tracker } from '@crust/contract/tracking';
import { guaranteeMinutes, isGuaranteed } from '@crust/domain/delivery-guarantee';
import { isDeliveryType, type DeliveryType } from '@crust/domain/delivery-types';
import { isOrderStage, orderLabel, stageCode, stagesFor } from '@crust/domain/order-lifecycle';
import { fillPath, API_PATHS } from '@crust/contract/paths';
import type { OrderRow, StageEventRow } from './repo.ts';

/** SPEC §4: how often a tracker without the live stream asks again, seconds. */
export const TRACKER_POLL_SECONDS = 10;

const STATUS_OF = {
  payment_pending: 'PAYMENT_PENDING',
  placed: 'PLACED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
} as const;

export function statusOf(order: OrderRow): Tracker['status'] {
  return STATUS_OF[order.status as keyof typeof STATUS_OF] ?? 'FAILED';
}

export function typeOf(order: OrderRow): DeliveryType {
  if (!isDeliveryType(order.deliveryType))
    throw new Error(`order ${order.id} has type ${order.deliveryType}`);
  return order.deliveryType;
}

export function stageOf(order: OrderRow) {
  return isOrderStage(order.stage) ? order.stage : null;
}

export interface StoreForTracker {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** The tracker as the customer sees it (contract Tracker), from the order, its stage events and its store. */
export function trackerOf(
  order: OrderRow,
  events: StageEventRow[],
  store: StoreForTracker,
  key: string,
  nowMs: number,
): Tracker {
  const type = typeOf(order);
  const stage = stageOf(order);
  const slotMs = order.advancedTime?.getTime() ?? null;
  const reached = new Map(events.map((e) => [e.stage, e.at.toISOString()]));
  const address = order.address as { latitude?: number; longitude?: number } | null;
  const start = slotMs ?? order.placedAt?.getTime() ?? order.createdAt.getTime();
  return {
    orderId: order.id,
    dominosOrderId: String(order.number).padStart(6, '0'),
    status: statusOf(order),
    label: orderLabel({ status: statusOf(order), stage, slotMs }, nowMs),
    advanceOrder: slotMs !== null,
    slotAt: order.advancedTime?.toISOString() ?? null,
    tracker: {
      stage,
      code: stage ? stageCode(stage) : null,
      steps: stagesFor(type).map((s) => ({ stage: s, code: stageCode(s), at: reached.get(s) ?? null })),
    },
    orderSummary: { deliveryType: type, netPrice: order.totalPaise },
    placedAt: order.placedAt?.toISOString() ?? null,
    promisedAt: order.promisedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    riderName: order.riderName,
    cancelReason: order.cancelReason,
    guarantee: {
      applies: isGuaranteed(type),
      minutes: guaranteeMinutes(start),
      creditedPaise: order.guaranteePaise,
    },
    store: { id: store.id, name: store.name, latitude: store.latitude, longitude: store.longitude },
    destination:
      type === 'D' && typeof address?.latitude === 'number' && typeof address.longitude === 'number'
        ? { latitude: address.latitude, longitude: address.longitude, label: order.deliverTo }
        : null,
    apiHitInterval: TRACKER_POLL_SECONDS,
    eventsUrl: `${fillPath(API_PATHS.trackerEvents, { orderId: order.id })}?key=${encodeURIComponent(key)}`,
    key,
  };
}
