import type { Tracker } from '@crust/contract/tracking';
import { guaranteeMinutes, isGuaranteed } from '@crust/domain/delivery-guarantee';
import { stageCode, stagesFor } from '@crust/domain/order-lifecycle';
import {
  orderLabelOf,
  orderNumberOf,
  orderStageOf,
  orderStatusOf,
  orderTypeOf,
} from '../orders/order-facts.ts';
import { fillPath, API_PATHS } from '@crust/contract/paths';
import type { OrderRow, StageEventRow } from './repo.ts';

/** SPEC §4: how often a tracker without the live stream asks again, seconds. */
export const TRACKER_POLL_SECONDS = 10;

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
  const type = orderTypeOf(order);
  const stage = orderStageOf(order);
  const slotMs = order.advancedTime?.getTime() ?? null;
  const reached = new Map(events.map((e) => [e.stage, e.at.toISOString()]));
  const address = order.address as { latitude?: number; longitude?: number } | null;
  const start = slotMs ?? order.placedAt?.getTime() ?? order.createdAt.getTime();
  return {
    orderId: order.id,
    dominosOrderId: orderNumberOf(order),
    status: orderStatusOf(order),
    label: orderLabelOf(order, nowMs),
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
