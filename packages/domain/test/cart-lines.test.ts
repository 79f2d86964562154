import { describe, expect, it } from 'vitest';
import {
  addLine,
  checkCartLimits,
  lineKey,
  mergeLines,
  normaliseLineInput,
  priceLineInput,
  priceLines,
  repriceLines,
  type RawCartItem,
} from '../src/cart-lines.ts';
import type { CartLine, CartLineInput, InvalidReason } from '../src/cart-model.ts';
import { paise, rupees } from '../src/money.ts';
import {
  CRUST,
  LIST_PRICE_MARKUP,
  PRODUCT,
  SIZE,
  TOPPING,
  makeCartLine,
  makeCatalogue,
  makeCatalogueProduct,
  makeCatalogueProducts,
  makeToppings,
} from './factories.ts';

const { HAND_TOSSED, THIN } = CRUST;
const { REGULAR, MEDIUM, LARGE } = SIZE;
const { ONION, TOMATO, PANEER, CHICKEN, JALAPENO } = TOPPING;

const catalogue = makeCatalogue();

/** A CartLineInput (no itemId, no seen price) from makeCartLine's defaults. */
function input(overrides: Partial<CartLineInput> = {}): CartLineInput {
  const { itemId: _id, seenUnitPrice: _seen, ...rest } = makeCartLine(overrides);
  return rest;
}

describe('lineKey: product code, size, crust, toppings as sets and extra cheese (SPEC §3)', () => {
  it.each<[string, Partial<CartLineInput>, Partial<CartLineInput>]>([
    ['topping order does not matter', { addToppings: [PANEER, CHICKEN] }, { addToppings: [CHICKEN, PANEER] }],
    ['a repeated topping is the same set', { addToppings: [PANEER, PANEER] }, { addToppings: [PANEER] }],
    [
      'removed toppings in any order',
      { removeToppings: [ONION, TOMATO] },
      { removeToppings: [TOMATO, ONION] },
    ],
    [
      'replacements in any order',
      { removeToppings: [ONION, TOMATO], replaceToppings: [PANEER, CHICKEN] },
      { removeToppings: [ONION, TOMATO], replaceToppings: [CHICKEN, PANEER] },
    ],
    ['quantity is not part of it', { quantity: 1 }, { quantity: 4 }],
    ['nor the promo group', { promoGroupId: null }, { promoGroupId: 'g1' }],
  ])('same key: %s', (_, a, b) => {
    expect(lineKey(input(a))).toBe(lineKey(input(b)));
  });

  it.each<[string, Partial<CartLineInput>, Partial<CartLineInput>]>([
    ['product code', { productCode: PRODUCT.MARGHERITA }, { productCode: PRODUCT.CHICKEN }],
    ['size', { sizeId: MEDIUM }, { sizeId: LARGE }],
    ['crust', { crustId: THIN }, { crustId: HAND_TOSSED }],
    ['extra toppings', { addToppings: [PANEER] }, { addToppings: [CHICKEN] }],
    ['an extra topping against none', { addToppings: [PANEER] }, {}],
    ['removed toppings', { removeToppings: [ONION] }, { removeToppings: [TOMATO] }],
    ['replacements', { replaceToppings: [PANEER] }, { replaceToppings: [CHICKEN] }],
    ['the same topping added or as a replacement', { addToppings: [PANEER] }, { replaceToppings: [PANEER] }],
    ['extra cheese', { extraCheese: 1 }, { extraCheese: 2 }],
    ['size and crust swapped', { crustId: 2, sizeId: 3 }, { crustId: 3, sizeId: 2 }],
  ])('different key: %s', (_, a, b) => {
    expect(lineKey(input(a))).not.toBe(lineKey(input(b)));
  });

  it('keeps product codes apart whatever characters they hold', () => {
    expect(lineKey(input({ productCode: 'A","1' }))).not.toBe(lineKey(input({ productCode: 'A' })));
  });
});

