import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRA_CHEESE_ITEM_ID } from '../src/constants.ts';
import {
  defaultCustomisation,
  effectiveFoodType,
  findVariant,
  priceCustomisation,
  replaceTopping,
  selectCrust,
  selectSize,
  setExtraCheese,
  toggleTopping,
  validateCustomisation,
  type CustomisableProduct,
  type Customisation,
  type CustomisationError,
  type PricedTopping,
} from '../src/customise.ts';
import { paise } from '../src/money.ts';
import {
  CRUST,
  SIZE,
  TOPPING,
  makeCustomisation,
  makeProduct,
  makeTopping,
  makeToppings,
} from './factories.ts';

const { HAND_TOSSED, THIN, PAN, CHEESE_BURST } = CRUST;
const { REGULAR, MEDIUM, LARGE } = SIZE;
const { ONION, TOMATO, PANEER, CAPSICUM, CHICKEN, JALAPENO } = TOPPING;
const CHEESE = EXTRA_CHEESE_ITEM_ID;

const product = makeProduct();
const mania = makeProduct({ code: 'PIZ0501', isReplaceable: true });
const toppings = makeToppings();

/** The line price, failing the test when the customisation does not price. */
function linePrice(
  p: CustomisableProduct,
  c: Customisation,
  t: ReadonlyMap<number, PricedTopping> = toppings,
): number {
  const result = priceCustomisation(p, c, t);
  if (!result.ok) throw new Error(`did not price: ${JSON.stringify(result.errors)}`);
  return result.price.linePrice;
}

describe('findVariant', () => {
  it.each<[number, number, number | undefined]>([
    [HAND_TOSSED, REGULAR, 9_900],
    [THIN, LARGE, 42_900],
    [THIN, REGULAR, undefined],
    [99, REGULAR, undefined],
  ])('crust %d size %d → %s', (crustId, sizeId, price) => {
    expect(findVariant(product, crustId, sizeId)?.price).toBe(price);
  });
});

describe('defaultCustomisation', () => {
  it('picks the cheapest variant, with nothing changed and quantity 1', () => {
    expect(defaultCustomisation(product)).toEqual(
      makeCustomisation({ crustId: HAND_TOSSED, sizeId: REGULAR }),
    );
  });

  it.each<[string, CustomisableProduct['variants'], number, number]>([
    [
      'cheapest wherever it is listed',
      [
        { crustId: 1, sizeId: 3, price: paise(30_000) },
        { crustId: 2, sizeId: 2, price: paise(10_000) },
        { crustId: 1, sizeId: 1, price: paise(20_000) },
      ],
      2,
      2,
    ],
    [
      'a price tie goes to the smaller size',
      [
        { crustId: 1, sizeId: 2, price: paise(10_000) },
        { crustId: 2, sizeId: 1, price: paise(10_000) },
      ],
      2,
      1,
    ],
    [
      'a tie in price and size goes to the lower crust id',
      [
        { crustId: 3, sizeId: 1, price: paise(10_000) },
        { crustId: 2, sizeId: 1, price: paise(10_000) },
      ],
      2,
      1,
    ],
  ])('%s', (_, variants, crustId, sizeId) => {
    const c = defaultCustomisation(makeProduct({ variants }));
    expect([c.crustId, c.sizeId]).toEqual([crustId, sizeId]);
  });

  it('throws for a product without variants', () => {
    expect(() => defaultCustomisation(makeProduct({ variants: [] }))).toThrow(/no variants/);
  });

  it('is valid and prices at the variant price', () => {
    const c = defaultCustomisation(product);
    expect(validateCustomisation(product, c, toppings)).toEqual([]);
    expect(linePrice(product, c)).toBe(9_900);
  });

  it('does not reorder the product variants', () => {
    const variants = product.variants.map((v) => ({ ...v }));
    defaultCustomisation(product);
    expect(product.variants).toEqual(variants);
  });
});

