import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DELIVERY_TYPES } from '../src/delivery-types.ts';
import {
  canMove,
  isAdvanceWaiting,
  keepsPolling,
  nextStage,
  ORDER_LABELS,
  ORDER_STAGES,
  orderLabel,
  stageCode,
  stagesFor,
  type OrderStage,
} from '../src/order-lifecycle.ts';

const MIN = 60_000;

describe('stages and codes (SPEC §4 Tracker)', () => {
  it.each([
    ['CONFIRMED', 1],
    ['BEING_BAKED', 2],
    ['DISPATCHED', 4],
    ['READY', 4],
    ['CANCELLED', 5],
    ['DELIVERED', 9],
    ['PICKED_UP', 9],
  ] as const)('%s is %i', (stage, code) => {
    expect(stageCode(stage)).toBe(code);
  });

  it('delivery ends delivered; takeaway, dine-in and curbside end picked up', () => {
    expect(stagesFor('D')).toEqual(['CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'DELIVERED']);
    for (const type of ['T', 'P', 'DINEIN', 'CURB'] as const)
      expect(stagesFor(type)).toEqual(['CONFIRMED', 'BEING_BAKED', 'READY', 'PICKED_UP']);
  });
});

describe('transitions', () => {
  it.each([
    ['CONFIRMED', 'BEING_BAKED', 'D', true],
    ['BEING_BAKED', 'DISPATCHED', 'D', true],
    ['DISPATCHED', 'DELIVERED', 'D', true],
    ['BEING_BAKED', 'READY', 'T', true],
    ['READY', 'PICKED_UP', 'CURB', true],
    ['CONFIRMED', 'DISPATCHED', 'D', false], // no skipping
    ['BEING_BAKED', 'CONFIRMED', 'D', false], // no going back
    ['BEING_BAKED', 'READY', 'D', false], // not this type's stage
    ['BEING_BAKED', 'DISPATCHED', 'T', false],
    ['DISPATCHED', 'CANCELLED', 'D', true],
    ['CONFIRMED', 'CANCELLED', 'P', true],
    ['DELIVERED', 'CANCELLED', 'D', false], // final
    ['CANCELLED', 'CONFIRMED', 'D', false],
    ['PICKED_UP', 'READY', 'T', false],
    ['DISPATCHED', 'UNDELIVERED', 'IRCTC', true], // the train left before the handover
    ['CONFIRMED', 'UNDELIVERED', 'IRCTC', true],
    ['DISPATCHED', 'UNDELIVERED', 'D', false], // only train orders
    ['DELIVERED', 'UNDELIVERED', 'IRCTC', false],
    ['UNDELIVERED', 'CANCELLED', 'IRCTC', false], // final
  ] as const)('%s → %s (%s): %s', (from, to, type, allowed) => {
    expect(canMove(from, to, type)).toBe(allowed);
  });

  it('next walks each type to its end and stops', () => {
    for (const type of DELIVERY_TYPES) {
      const walked: OrderStage[] = ['CONFIRMED'];
      for (let s = nextStage('CONFIRMED', type); s; s = nextStage(s, type)) walked.push(s);
      expect(walked).toEqual(stagesFor(type));
    }
  });

  it('never moves backwards: any allowed move raises the code or cancels', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STAGES),
        fc.constantFrom(...ORDER_STAGES),
        fc.constantFrom(...DELIVERY_TYPES),
        (from, to, type) => {
          if (!canMove(from, to, type)) return;
          expect(to === 'CANCELLED' || stageCode(to) > stageCode(from)).toBe(true);
        },
      ),
    );
  });
});

describe('order labels (SPEC §4)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [{ status: 'FAILED', stage: null, slotMs: null }, ORDER_LABELS.FAILED],
    [{ status: 'CANCELLED', stage: null, slotMs: null }, 'CANCELLED'],
    [{ status: 'PAYMENT_PENDING', stage: null, slotMs: null }, 'pending confirmation'],
    [{ status: 'PLACED', stage: 'CONFIRMED', slotMs: null }, 'Order Placed'],
    [{ status: 'PLACED', stage: 'BEING_BAKED', slotMs: null }, 'INPROCESS'],
    [{ status: 'PLACED', stage: 'READY', slotMs: null }, 'INPROCESS'],
    [{ status: 'PLACED', stage: 'DELIVERED', slotMs: null }, 'DELIVERED'],
    [{ status: 'PLACED', stage: 'PICKED_UP', slotMs: null }, 'Picked Up'],
    [{ status: 'PLACED', stage: 'CANCELLED', slotMs: null }, 'CANCELLED'],
    [{ status: 'PLACED', stage: 'CONFIRMED', slotMs: now + 31 * MIN }, 'ADVANCE ORDER'],
    [{ status: 'PLACED', stage: 'CONFIRMED', slotMs: now + 30 * MIN }, 'Order Placed'],
  ] as const)('%o → %s', (order, label) => {
    expect(orderLabel(order, now)).toBe(label);
  });

  it('an advance order waits until 30 minutes before its slot', () => {
    const slot = Date.parse('2026-11-23T13:00:00Z');
    expect(isAdvanceWaiting(slot, slot - 31 * MIN)).toBe(true);
    expect(isAdvanceWaiting(slot, slot - 30 * MIN)).toBe(false);
    expect(isAdvanceWaiting(null, slot)).toBe(false);
  });
});

describe('tracker polling (SPEC §4 Tracker)', () => {
  it.each([
    [null, true],
    ['CONFIRMED', true],
    ['BEING_BAKED', true],
    ['DISPATCHED', true],
    ['READY', true],
    ['CANCELLED', true], // "treated like the polling stages"
    ['DELIVERED', false],
    ['PICKED_UP', false],
  ] as const)('%s keeps polling: %s', (stage, polls) => {
    expect(keepsPolling(stage)).toBe(polls);
  });

  it('every stage has an answer', () => {
    for (const stage of ORDER_STAGES) expect(typeof keepsPolling(stage)).toBe('boolean');
  });
});
