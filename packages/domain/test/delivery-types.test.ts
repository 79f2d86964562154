import { describe, expect, it } from 'vitest';
import {
  assertNever,
  DELIVERY_TYPES,
  deliveryTypeLabel,
  isDeliveryType,
  isPickupType,
  STORE_ORDER_TYPES,
  type DeliveryType,
} from '../src/delivery-types.ts';

/** SPEC §1: every delivery type, whether the customer comes to the store, and how it is shown. */
const TABLE: [DeliveryType, boolean, string][] = [
  ['D', false, 'Delivery'],
  ['T', true, 'Takeaway'],
  ['P', true, 'Takeaway/Dine-in'],
  ['DINEIN', true, 'Dine-in'],
  ['CURB', true, 'Drive-n-Pick'],
  ['IRCTC', false, 'Delivery on train'],
];

describe('DELIVERY_TYPES', () => {
  it('lists the six types of SPEC §1 in order', () => {
    expect(DELIVERY_TYPES).toEqual(['D', 'T', 'P', 'DINEIN', 'CURB', 'IRCTC']);
  });

  it('every type is covered by the table below', () => {
    expect(TABLE.map(([t]) => t)).toEqual([...DELIVERY_TYPES]);
  });

  it('a store offers every type but IRCTC', () => {
    expect(STORE_ORDER_TYPES).toEqual(['D', 'T', 'P', 'DINEIN', 'CURB']);
  });
});

describe('isPickupType', () => {
  it.each(TABLE)('%s → %s', (type, pickup) => {
    expect(isPickupType(type)).toBe(pickup);
  });
});

describe('deliveryTypeLabel', () => {
  it.each(TABLE)('%s (pickup %s) → %s', (type, _, label) => {
    expect(deliveryTypeLabel(type)).toBe(label);
  });
});

describe('isDeliveryType', () => {
  it.each(DELIVERY_TYPES)('accepts %s', (type) => {
    expect(isDeliveryType(type)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['lower-case d', 'd'],
    ['a name', 'DELIVERY'],
    ['padded', ' D'],
    ['empty', ''],
    ['a number', 1],
    ['null', null],
    ['undefined', undefined],
    ['an array holding a type', ['D']],
  ])('rejects %s', (_, value) => {
    expect(isDeliveryType(value)).toBe(false);
  });
});

describe('assertNever', () => {
  it('throws naming the unhandled value', () => {
    expect(() => assertNever('X' as never)).toThrow('Unhandled value: X');
  });
});