describe('selectCrust', () => {
  it.each<[string, Partial<Customisation>, number, number, number]>([
    ['keeps the size when the crust comes in it', { sizeId: MEDIUM }, THIN, THIN, MEDIUM],
    ['keeps the size (large)', { sizeId: LARGE }, PAN, PAN, LARGE],
    ['else the cheapest size of that crust', { sizeId: REGULAR }, THIN, THIN, MEDIUM],
    ['else the only size of that crust', { sizeId: MEDIUM }, PAN, PAN, LARGE],
    [
      'else the only size of that crust (cheese burst)',
      { crustId: THIN, sizeId: LARGE },
      CHEESE_BURST,
      CHEESE_BURST,
      REGULAR,
    ],
    ['an unknown crust changes nothing', { sizeId: MEDIUM }, 99, HAND_TOSSED, MEDIUM],
  ])('%s', (_, from, crustId, expectedCrust, expectedSize) => {
    const c = selectCrust(product, makeCustomisation(from), crustId, toppings);
    expect([c.crustId, c.sizeId]).toEqual([expectedCrust, expectedSize]);
    expect(findVariant(product, c.crustId, c.sizeId)).toBeDefined();
  });

  it('keeps toppings, cheese and quantity when all stay priced', () => {
    const from = makeCustomisation({
      sizeId: MEDIUM,
      addToppings: [PANEER, JALAPENO],
      extraCheese: 2,
      quantity: 3,
    });
    expect(selectCrust(product, from, THIN, toppings)).toEqual({ ...from, crustId: THIN });
  });

  it('drops toppings not priced for the new size and resets extra cheese when cheese is not priced', () => {
    const from = makeCustomisation({ sizeId: MEDIUM, addToppings: [JALAPENO, PANEER], extraCheese: 2 });
    expect(selectCrust(product, from, PAN, toppings)).toEqual({
      ...from,
      crustId: PAN,
      sizeId: LARGE,
      addToppings: [PANEER],
      extraCheese: 0,
    });
  });
});

describe('selectSize', () => {
  it.each<[string, Partial<Customisation>, number, number, number]>([
    [
      'keeps the crust when it comes in the size',
      { crustId: HAND_TOSSED, sizeId: REGULAR },
      LARGE,
      HAND_TOSSED,
      LARGE,
    ],
    ['keeps the crust (thin)', { crustId: THIN, sizeId: MEDIUM }, LARGE, THIN, LARGE],
    // regular comes in cheese burst (listed first, ₹159) and hand tossed (₹99)
    [
      'else the cheapest crust of that size',
      { crustId: THIN, sizeId: MEDIUM },
      REGULAR,
      HAND_TOSSED,
      REGULAR,
    ],
    ['else the only crust of that size', { crustId: PAN, sizeId: LARGE }, MEDIUM, HAND_TOSSED, MEDIUM],
    ['an unknown size changes nothing', { crustId: THIN, sizeId: MEDIUM }, 99, THIN, MEDIUM],
  ])('%s', (_, from, sizeId, expectedCrust, expectedSize) => {
    const c = selectSize(product, makeCustomisation(from), sizeId, toppings);
    expect([c.crustId, c.sizeId]).toEqual([expectedCrust, expectedSize]);
    expect(findVariant(product, c.crustId, c.sizeId)).toBeDefined();
  });

  it('drops toppings not priced for the new size and resets extra cheese when cheese is not priced', () => {
    const from = makeCustomisation({
      addToppings: [CHICKEN, JALAPENO, CAPSICUM],
      extraCheese: 3,
      quantity: 2,
    });
    expect(selectSize(product, from, LARGE, toppings)).toEqual({
      ...from,
      sizeId: LARGE,
      addToppings: [CHICKEN, CAPSICUM],
      extraCheese: 0,
    });
  });

  it('keeps extra cheese when cheese is priced for the new size', () => {
    const from = makeCustomisation({ extraCheese: 3 });
    expect(selectSize(product, from, MEDIUM, toppings).extraCheese).toBe(3);
  });

  it('drops a topping unknown to the topping list', () => {
    const from = makeCustomisation({ addToppings: [999, PANEER] });
    expect(selectSize(product, from, MEDIUM, toppings).addToppings).toEqual([PANEER]);
  });

  it('leaves removed defaults off and keeps free replacements priced for the new size', () => {
    const from = makeCustomisation({ removeToppings: [ONION, TOMATO], replaceToppings: [CHICKEN, JALAPENO] });
    const c = selectSize(mania, from, LARGE, toppings);
    expect(c.removeToppings).toEqual([ONION, TOMATO]);
    // jalapeno has no large price: it comes off so the pizza still prices
    expect(c.replaceToppings).toEqual([CHICKEN]);
    expect(validateCustomisation(mania, c, toppings)).toEqual([]);
  });

  it('always lands on a variant the product has and prices (property)', () => {
    const sizes = fc.constantFrom<number>(REGULAR, MEDIUM, LARGE, 99);
    const crusts = fc.constantFrom<number>(HAND_TOSSED, THIN, PAN, CHEESE_BURST, 99);
    const steps = fc.array(
      fc.oneof(
        sizes.map((s) => ['size', s] as const),
        crusts.map((k) => ['crust', k] as const),
      ),
    );
    const extras = fc.subarray([PANEER, CAPSICUM, CHICKEN, JALAPENO]);
    fc.assert(
      fc.property(steps, extras, fc.integer({ min: 0, max: 3 }), (path, addToppings, extraCheese) => {
        let c = makeCustomisation({ addToppings, extraCheese });
        for (const [kind, id] of path)
          c = kind === 'size' ? selectSize(product, c, id, toppings) : selectCrust(product, c, id, toppings);
        expect(validateCustomisation(product, c, toppings)).toEqual([]);
      }),
    );
  });
});