describe('mergeLines', () => {
  const a1 = makeCartLine({ itemId: 'a1', quantity: 1 });
  const a2 = makeCartLine({ itemId: 'a2', quantity: 2, addToppings: [] });
  const b = makeCartLine({ itemId: 'b', sizeId: LARGE, quantity: 1 });
  const a3 = makeCartLine({ itemId: 'a3', quantity: 3 });

  it.each<[string, CartLine[], [string, number][]]>([
    [
      'nothing to merge',
      [a1, b],
      [
        ['a1', 1],
        ['b', 1],
      ],
    ],
    ['same item: into the first, quantities summed', [a1, a2], [['a1', 3]]],
    [
      'three of the same around another item',
      [a1, b, a2, a3],
      [
        ['a1', 6],
        ['b', 1],
      ],
    ],
    ['the first in cart order wins', [a2, a1], [['a2', 3]]],
    [
      'lines with a promo group never merge',
      [a1, { ...a2, promoGroupId: 'g1' }, { ...a3, promoGroupId: 'g1' }],
      [
        ['a1', 1],
        ['a2', 2],
        ['a3', 3],
      ],
    ],
    [
      'an ordinary line does not merge into a promo line',
      [{ ...a1, promoGroupId: 'g1' }, a2],
      [
        ['a1', 1],
        ['a2', 2],
      ],
    ],
    [
      'toppings as sets',
      [
        { ...a1, addToppings: [PANEER, CHICKEN] },
        { ...a2, addToppings: [CHICKEN, PANEER] },
      ],
      [['a1', 3]],
    ],
    ['empty', [], []],
  ])('%s', (_, lines, expected) => {
    expect(mergeLines(lines).map((l) => [l.itemId, l.quantity])).toEqual(expected);
  });

  it('keeps the first line’s other fields', () => {
    const first = makeCartLine({ itemId: 'first', seenUnitPrice: paise(21_900) });
    const second = makeCartLine({ itemId: 'second', seenUnitPrice: paise(25_000), quantity: 2 });
    expect(mergeLines([first, second])).toEqual([{ ...first, quantity: 3 }]);
  });

  it('does not change the lines it is given', () => {
    const lines = [makeCartLine({ itemId: 'x' }), makeCartLine({ itemId: 'y' })];
    const before = JSON.parse(JSON.stringify(lines)) as typeof lines;
    mergeLines(lines);
    expect(lines).toEqual(before);
  });

  it('works on inputs without ids', () => {
    expect(mergeLines([input({ quantity: 2 }), input({ quantity: 5 })])).toEqual([input({ quantity: 7 })]);
  });
});

describe('normaliseLineInput', () => {
  const raw = (overrides: Partial<RawCartItem> = {}): RawCartItem => ({
    productCode: PRODUCT.MARGHERITA,
    crustId: THIN,
    sizeId: MEDIUM,
    quantity: 2,
    ...overrides,
  });

  it('reads the SPEC field names, with no promo and nothing extra by default', () => {
    expect(
      normaliseLineInput(
        raw({ addTopngs: [PANEER], remTopngs: [ONION], repTopngs: [CHICKEN], extraCheese: 1 }),
      ),
    ).toEqual(
      input({
        addToppings: [PANEER],
        removeToppings: [ONION],
        replaceToppings: [CHICKEN],
        extraCheese: 1,
        quantity: 2,
      }),
    );
    expect(normaliseLineInput(raw())).toEqual(input({ quantity: 2 }));
  });

  it.each<[string, Partial<RawCartItem>, number | null, number | null]>([
    ['ids given', {}, THIN, MEDIUM],
    [
      'crust from the crust object',
      { crustId: undefined, crust: { crustId: HAND_TOSSED } },
      HAND_TOSSED,
      MEDIUM,
    ],
    ['size from the size object', { sizeId: null, size: { sizeId: LARGE } }, THIN, LARGE],
    [
      'both from the objects',
      { crustId: undefined, sizeId: undefined, crust: { crustId: HAND_TOSSED }, size: { sizeId: REGULAR } },
      HAND_TOSSED,
      REGULAR,
    ],
    [
      'the id wins over the object',
      { crust: { crustId: HAND_TOSSED }, size: { sizeId: LARGE } },
      THIN,
      MEDIUM,
    ],
    ['no crust anywhere', { crustId: undefined, crust: null }, null, null],
    ['no size anywhere', { sizeId: null }, null, null],
    ['neither', { crustId: null, sizeId: null }, null, null],
    ['a crust id that is not a whole number', { crustId: 1.5 }, null, null],
  ])('%s', (_, overrides, crustId, sizeId) => {
    const line = normaliseLineInput(raw(overrides));
    expect(line === null ? null : [line.crustId, line.sizeId]).toEqual(
      crustId === null ? null : [crustId, sizeId],
    );
  });

  it('de-duplicates topping lists, keeping the first of each', () => {
    const line = normaliseLineInput(
      raw({
        addTopngs: [PANEER, CHICKEN, PANEER],
        remTopngs: [ONION, ONION],
        repTopngs: [JALAPENO, JALAPENO],
      }),
    );
    expect(line).toMatchObject({
      addToppings: [PANEER, CHICKEN],
      removeToppings: [ONION],
      replaceToppings: [JALAPENO],
    });
  });
});

