import { expect } from 'vitest';
import type { CartItemInput } from '@crust/contract/cart';
import type { TestApp } from './helpers.ts';
import {
  BREADSTICKS,
  CRUST,
  FARMHOUSE,
  LAVA_CAKE,
  MARGHERITA,
  PEPPY_PANEER,
  PEPSI,
  SIZE,
  cartClient,
  pizza,
  side,
  type Guest,
} from './cart-support.ts';

/** Ten lines that never merge with each other nor with the storm's repeated Pepsi. */
const DISTINCT: CartItemInput[] = [
  pizza(FARMHOUSE, SIZE.R),
  pizza(MARGHERITA, SIZE.R),
  pizza(PEPPY_PANEER, SIZE.R),
  pizza(FARMHOUSE, SIZE.R, 1, { crustId: CRUST.FRESH_PAN }),
  pizza(MARGHERITA, SIZE.R, 1, { crustId: CRUST.FRESH_PAN }),
  pizza(PEPPY_PANEER, SIZE.R, 1, { crustId: CRUST.FRESH_PAN }),
  pizza(MARGHERITA, SIZE.M),
  side(BREADSTICKS),
  side(LAVA_CAKE),
  pizza(FARMHOUSE, SIZE.M),
];
const SAME_ITEM_ADDS = 12;
const TIP = 3000;

/**
 * Thirty writes at once on one cart (issue 28 §9): ten adds of different items, twelve adds of the same item, three
 * removals of the lines the cart started with and five tip changes. `clientFor(i)` picks the server of write i. The
 * cart never holds more than SPEC §9's 25 units on the way, so every write must succeed, and the cart ends as
 * exactly their sum, its version moved once per write.
 */
export async function cartStorm(guest: Guest, clientFor: (i: number) => TestApp): Promise<void> {
  const c = cartClient(clientFor(0), guest);
  const start = c.ok(
    await c.create([pizza(MARGHERITA, SIZE.L), pizza(PEPPY_PANEER, SIZE.L), pizza(FARMHOUSE, SIZE.L)]),
  );
  const writes: ((client: ReturnType<typeof cartClient>) => ReturnType<typeof c.add>)[] = [
    ...DISTINCT.map((item) => (x: typeof c) => x.add(start.cartId, item)),
    ...Array.from({ length: SAME_ITEM_ADDS }, () => (x: typeof c) => x.add(start.cartId, side(PEPSI))),
    ...start.validItems.map((line) => (x: typeof c) => x.remove(start.cartId, line.itemId)),
    ...Array.from({ length: 5 }, () => (x: typeof c) => x.put(start.cartId, { tip: { tipAmount: TIP } })),
  ];
  expect(writes).toHaveLength(30);
  const answers = await Promise.all(writes.map((write, i) => write(cartClient(clientFor(i), guest))));
  for (const answer of answers) expect(answer.status, JSON.stringify(answer)).toBe('SUCCESS');

  const final = await c.get(start.cartId);
  expect(final.version).toBe(start.version + writes.length);
  expect(final.tip.tipAmount).toBe(TIP);
  const quantities = new Map(
    final.validItems.map((l) => [`${l.product.code}/${l.crustId}/${l.sizeId}`, l.quantity]),
  );
  const expected = new Map([
    ...DISTINCT.map((i) => [`${i.productCode}/${i.crustId}/${i.sizeId}`, 1] as const),
    [`${PEPSI}/${CRUST.STANDARD}/${SIZE.STD}`, SAME_ITEM_ADDS] as const,
  ]);
  expect(quantities).toEqual(expected);
}