describe('toggleTopping', () => {
  const base = makeCustomisation();

  describe('on a default topping', () => {
    it('takes it off, free', () => {
      const c = toggleTopping(product, base, ONION);
      expect(c).toEqual({ ...base, removeToppings: [ONION] });
      expect(linePrice(product, c)).toBe(9_900);
    });

    it('puts it back', () => {
      expect(toggleTopping(product, toggleTopping(product, base, ONION), ONION)).toEqual(base);
    });

    it('takes off a second default after the first', () => {
      const c = toggleTopping(product, toggleTopping(product, base, ONION), TOMATO);
      expect(c.removeToppings).toEqual([ONION, TOMATO]);
    });

    it('putting one back drops the newest replacement when more replacements than removed defaults would remain', () => {
      const c = makeCustomisation({ removeToppings: [ONION, TOMATO], replaceToppings: [PANEER, CHICKEN] });
      expect(toggleTopping(mania, c, ONION)).toEqual({
        ...c,
        removeToppings: [TOMATO],
        replaceToppings: [PANEER],
      });
    });

    it('putting one back keeps replacements that are still covered', () => {
      const c = makeCustomisation({ removeToppings: [ONION, TOMATO], replaceToppings: [PANEER] });
      expect(toggleTopping(mania, c, TOMATO)).toEqual({
        ...c,
        removeToppings: [ONION],
        replaceToppings: [PANEER],
      });
    });

    it('leaves extra toppings alone', () => {
      const c = makeCustomisation({ addToppings: [PANEER] });
      expect(toggleTopping(product, c, ONION).addToppings).toEqual([PANEER]);
    });
  });

  describe('on any other topping', () => {
    it('adds it as a paid extra', () => {
      const c = toggleTopping(product, base, PANEER);
      expect(c).toEqual({ ...base, addToppings: [PANEER] });
      expect(linePrice(product, c)).toBe(9_900 + 4_500);
    });

    it('adds after the ones already there', () => {
      expect(
        toggleTopping(product, makeCustomisation({ addToppings: [PANEER] }), CHICKEN).addToppings,
      ).toEqual([PANEER, CHICKEN]);
    });

    it('takes it away again', () => {
      const c = makeCustomisation({ addToppings: [PANEER, CHICKEN, CAPSICUM] });
      expect(toggleTopping(product, c, CHICKEN)).toEqual({ ...c, addToppings: [PANEER, CAPSICUM] });
    });

    it('leaves removed defaults alone', () => {
      const c = makeCustomisation({ removeToppings: [ONION] });
      expect(toggleTopping(product, c, PANEER).removeToppings).toEqual([ONION]);
    });
  });

  it('does not change the customisation it is given', () => {
    const c = makeCustomisation({ addToppings: [PANEER], removeToppings: [ONION] });
    const before = JSON.parse(JSON.stringify(c)) as typeof c;
    toggleTopping(product, c, PANEER);
    toggleTopping(product, c, ONION);
    expect(c).toEqual(before);
  });
});

