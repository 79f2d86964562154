/**
 * When the food should be there (issue 31 item 6; SPEC §9 delivery-time estimates Unknown, NA, 20, 30, 45): a
 * bucket from the order type, the store's queue (orders it has placed and not yet finished), how far the customer
 * is and the time of day. The thresholds are ours (docs/cart-pricing.md "The ETA"); the buckets are the SPEC's.
 * The estimate is what the customer is told to expect; it does not move the delivery guarantee, which stays
 * 30 minutes (45 at night) from placing.
 */
import { guaranteeMinutes, NIGHT_GUARANTEE_MINUTES } from './delivery-guarantee.ts';
import { assertNever, type DeliveryType } from './delivery-types.ts';

export const DELIVERY_ESTIMATES = ['UNKNOWN', 'NA', 20, 30, 45] as const;
export type DeliveryEstimate = (typeof DELIVERY_ESTIMATES)[number];

/** A queue this long slows every order down one bucket (a store bakes about this many at once). */
export const BUSY_QUEUE = 8;
/** A queue this long slows a pickup order down to the longest bucket too. */
export const VERY_BUSY_QUEUE = 15;
/** A delivery farther than this takes the longest bucket (most delivery areas are 5–7 km). */
export const FAR_KM = 5;

export interface EstimateInput {
  /** the order type asked about */
  type: DeliveryType;
  /** the store that would take the order; null: none chosen yet */
  store: {
    /** online and inside its hours now */
    open: boolean;
    /** offers this order type */
    offersType: boolean;
  } | null;
  /** orders placed at the store and not yet finished (its console's active queue) */
  queue: number;
  /** from the store to the customer, km; null: not known (no location chosen) */
  distanceKm: number | null;
  /** the instant asked about (the night rule is India's clock) */
  atMs: number;
}

/**
 * Unknown without a store (or, for a delivery, without where it goes); NA when the store is closed or does not
 * take the type (a train order waits for its train, so it has no estimate); else 20 for a pickup (30 with a busy
 * queue, 45 with a very busy one) and 30 for a delivery (45 at night, 11 PM to 3 AM, with a busy queue or far).
 */
export function deliveryEstimate(input: EstimateInput): DeliveryEstimate {
  const { type, store, queue, distanceKm, atMs } = input;
  if (!store) return 'UNKNOWN';
  if (!store.open || !store.offersType) return 'NA';
  switch (type) {
    case 'T':
    case 'P':
    case 'DINEIN':
    case 'CURB':
      return queue >= VERY_BUSY_QUEUE ? 45 : queue >= BUSY_QUEUE ? 30 : 20;
    case 'D': {
      if (distanceKm === null) return 'UNKNOWN';
      const night = guaranteeMinutes(atMs) === NIGHT_GUARANTEE_MINUTES;
      return night || queue >= BUSY_QUEUE || distanceKm > FAR_KM ? 45 : 30;
    }
    case 'IRCTC':
      return 'NA';
    default:
      return assertNever(type);
  }
}