describe('addLine', () => {
  const fresh = { itemId: 'new', seenUnitPrice: paise(21_900) };

  it('appends a new item with the fresh id and price', () => {
    const existing = makeCartLine({ itemId: 'old', sizeId: LARGE, seenUnitPrice: paise(42_900) });
    expect(addLine([existing], input({ quantity: 2 }), fresh)).toEqual([
      existing,
      { ...input({ quantity: 2 }), ...fresh },
    ]);
  });

  it('adds to the same item, which keeps its id and the price it was shown at', () => {
    const existing = makeCartLine({ itemId: 'old', quantity: 2, seenUnitPrice: paise(20_000) });
    const other = makeCartLine({ itemId: 'other', sizeId: LARGE });
    expect(addLine([other, existing], input({ quantity: 3 }), fresh)).toEqual([
      other,
      { ...existing, quantity: 5 },
    ]);
  });

  it.each<[string, Partial<CartLine>, Partial<CartLineInput>]>([
    ['the cart line carries a promo', { promoGroupId: 'g1' }, {}],
    ['the new line carries a promo', {}, { promoGroupId: 'g1' }],
    ['both carry the same promo group', { promoGroupId: 'g1' }, { promoGroupId: 'g1' }],
  ])('appends when %s', (_, existing, added) => {
    const lines = addLine([makeCartLine({ itemId: 'old', ...existing })], input(added), fresh);
    expect(lines.map((l) => [l.itemId, l.quantity])).toEqual([
      ['old', 1],
      ['new', 1],
    ]);
  });

  it('does not change the cart it is given', () => {
    const lines = [makeCartLine({ itemId: 'old' })];
    addLine(lines, input(), fresh);
    expect(lines).toEqual([makeCartLine({ itemId: 'old' })]);
  });
});

describe('priceLineInput', () => {
  it.each<[string, Partial<CartLineInput>, number]>([
    ['the variant price', {}, 21_900],
    ['plus extra toppings for the size', { addToppings: [PANEER, JALAPENO] }, 21_900 + 6_500 + 4_000],
    ['plus extra cheese per portion for the size', { extraCheese: 2 }, 21_900 + 2 * 6_500],
    ['removed defaults are free', { removeToppings: [ONION] }, 21_900],
    ['one unit, whatever the quantity', { quantity: 4 }, 21_900],
    ['another product', { productCode: PRODUCT.CHICKEN, crustId: HAND_TOSSED, sizeId: LARGE }, 69_900],
  ])('%s', (_, overrides, unitPrice) => {
    const r = priceLineInput(input(overrides), catalogue);
    expect(r.ok && r.unitPrice).toBe(unitPrice);
    expect(r.ok && r.product.code).toBe(overrides.productCode ?? PRODUCT.MARGHERITA);
  });

  it.each<[string, Partial<CartLineInput>, 'NOT_AVAILABLE' | 'OUT_OF_STOCK']>([
    ['a product the store does not sell', { productCode: 'PIZ9999' }, 'NOT_AVAILABLE'],
    ['a crust and size it does not come in', { crustId: THIN, sizeId: REGULAR }, 'NOT_AVAILABLE'],
    ['an unknown topping', { addToppings: [999] }, 'NOT_AVAILABLE'],
    ['a topping not priced for the size', { sizeId: LARGE, addToppings: [JALAPENO] }, 'NOT_AVAILABLE'],
    ['too much cheese', { extraCheese: 4 }, 'NOT_AVAILABLE'],
    ['removing a topping that is not on it', { removeToppings: [PANEER] }, 'NOT_AVAILABLE'],
    ['a quantity of 0', { quantity: 0 }, 'NOT_AVAILABLE'],
    ['a fractional quantity', { quantity: 1.5 }, 'NOT_AVAILABLE'],
    ['a product out of stock', { productCode: PRODUCT.BROWNIE, crustId: 0, sizeId: 0 }, 'OUT_OF_STOCK'],
  ])('%s → %s', (_, overrides, reason) => {
    expect(priceLineInput(input(overrides), catalogue)).toEqual({ ok: false, reason });
  });

  it('a product out of stock that also cannot be made as asked is not available', () => {
    const store = makeCatalogue([makeCatalogueProduct({ inStock: false })]);
    expect(priceLineInput(input({ addToppings: [999] }), store)).toEqual({
      ok: false,
      reason: 'NOT_AVAILABLE',
    });
    expect(priceLineInput(input(), store)).toEqual({ ok: false, reason: 'OUT_OF_STOCK' });
  });
});