describe('replaceTopping', () => {
  const base = makeCustomisation();
  const onionOff = makeCustomisation({ removeToppings: [ONION] });

  it('on a replaceable product, takes the default off and puts the other on, free', () => {
    const c = replaceTopping(mania, base, ONION, PANEER);
    expect(c).toEqual({ ...base, removeToppings: [ONION], replaceToppings: [PANEER] });
    expect(linePrice(mania, c)).toBe(9_900);
  });

  it('uses a default already taken off without listing it twice', () => {
    expect(replaceTopping(mania, onionOff, ONION, PANEER)).toEqual({
      ...onionOff,
      replaceToppings: [PANEER],
    });
  });

  it('replaces each default once', () => {
    const c = replaceTopping(mania, replaceTopping(mania, base, ONION, PANEER), TOMATO, CHICKEN);
    expect(c).toEqual({ ...base, removeToppings: [ONION, TOMATO], replaceToppings: [PANEER, CHICKEN] });
    expect(validateCustomisation(mania, c, toppings)).toEqual([]);
  });

  it('turns a paid extra into the free replacement', () => {
    const paid = makeCustomisation({ addToppings: [PANEER, CAPSICUM] });
    const c = replaceTopping(mania, paid, ONION, PANEER);
    expect(c).toEqual({
      ...paid,
      addToppings: [CAPSICUM],
      removeToppings: [ONION],
      replaceToppings: [PANEER],
    });
    expect(linePrice(mania, c)).toBe(linePrice(mania, paid) - 4_500);
  });

  it.each<[string, CustomisableProduct, Customisation, number, number]>([
    ['a product that is not replaceable', product, base, ONION, PANEER],
    ['from a topping that is not a default', mania, base, CAPSICUM, PANEER],
    ['to a default topping', mania, base, ONION, TOMATO],
    [
      'to a topping already put in as a replacement',
      mania,
      makeCustomisation({ removeToppings: [ONION, TOMATO], replaceToppings: [PANEER] }),
      TOMATO,
      PANEER,
    ],
  ])('changes nothing for %s', (_, p, c, fromId, toId) => {
    expect(replaceTopping(p, c, fromId, toId)).toBe(c);
  });

  it('changes nothing when that default is already replaced', () => {
    const once = replaceTopping(mania, base, ONION, PANEER);
    expect(replaceTopping(mania, once, ONION, CHICKEN)).toBe(once);
  });
});

describe('setExtraCheese', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 3],
    [100, 3],
    [-1, 0],
    [2.7, 2],
    [-0.5, 0],
    [Number.POSITIVE_INFINITY, 3],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%d → %d', (count, expected) => {
    expect(setExtraCheese(makeCustomisation(), count).extraCheese).toBe(expected);
  });

  it('changes nothing else', () => {
    const c = makeCustomisation({ addToppings: [PANEER], quantity: 2 });
    expect(setExtraCheese(c, 2)).toEqual({ ...c, extraCheese: 2 });
  });

  it('clamps NaN to 0', () => {
    expect(setExtraCheese(makeCustomisation({ extraCheese: 2 }), Number.NaN).extraCheese).toBe(0);
  });
});

