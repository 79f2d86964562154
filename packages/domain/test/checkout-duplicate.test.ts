import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findDuplicateOrder,
  isDuplicateOrder,
  orderItemsKey,
  type OrderForDuplicateCheck,
  type OrderItem,
  type RecentOrder,
} from '../src/checkout-duplicate.ts';
import { CRUST, SIZE, TOPPING } from './factories.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2025, 0, 15, 12, 0);

const item = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  productCode: 'PIZ0001',
  sizeId: SIZE.MEDIUM,
  crustId: CRUST.HAND_TOSSED,
  addToppings: [],
  removeToppings: [],
  replaceToppings: [],
  extraCheese: 0,
  quantity: 1,
  ...overrides,
});

const MARGHERITA = item();
const PANEER_LARGE = item({
  productCode: 'PIZ0002',
  sizeId: SIZE.LARGE,
  addToppings: [TOPPING.PANEER, TOPPING.CAPSICUM],
  quantity: 2,
});
const GARLIC_BREAD = item({ productCode: 'SID0001', sizeId: 0, crustId: 0 });

const ORDER: OrderForDuplicateCheck = {
  customerId: 'user-1',
  mobile: '9876543210',
  items: [MARGHERITA, PANEER_LARGE, GARLIC_BREAD],
};

const recent = (overrides: Partial<RecentOrder> = {}): RecentOrder => ({
  ...ORDER,
  placedAtMs: NOW - 10 * MINUTE,
  status: 'PENDING',
  ...overrides,
});

describe('the window: 30 minutes by default, the far end exclusive', () => {
  it.each<[string, number, number | undefined, boolean]>([
    ['placed just now', NOW, undefined, true],
    ['10 minutes ago', NOW - 10 * MINUTE, undefined, true],
    ['29:59.999 ago', NOW - 30 * MINUTE + 1, undefined, true],
    ['exactly 30 minutes ago', NOW - 30 * MINUTE, undefined, false],
    ['31 minutes ago', NOW - 31 * MINUTE, undefined, false],
    ['stamped a minute after now (clock skew)', NOW + MINUTE, undefined, true],
    ['4 minutes ago, 5-minute window (config default)', NOW - 4 * MINUTE, 5, true],
    ['5 minutes ago, 5-minute window', NOW - 5 * MINUTE, 5, false],
    ['just now, 0-minute window', NOW, 0, false],
    ['a minute after now, 0-minute window', NOW + MINUTE, 0, false],
  ])('%s → %s', (_, placedAtMs, windowMinutes, expected) => {
    expect(isDuplicateOrder(ORDER, [recent({ placedAtMs })], NOW, windowMinutes)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a window of %s', (w) => {
    expect(() => isDuplicateOrder(ORDER, [], NOW, w)).toThrow(RangeError);
  });
});

describe('same customer, or the same mobile when a guest is involved', () => {
  it.each<[string, Partial<OrderForDuplicateCheck>, Partial<RecentOrder>, boolean]>([
    ['the same customer id', {}, {}, true],
    ['the same id, another mobile', {}, { mobile: '9123456789' }, true],
    ['another id, the same mobile', {}, { customerId: 'user-2' }, false],
    ['two guests with the same mobile', { customerId: null }, { customerId: null }, true],
    [
      'two guests with other mobiles',
      { customerId: null },
      { customerId: null, mobile: '9123456789' },
      false,
    ],
    ['a guest now, logged in before, same mobile', { customerId: null }, {}, true],
    ['logged in now, a guest before, same mobile', {}, { customerId: null }, true],
    ['a guest, the mobile with +91 and spaces', { customerId: null }, { mobile: '+91 98765 43210' }, true],
    ['guests with no mobile', { customerId: null, mobile: '' }, { customerId: null, mobile: '' }, false],
    [
      'guests with a short mobile',
      { customerId: null, mobile: '98765' },
      { customerId: null, mobile: '98765' },
      false,
    ],
  ])('%s → %s', (_, now, before, expected) => {
    expect(isDuplicateOrder({ ...ORDER, ...now }, [recent(before)], NOW)).toBe(expected);
  });
});

describe('same items: codes, sizes, crusts, toppings and quantities, in any order', () => {
  it.each<[string, OrderItem[], boolean]>([
    ['the same lines', [MARGHERITA, PANEER_LARGE, GARLIC_BREAD], true],
    ['the lines in another order', [GARLIC_BREAD, MARGHERITA, PANEER_LARGE], true],
    [
      'toppings listed in another order',
      [MARGHERITA, { ...PANEER_LARGE, addToppings: [11, 10] }, GARLIC_BREAD],
      true,
    ],
    [
      'a line split in two',
      [MARGHERITA, { ...PANEER_LARGE, quantity: 1 }, GARLIC_BREAD, { ...PANEER_LARGE, quantity: 1 }],
      true,
    ],
    ['one more pizza', [MARGHERITA, { ...PANEER_LARGE, quantity: 3 }, GARLIC_BREAD], false],
    ['a line missing', [MARGHERITA, PANEER_LARGE], false],
    ['a line more', [MARGHERITA, PANEER_LARGE, GARLIC_BREAD, item({ productCode: 'BEV0001' })], false],
    ['another size', [{ ...MARGHERITA, sizeId: SIZE.LARGE }, PANEER_LARGE, GARLIC_BREAD], false],
    ['another crust', [{ ...MARGHERITA, crustId: CRUST.THIN }, PANEER_LARGE, GARLIC_BREAD], false],
    ['another product', [{ ...MARGHERITA, productCode: 'PIZ0003' }, PANEER_LARGE, GARLIC_BREAD], false],
    [
      'a topping added',
      [{ ...MARGHERITA, addToppings: [TOPPING.CHICKEN] }, PANEER_LARGE, GARLIC_BREAD],
      false,
    ],
    [
      'a topping removed',
      [{ ...MARGHERITA, removeToppings: [TOPPING.ONION] }, PANEER_LARGE, GARLIC_BREAD],
      false,
    ],
    [
      'a topping replaced',
      [{ ...MARGHERITA, replaceToppings: [TOPPING.TOMATO] }, PANEER_LARGE, GARLIC_BREAD],
      false,
    ],
    ['extra cheese', [{ ...MARGHERITA, extraCheese: 1 }, PANEER_LARGE, GARLIC_BREAD], false],
  ])('%s → %s', (_, items, expected) => {
    expect(isDuplicateOrder({ ...ORDER, items }, [recent()], NOW)).toBe(expected);
  });

  it('an empty order duplicates nothing, not even an empty one', () => {
    expect(isDuplicateOrder({ ...ORDER, items: [] }, [recent({ items: [] })], NOW)).toBe(false);
    expect(
      isDuplicateOrder({ ...ORDER, items: [{ ...MARGHERITA, quantity: 0 }] }, [recent({ items: [] })], NOW),
    ).toBe(false);
  });
});

describe('failed and cancelled orders are never duplicates', () => {
  it.each<[string, boolean]>([
    ['PENDING', true],
    ['INPROCESS', true],
    ['ADVANCE ORDER', true],
    ['DELIVERED', true],
    ['PICKED', true],
    ['FAILED', false],
    ['CANCELLED', false],
    ['cancelled', false],
    ['Failed', false],
  ])('%s → %s', (status, expected) => {
    expect(isDuplicateOrder(ORDER, [recent({ status })], NOW)).toBe(expected);
  });
});

describe('findDuplicateOrder: the latest matching order', () => {
  it('skips what does not match and returns the most recent match', () => {
    const orders = [
      recent({ placedAtMs: NOW - 20 * MINUTE, status: 'DELIVERED' }),
      recent({ placedAtMs: NOW - 2 * MINUTE, status: 'FAILED' }),
      recent({ placedAtMs: NOW - 5 * MINUTE, status: 'INPROCESS' }),
      recent({ placedAtMs: NOW - 1 * MINUTE, customerId: 'user-2' }),
      recent({ placedAtMs: NOW - 40 * MINUTE }),
    ];
    expect(findDuplicateOrder(ORDER, orders, NOW)).toBe(orders[2]);
    expect(findDuplicateOrder(ORDER, [], NOW)).toBeUndefined();
  });
});

// ---------------------------------------------------------------- properties

const orderItem: fc.Arbitrary<OrderItem> = fc.record({
  productCode: fc.constantFrom('PIZ0001', 'PIZ0002', 'SID0001'),
  sizeId: fc.constantFrom(SIZE.REGULAR, SIZE.MEDIUM, SIZE.LARGE),
  crustId: fc.constantFrom(CRUST.HAND_TOSSED, CRUST.THIN),
  addToppings: fc.shuffledSubarray([TOPPING.PANEER, TOPPING.CAPSICUM, TOPPING.CHICKEN]),
  removeToppings: fc.shuffledSubarray([TOPPING.ONION, TOPPING.TOMATO]),
  replaceToppings: fc.constant([]),
  extraCheese: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 5 }),
});
const items = fc.array(orderItem, { minLength: 1, maxLength: 8 });

