import { describe, expect, it } from 'vitest';
import { deliveryEstimate, type DeliveryEstimate, type EstimateInput } from '../src/delivery-estimate.ts';
import type { DeliveryType } from '../src/delivery-types.ts';

const MIN = 60_000;
/** an instant at hh:mm India time on 2026-11-22 */
const ist = (hh: number, mm = 0) => Date.UTC(2026, 10, 22, hh, mm) - 330 * MIN;

const OPEN = { open: true, offersType: true };
const CLOSED = { open: false, offersType: true };
const NOT_OFFERED = { open: true, offersType: false };

type Row = [
  what: string,
  type: DeliveryType,
  store: EstimateInput['store'],
  queue: number,
  km: number | null,
  at: number,
  expected: DeliveryEstimate,
];

const rows: Row[] = [
  ['no store chosen', 'D', null, 0, 2, ist(12), 'UNKNOWN'],
  ['no store for a pickup', 'T', null, 0, null, ist(12), 'UNKNOWN'],
  ['a delivery without a location', 'D', OPEN, 0, null, ist(12), 'UNKNOWN'],
  ['a closed store', 'D', CLOSED, 0, 2, ist(12), 'NA'],
  ['a closed store, pickup', 'T', CLOSED, 0, null, ist(12), 'NA'],
  ['a store that does not deliver', 'D', NOT_OFFERED, 0, 2, ist(12), 'NA'],
  ['a train order', 'IRCTC', OPEN, 0, 2, ist(12), 'NA'],
  ['takeaway, quiet', 'T', OPEN, 0, null, ist(12), 20],
  ['takeaway, seven ahead', 'T', OPEN, 7, null, ist(12), 20],
  ['takeaway, busy', 'T', OPEN, 8, null, ist(12), 30],
  ['takeaway, very busy', 'T', OPEN, 15, null, ist(12), 45],
  ['dine-in, quiet', 'DINEIN', OPEN, 1, null, ist(12), 20],
  ['drive-n-pick, busy', 'CURB', OPEN, 9, 1, ist(12), 30],
  ['takeaway/dine-in at night (no guarantee to keep)', 'P', OPEN, 0, null, ist(0), 20],
  ['delivery, quiet and near', 'D', OPEN, 0, 2, ist(12), 30],
  ['delivery, seven ahead', 'D', OPEN, 7, 4.9, ist(12), 30],
  ['delivery, exactly 5 km', 'D', OPEN, 0, 5, ist(12), 30],
  ['delivery, far', 'D', OPEN, 0, 5.1, ist(12), 45],
  ['delivery, busy', 'D', OPEN, 8, 1, ist(12), 45],
  ['delivery, 10:59 PM', 'D', OPEN, 0, 1, ist(22, 59), 30],
  ['delivery, 11 PM', 'D', OPEN, 0, 1, ist(23), 45],
  ['delivery, 2:59 AM', 'D', OPEN, 0, 1, ist(2, 59), 45],
  ['delivery, 3 AM', 'D', OPEN, 0, 1, ist(3), 30],
];

describe('delivery estimate (SPEC §9 buckets Unknown, NA, 20, 30, 45)', () => {
  it.each(rows)('%s', (_what, type, store, queue, distanceKm, atMs, expected) => {
    expect(deliveryEstimate({ type, store, queue, distanceKm, atMs })).toBe(expected);
  });
});