describe('validateCustomisation', () => {
  const notCustomisable = makeProduct({ isCustomizable: false });
  const noCheese = makeToppings().set(CHEESE, makeTopping(CHEESE, 'VEG', { [REGULAR]: 4_500 }));

  it.each<[string, CustomisableProduct, Partial<Customisation>, CustomisationError[]]>([
    ['nothing changed', product, {}, []],
    [
      'a full valid pick',
      mania,
      {
        sizeId: MEDIUM,
        addToppings: [PANEER, JALAPENO],
        removeToppings: [ONION],
        replaceToppings: [CHICKEN],
        extraCheese: 3,
        quantity: 25,
      },
      [],
    ],
    ['a non-customisable product as it comes, any quantity', notCustomisable, { quantity: 4 }, []],
    [
      'VARIANT_UNAVAILABLE',
      product,
      { crustId: THIN, sizeId: REGULAR },
      [{ code: 'VARIANT_UNAVAILABLE', crustId: THIN, sizeId: REGULAR }],
    ],
    [
      'NOT_CUSTOMIZABLE (extra topping)',
      notCustomisable,
      { addToppings: [PANEER] },
      [{ code: 'NOT_CUSTOMIZABLE' }],
    ],
    ['NOT_CUSTOMIZABLE (extra cheese)', notCustomisable, { extraCheese: 1 }, [{ code: 'NOT_CUSTOMIZABLE' }]],
    [
      'NOT_CUSTOMIZABLE (replacement on a product that is not replaceable)',
      product,
      { removeToppings: [ONION], replaceToppings: [PANEER] },
      [{ code: 'NOT_CUSTOMIZABLE' }],
    ],
    ['UNKNOWN_TOPPING', product, { addToppings: [999] }, [{ code: 'UNKNOWN_TOPPING', toppingId: 999 }]],
    [
      'UNKNOWN_TOPPING (extra cheese is not a topping)',
      product,
      { addToppings: [CHEESE] },
      [{ code: 'UNKNOWN_TOPPING', toppingId: CHEESE }],
    ],
    [
      'TOPPING_NOT_FOR_SIZE',
      product,
      { crustId: HAND_TOSSED, sizeId: LARGE, addToppings: [JALAPENO] },
      [{ code: 'TOPPING_NOT_FOR_SIZE', toppingId: JALAPENO }],
    ],
    [
      'TOPPING_NOT_FOR_SIZE (replacement)',
      mania,
      { sizeId: LARGE, removeToppings: [ONION], replaceToppings: [JALAPENO] },
      [{ code: 'TOPPING_NOT_FOR_SIZE', toppingId: JALAPENO }],
    ],
    [
      'TOPPING_NOT_FOR_SIZE (extra cheese)',
      product,
      { sizeId: LARGE, extraCheese: 1 },
      [{ code: 'TOPPING_NOT_FOR_SIZE', toppingId: CHEESE }],
    ],
    [
      'TOPPING_TWICE',
      product,
      { addToppings: [PANEER, PANEER] },
      [{ code: 'TOPPING_TWICE', toppingId: PANEER }],
    ],
    [
      'TOPPING_TWICE (extra and replacement)',
      mania,
      { addToppings: [PANEER], removeToppings: [ONION], replaceToppings: [PANEER] },
      [{ code: 'TOPPING_TWICE', toppingId: PANEER }],
    ],
    [
      'NOT_A_DEFAULT_TOPPING',
      product,
      { removeToppings: [PANEER] },
      [{ code: 'NOT_A_DEFAULT_TOPPING', toppingId: PANEER }],
    ],
    [
      'TOO_MANY_REPLACEMENTS',
      mania,
      { removeToppings: [ONION], replaceToppings: [PANEER, CHICKEN] },
      [{ code: 'TOO_MANY_REPLACEMENTS' }],
    ],
    [
      'TOO_MANY_REPLACEMENTS (nothing removed)',
      mania,
      { replaceToppings: [PANEER] },
      [{ code: 'TOO_MANY_REPLACEMENTS' }],
    ],
    ['EXTRA_CHEESE_LIMIT (4 portions)', product, { extraCheese: 4 }, [{ code: 'EXTRA_CHEESE_LIMIT' }]],
    ['EXTRA_CHEESE_LIMIT (negative)', product, { extraCheese: -1 }, [{ code: 'EXTRA_CHEESE_LIMIT' }]],
    ['EXTRA_CHEESE_LIMIT (fraction)', product, { extraCheese: 1.5 }, [{ code: 'EXTRA_CHEESE_LIMIT' }]],
    ['BAD_QUANTITY (0)', product, { quantity: 0 }, [{ code: 'BAD_QUANTITY' }]],
    ['BAD_QUANTITY (negative)', product, { quantity: -2 }, [{ code: 'BAD_QUANTITY' }]],
    ['BAD_QUANTITY (fraction)', product, { quantity: 1.5 }, [{ code: 'BAD_QUANTITY' }]],
    ['BAD_QUANTITY (NaN)', product, { quantity: Number.NaN }, [{ code: 'BAD_QUANTITY' }]],
  ])('%s', (_, p, overrides, expected) => {
    expect(validateCustomisation(p, makeCustomisation(overrides), toppings)).toEqual(expected);
  });

  it('reports every problem at once, in order', () => {
    const c = makeCustomisation({ crustId: 99, quantity: 0, extraCheese: 5, removeToppings: [PANEER] });
    expect(validateCustomisation(product, c, toppings).map((e) => e.code)).toEqual([
      'VARIANT_UNAVAILABLE',
      'BAD_QUANTITY',
      'EXTRA_CHEESE_LIMIT',
      'NOT_A_DEFAULT_TOPPING',
    ]);
  });

  it('rejects extra cheese on a size the store does not price cheese for', () => {
    const c = makeCustomisation({ sizeId: MEDIUM, extraCheese: 1 });
    expect(validateCustomisation(product, c, noCheese)).toEqual([
      { code: 'TOPPING_NOT_FOR_SIZE', toppingId: CHEESE },
    ]);
  });
});