describe('isDuplicateOrder (property): line order never matters', () => {
  it('any reordering of the new order’s lines, or of the earlier order’s, gives the same answer', () => {
    fc.assert(
      fc.property(
        items.chain((ls) => fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length }))),
        items,
        fc.integer({ min: 0, max: 29 * MINUTE }),
        ([original, shuffled], other, age) => {
          const before = recent({ items: original, placedAtMs: NOW - age });
          expect(isDuplicateOrder({ ...ORDER, items: shuffled }, [before], NOW)).toBe(true);
          const a = isDuplicateOrder({ ...ORDER, items: other }, [before], NOW);
          const b = isDuplicateOrder({ ...ORDER, items: other }, [{ ...before, items: shuffled }], NOW);
          expect(a).toBe(b);
          expect(a).toBe(orderItemsKey(other) === orderItemsKey(original));
        },
      ),
    );
  });
});

describe('isDuplicateOrder (property): placed in (now − window, now] or later; now − window itself is out', () => {
  it('an order is a duplicate exactly when it is less than the window old', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: -5 * MINUTE, max: 150 * MINUTE }),
        (windowMinutes, age) => {
          const duplicate = isDuplicateOrder(ORDER, [recent({ placedAtMs: NOW - age })], NOW, windowMinutes);
          expect(duplicate).toBe(Math.max(0, age) < windowMinutes * MINUTE);
        },
      ),
    );
  });

  it('at the bound: window − 1 ms is in, the window itself is out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 60 }), (windowMinutes) => {
        const at = (age: number) => recent({ placedAtMs: NOW - age });
        expect(isDuplicateOrder(ORDER, [at(windowMinutes * MINUTE - 1)], NOW, windowMinutes)).toBe(true);
        expect(isDuplicateOrder(ORDER, [at(windowMinutes * MINUTE)], NOW, windowMinutes)).toBe(false);
      }),
    );
  });
});