describe('a free pizza (menuType LOYALTY, potpFreeItem)', () => {
  const free = (overrides: Partial<CartLineInput> = {}) =>
    input({ crustId: HAND_TOSSED, sizeId: REGULAR, freeItem: true, ...overrides });

  it.each<[string, Partial<CartLineInput>, number]>([
    ['a regular pizza costs nothing', {}, 0],
    ['its extra toppings are charged for the size', { addToppings: [PANEER] }, 4_500],
    ['its extra cheese is charged', { extraCheese: 1 }, 4_500],
    ['a removed default is free', { removeToppings: [ONION] }, 0],
  ])('%s', (_, overrides, unitPrice) => {
    const r = priceLineInput(free(overrides), catalogue);
    expect(r.ok && r.unitPrice).toBe(unitPrice);
  });

  it.each<[string, Partial<CartLineInput>]>([
    ['a medium pizza', { sizeId: MEDIUM, crustId: HAND_TOSSED }],
    ['a side', { productCode: PRODUCT.BREADSTICKS, crustId: 0, sizeId: 0 }],
    ['a Pizza Mania', { productCode: PRODUCT.MANIA }],
  ])('%s is not free', (_, overrides) => {
    expect(priceLineInput(free(overrides), catalogue)).toEqual({ ok: false, reason: 'NOT_AVAILABLE' });
  });

  it('is kept apart from the same pizza paid for, and shows no strike price', () => {
    expect(lineKey(free())).not.toBe(lineKey({ ...free(), freeItem: false }));
    const merged = mergeLines([free(), { ...free(), freeItem: undefined }, free()]);
    expect(merged.map((l) => [l.freeItem === true, l.quantity])).toEqual([
      [true, 2],
      [false, 1],
    ]);
    const [priced] = priceLines([{ ...free(), itemId: 'a', seenUnitPrice: paise(0) }], catalogue).valid;
    expect(priced).toMatchObject({
      variantPrice: 0,
      regularVariantPrice: 0,
      linePrice: 0,
      regularLinePrice: 0,
    });
  });

  it('is read from a stored item with menuType LOYALTY', () => {
    const raw: RawCartItem = {
      productCode: PRODUCT.MARGHERITA,
      crustId: 1,
      sizeId: 1,
      quantity: 1,
      menuType: 'LOYALTY',
    };
    expect(normaliseLineInput(raw)?.freeItem).toBe(true);
    expect(normaliseLineInput({ ...raw, menuType: null })?.freeItem).toBeUndefined();
  });
});