describe('priceCustomisation', () => {
  it.each<
    [
      string,
      Partial<Customisation>,
      { variant: number; toppings: number; cheese: number; unit: number; line: number },
    ]
  >([
    ['base only', {}, { variant: 9_900, toppings: 0, cheese: 0, unit: 9_900, line: 9_900 }],
    [
      '+ two toppings',
      { addToppings: [PANEER, CHICKEN] },
      { variant: 9_900, toppings: 10_000, cheese: 0, unit: 19_900, line: 19_900 },
    ],
    [
      '+ extra cheese ×3',
      { extraCheese: 3 },
      { variant: 9_900, toppings: 0, cheese: 13_500, unit: 23_400, line: 23_400 },
    ],
    [
      '+ both, × quantity 2',
      { addToppings: [PANEER, CHICKEN], extraCheese: 3, quantity: 2 },
      { variant: 9_900, toppings: 10_000, cheese: 13_500, unit: 33_400, line: 66_800 },
    ],
    [
      'medium prices toppings for medium',
      { sizeId: MEDIUM, addToppings: [PANEER], extraCheese: 1 },
      { variant: 19_900, toppings: 6_500, cheese: 6_500, unit: 32_900, line: 32_900 },
    ],
    [
      'removed defaults cost nothing',
      { removeToppings: [ONION, TOMATO] },
      { variant: 9_900, toppings: 0, cheese: 0, unit: 9_900, line: 9_900 },
    ],
    [
      '× quantity 25',
      { quantity: 25 },
      { variant: 9_900, toppings: 0, cheese: 0, unit: 9_900, line: 247_500 },
    ],
  ])('%s', (_, overrides, expected) => {
    expect(priceCustomisation(product, makeCustomisation(overrides), toppings)).toEqual({
      ok: true,
      price: {
        variantPrice: expected.variant,
        toppingsPrice: expected.toppings,
        extraCheesePrice: expected.cheese,
        unitPrice: expected.unit,
        linePrice: expected.line,
      },
    });
  });

  it('replacements cost nothing', () => {
    const c = makeCustomisation({ removeToppings: [ONION], replaceToppings: [CHICKEN] });
    expect(linePrice(mania, c)).toBe(9_900);
  });

  it('rejects a quantity too large to price instead of throwing', () => {
    const c = makeCustomisation({ quantity: Number.MAX_SAFE_INTEGER });
    expect(() => priceCustomisation(product, c, toppings)).not.toThrow();
    expect(priceCustomisation(product, c, toppings).ok).toBe(false);
  });

  it('does not price an invalid customisation, and says why', () => {
    expect(priceCustomisation(product, makeCustomisation({ quantity: 0 }), toppings)).toEqual({
      ok: false,
      errors: [{ code: 'BAD_QUANTITY' }],
    });
  });
});

