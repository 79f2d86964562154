import type { Tracker } from '@crust/contract/tracking';
import { guaranteeMinutes, isGuaranteed } from '@crust/domain/delivery-guarantee';
import { stageCode, stagesFor } from '@crust/domain/order-lifecycle';
import {
  orderLabelOf,
  orderNumberOf,
  orderStageOf,
  orderStatusOf,
  orderTypeOf,
  trainTrackOf,
} from '../orders/order-facts.ts';
import { fillPath, API_PATHS } from '@crust/contract/paths';
import type { TrackerView } from './keys.ts';
import type { OrderRow, StageEventRow } from '../orders/queries.ts';

/** SPEC §4: how often a tracker without the live stream asks again, seconds. */
export const TRACKER_POLL_SECONDS = 10;

export interface StoreForTracker {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  phone: string;
}

/** The keys a tracker carries: the one anyone may hold, and the one its live stream is opened with. */
export interface TrackerKeys {
  shared: string;
  stream: string;
}

interface StoredAddress {
  latitude?: number;
  longitude?: number;
  locality?: string;
  city?: string;
}

/** Two decimals of a degree: about 1 km, enough to draw where the order goes, not to find the door. */
const roughly = (degrees: number) => Math.round(degrees * 100) / 100;

/**
 * Where the order goes, as the viewer may see it: its owner the whole delivery line and the exact point; anyone
 * else who holds the key (a lookup by mobile and number, a passed-on link) the locality and a point rounded to
 * about a kilometre (docs/tracking.md "Who sees what").
 */
function destinationOf(order: OrderRow, view: TrackerView): Tracker['destination'] {
  const address = order.address as StoredAddress | null;
  if (typeof address?.latitude !== 'number' || typeof address.longitude !== 'number') return null;
  if (view === 'owner')
    return { latitude: address.latitude, longitude: address.longitude, label: order.deliverTo };
  return {
    latitude: roughly(address.latitude),
    longitude: roughly(address.longitude),
    label: address.locality || address.city || '',
  };
}

/**
 * The tracker (contract Tracker) from the order, its stage events and its store, as `view` may see it: the
 * owner everything a tracker shows; a key holder nothing more personal than the locality.
 */
export function trackerOf(
  order: OrderRow,
  events: StageEventRow[],
  store: StoreForTracker,
  keys: TrackerKeys,
  view: TrackerView,
  nowMs: number,
): Tracker {
  const type = orderTypeOf(order);
  const stage = orderStageOf(order);
  const slotMs = order.advancedTime?.getTime() ?? null;
  const reached = new Map(events.map((e) => [e.stage, e.at.toISOString()]));
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
    orderSummary: { deliveryType: type, netPrice: view === 'owner' ? order.totalPaise : null },
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
    store: {
      id: store.id,
      name: store.name,
      latitude: store.latitude,
      longitude: store.longitude,
      phone: store.phone,
    },
    destination: type === 'D' ? destinationOf(order, view) : null,
    train: trainTrackOf(order, view === 'owner', nowMs),
    apiHitInterval: TRACKER_POLL_SECONDS,
    eventsUrl: `${fillPath(API_PATHS.trackerEvents, { orderId: order.id })}?key=${encodeURIComponent(keys.stream)}`,
    key: keys.shared,
  };
}