describe('priceLines', () => {
  it('prices a line seen at today’s price, with its strike price', () => {
    const line = makeCartLine({ quantity: 2, addToppings: [PANEER], seenUnitPrice: paise(21_900 + 6_500) });
    const { valid, invalid } = priceLines([line], catalogue);
    expect(invalid).toEqual([]);
    expect(valid).toEqual([
      {
        line,
        product: catalogue.products.get(PRODUCT.MARGHERITA),
        variantPrice: 21_900,
        regularVariantPrice: 21_900 + LIST_PRICE_MARKUP,
        toppingsPrice: 6_500,
        unitPrice: 28_400,
        linePrice: 56_800,
        regularLinePrice: (21_900 + LIST_PRICE_MARKUP + 6_500) * 2,
      },
    ]);
  });

  it('counts extra cheese in the toppings price', () => {
    const line = makeCartLine({
      extraCheese: 1,
      addToppings: [JALAPENO],
      seenUnitPrice: paise(21_900 + 6_500 + 4_000),
    });
    expect(priceLines([line], catalogue).valid[0]?.toppingsPrice).toBe(6_500 + 4_000);
  });

  it.each<[string, Partial<CartLine>, InvalidReason, number | null]>([
    ['not sold at this store', { productCode: 'PIZ9999' }, 'NOT_AVAILABLE', null],
    ['a variant the store lacks', { crustId: THIN, sizeId: REGULAR }, 'NOT_AVAILABLE', null],
    [
      'out of stock',
      { productCode: PRODUCT.BROWNIE, crustId: 0, sizeId: 0, seenUnitPrice: paise(9_900) },
      'OUT_OF_STOCK',
      null,
    ],
    ['dearer since it was seen', { seenUnitPrice: paise(19_900) }, 'PRICE_CHANGED', 21_900],
    ['cheaper since it was seen', { seenUnitPrice: paise(25_000) }, 'PRICE_CHANGED', 21_900],
    [
      'a topping price moved',
      { addToppings: [PANEER], seenUnitPrice: paise(21_900) },
      'PRICE_CHANGED',
      28_400,
    ],
  ])('%s → %s', (_, overrides, reason, currentUnitPrice) => {
    const line = makeCartLine(overrides);
    expect(priceLines([line], catalogue)).toEqual({
      valid: [],
      invalid: [{ line, reason, currentUnitPrice }],
    });
  });

  it('keeps cart order in both lists', () => {
    const lines = [
      makeCartLine({ itemId: 'ok-1' }),
      makeCartLine({ itemId: 'gone', productCode: 'PIZ9999' }),
      makeCartLine({ itemId: 'ok-2', sizeId: LARGE, seenUnitPrice: paise(42_900) }),
      makeCartLine({ itemId: 'moved', seenUnitPrice: paise(1) }),
    ];
    const { valid, invalid } = priceLines(lines, catalogue);
    expect(valid.map((l) => l.line.itemId)).toEqual(['ok-1', 'ok-2']);
    expect(invalid.map((l) => [l.line.itemId, l.reason])).toEqual([
      ['gone', 'NOT_AVAILABLE'],
      ['moved', 'PRICE_CHANGED'],
    ]);
  });

  it('uses the store’s own prices: another store’s catalogue changes the price', () => {
    const dearer = makeCatalogue(
      makeCatalogueProducts().map((p) =>
        p.code === PRODUCT.MARGHERITA
          ? { ...p, variants: p.variants.map((v) => ({ ...v, price: paise(v.price + 1_000) })) }
          : p,
      ),
      makeToppings(),
    );
    expect(priceLines([makeCartLine()], dearer).invalid[0]).toMatchObject({
      reason: 'PRICE_CHANGED',
      currentUnitPrice: 22_900,
    });
  });
});

describe('repriceLines', () => {
  it('takes today’s price for every line that can be priced and leaves the others', () => {
    const moved = makeCartLine({ itemId: 'moved', seenUnitPrice: paise(1) });
    const same = makeCartLine({ itemId: 'same' });
    const gone = makeCartLine({ itemId: 'gone', productCode: 'PIZ9999', seenUnitPrice: paise(5) });
    const out = makeCartLine({
      itemId: 'out',
      productCode: PRODUCT.BROWNIE,
      crustId: 0,
      sizeId: 0,
      seenUnitPrice: paise(7),
    });
    const repriced = repriceLines([moved, same, gone, out], catalogue);
    expect(repriced).toEqual([{ ...moved, seenUnitPrice: 21_900 }, same, gone, out]);
    expect(priceLines(repriced, catalogue).valid.map((l) => l.line.itemId)).toEqual(['moved', 'same']);
  });
});

describe('checkCartLimits (SPEC §9: 25 items, ₹5000)', () => {
  const items = 'Your cart can hold up to 25 items. Remove one to add another.';
  const price = 'An order can be worth up to ₹5,000. Remove something to add this.';
  it.each<[string, number[], number, ReturnType<typeof checkCartLimits>]>([
    ['an ordinary cart', [1, 2], rupees(600), { ok: true }],
    ['exactly 25 items', [20, 5], rupees(1000), { ok: true }],
    ['26 items', [20, 6], rupees(1000), { ok: false, code: 'MAX_ITEMS', displayMsg: items }],
    ['26 on one line', [26], rupees(1000), { ok: false, code: 'MAX_ITEMS', displayMsg: items }],
    ['exactly ₹5000', [3], rupees(5000), { ok: true }],
    ['₹5000.01', [3], paise(500_001), { ok: false, code: 'MAX_PRICE', displayMsg: price }],
    ['both over: items is reported', [30], rupees(9000), { ok: false, code: 'MAX_ITEMS', displayMsg: items }],
    ['an empty cart', [], paise(0), { ok: true }],
  ])('%s', (_, quantities, subTotal, expected) => {
    expect(
      checkCartLimits(
        quantities.map((quantity) => ({ quantity })),
        paise(subTotal),
      ),
    ).toEqual(expected);
  });
});