describe('effectiveFoodType', () => {
  const nonVegProduct = makeProduct({ foodType: 'NON_VEG' });

  it.each<[string, CustomisableProduct, Partial<Customisation>, 'VEG' | 'NON_VEG']>([
    ['veg as it comes', product, {}, 'VEG'],
    ['veg + veg toppings', product, { addToppings: [PANEER, CAPSICUM] }, 'VEG'],
    ['veg + a non-veg topping', product, { addToppings: [PANEER, CHICKEN] }, 'NON_VEG'],
    [
      'veg + a non-veg replacement',
      mania,
      { removeToppings: [ONION], replaceToppings: [CHICKEN] },
      'NON_VEG',
    ],
    ['veg + an unknown topping', product, { addToppings: [999] }, 'VEG'],
    ['non-veg as it comes', nonVegProduct, {}, 'NON_VEG'],
    ['non-veg with its defaults taken off', nonVegProduct, { removeToppings: [ONION, TOMATO] }, 'NON_VEG'],
  ])('%s → %s', (_, p, overrides, expected) => {
    expect(effectiveFoodType(p, makeCustomisation(overrides), toppings)).toBe(expected);
  });
});

// ---------------------------------------------------------------- property tests

/** A product, its toppings and a valid customisation, with arbitrary integer prices. */
const pricedPick = fc
  .record({
    variantPrice: fc.integer({ min: 0, max: 500_000 }),
    toppingPrices: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 0, maxLength: 8 }),
    cheesePrice: fc.integer({ min: 0, max: 20_000 }),
    extraCheese: fc.integer({ min: 0, max: 3 }),
    quantity: fc.integer({ min: 1, max: 25 }),
    chosenMask: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  })
  .map(({ variantPrice, toppingPrices, cheesePrice, extraCheese, quantity, chosenMask }) => {
    const p = makeProduct({
      defaultToppingIds: [],
      variants: [{ crustId: HAND_TOSSED, sizeId: REGULAR, price: paise(variantPrice) }],
    });
    const t = new Map<number, PricedTopping>(
      toppingPrices.map((price, i) => [
        100 + i,
        makeTopping(100 + i, i % 2 ? 'NON_VEG' : 'VEG', { [REGULAR]: price }),
      ]),
    );
    t.set(CHEESE, makeTopping(CHEESE, 'VEG', { [REGULAR]: cheesePrice }));
    const addToppings = toppingPrices.map((_, i) => 100 + i).filter((_, i) => chosenMask[i]);
    const c = makeCustomisation({ addToppings, extraCheese, quantity });
    const unchosen = toppingPrices.map((_, i) => 100 + i).filter((_, i) => !chosenMask[i]);
    return { p, t, c, toppingPrices, variantPrice, cheesePrice, unchosen };
  });

describe('priceCustomisation (properties)', () => {
  it('price = (variant + Σ topping prices + cheese × count) × quantity, exactly in integer paise', () => {
    fc.assert(
      fc.property(pricedPick, ({ p, t, c, variantPrice, cheesePrice }) => {
        const toppingsSum = c.addToppings.reduce(
          (sum, id) => sum + (t.get(id)?.prices[REGULAR] ?? Number.NaN),
          0,
        );
        const expectedUnit = variantPrice + toppingsSum + cheesePrice * c.extraCheese;
        const result = priceCustomisation(p, c, t);
        expect(result).toEqual({
          ok: true,
          price: {
            variantPrice,
            toppingsPrice: toppingsSum,
            extraCheesePrice: cheesePrice * c.extraCheese,
            unitPrice: expectedUnit,
            linePrice: expectedUnit * c.quantity,
          },
        });
      }),
    );
  });

  it('linePrice is always a safe integer ≥ 0', () => {
    fc.assert(
      fc.property(pricedPick, ({ p, t, c }) => {
        const line = linePrice(p, c, t);
        expect(Number.isSafeInteger(line)).toBe(true);
        expect(line).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('adding a topping never lowers the price', () => {
    fc.assert(
      fc.property(pricedPick, fc.nat(), ({ p, t, c, unchosen }, pick) => {
        fc.pre(unchosen.length > 0);
        const id = unchosen[pick % unchosen.length] ?? Number.NaN;
        const more = toggleTopping(p, c, id);
        expect(more.addToppings).toContain(id);
        expect(linePrice(p, more, t)).toBeGreaterThanOrEqual(linePrice(p, c, t));
        expect(linePrice(p, more, t) - linePrice(p, c, t)).toBe(
          (t.get(id)?.prices[REGULAR] ?? Number.NaN) * c.quantity,
        );
      }),
    );
  });

  it('adding a cheese portion never lowers the price', () => {
    fc.assert(
      fc.property(pricedPick, ({ p, t, c, cheesePrice }) => {
        fc.pre(c.extraCheese < 3);
        const more = setExtraCheese(c, c.extraCheese + 1);
        expect(linePrice(p, more, t)).toBeGreaterThanOrEqual(linePrice(p, c, t));
        expect(linePrice(p, more, t) - linePrice(p, c, t)).toBe(cheesePrice * c.quantity);
      }),
    );
  });
});

describe('toggleTopping (properties)', () => {
  /** A valid customisation of the replaceable product reached by arbitrary taps, and a topping to tap. */
  const reachable = fc
    .record({
      taps: fc.array(fc.constantFrom(ONION, TOMATO, PANEER, CAPSICUM, CHICKEN, JALAPENO)),
      swaps: fc.array(
        fc.tuple(fc.constantFrom(ONION, TOMATO), fc.constantFrom(PANEER, CAPSICUM, CHICKEN, JALAPENO)),
      ),
      extraCheese: fc.integer({ min: 0, max: 3 }),
      quantity: fc.integer({ min: 1, max: 25 }),
      tap: fc.constantFrom(ONION, TOMATO, PANEER, CAPSICUM, CHICKEN, JALAPENO),
    })
    .map(({ taps, swaps, extraCheese, quantity, tap }) => {
      let c = makeCustomisation({ extraCheese, quantity });
      for (const id of taps) c = toggleTopping(mania, c, id);
      for (const [from, to] of swaps) {
        // only swaps that keep the customisation valid (see the replaceTopping bug above)
        const next = replaceTopping(mania, c, from, to);
        if (validateCustomisation(mania, next, toppings).length === 0) c = next;
      }
      return { c, tap };
    })
    .filter(({ c }) => validateCustomisation(mania, c, toppings).length === 0);

  it('toggling a topping twice from the default restores the identical customisation and price', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ONION, TOMATO, PANEER, CAPSICUM, CHICKEN, JALAPENO),
        fc.integer({ min: 1, max: 25 }),
        (id, quantity) => {
          const c = makeCustomisation({ quantity });
          const twice = toggleTopping(mania, toggleTopping(mania, c, id), id);
          expect(twice).toEqual(c);
          expect(linePrice(mania, twice)).toBe(linePrice(mania, c));
        },
      ),
    );
  });

  it('toggling a topping that is not on the list twice restores the identical customisation', () => {
    fc.assert(
      fc.property(reachable, ({ c, tap }) => {
        fc.pre(
          !c.addToppings.includes(tap) && !c.removeToppings.includes(tap) && !c.replaceToppings.includes(tap),
        );
        expect(toggleTopping(mania, toggleTopping(mania, c, tap), tap)).toEqual(c);
      }),
    );
  });

  it('toggling an extra topping twice keeps the same toppings (possibly reordered) and the same price', () => {
    fc.assert(
      fc.property(reachable, ({ c, tap }) => {
        fc.pre(!mania.defaultToppingIds.includes(tap) && !c.replaceToppings.includes(tap));
        const twice = toggleTopping(mania, toggleTopping(mania, c, tap), tap);
        expect([...twice.addToppings].sort()).toEqual([...c.addToppings].sort());
        expect({ ...twice, addToppings: [] }).toEqual({ ...c, addToppings: [] });
        expect(linePrice(mania, twice)).toBe(linePrice(mania, c));
      }),
    );
  });

  it('toggling a default topping twice never changes the price', () => {
    fc.assert(
      fc.property(reachable, fc.constantFrom(ONION, TOMATO), ({ c }, id) => {
        const twice = toggleTopping(mania, toggleTopping(mania, c, id), id);
        expect(validateCustomisation(mania, twice, toppings)).toEqual([]);
        expect(linePrice(mania, twice)).toBe(linePrice(mania, c));
      }),
    );
  });
});
