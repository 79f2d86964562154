/**
 * Test data for the domain suites: factories with overrides (`makeProduct({ isReplaceable: true })`).
 * Every factory returns a fresh object, so a test may change what it gets without affecting another.
 */
import { priceLineInput, priceLines } from '../src/cart-lines.ts';
import type {
  CartLine,
  CatalogueProduct,
  ChargeRules,
  Coupon,
  EdvDeal,
  PricedLine,
  PromoContext,
  StoreCatalogue,
} from '../src/cart-model.ts';
import { EXTRA_CHEESE_ITEM_ID } from '../src/constants.ts';
import type {
  CustomisableProduct,
  Customisation,
  FoodType,
  PricedTopping,
  PricedVariant,
} from '../src/customise.ts';
import type { LatLng } from '../src/geo.ts';
import type { RankableLocality } from '../src/localities.ts';
import type { SortableItem } from '../src/menu-filters.ts';
import { paise, rupees } from '../src/money.ts';
import type { StoreForChoice } from '../src/stores.ts';

// ---------------------------------------------------------------- customisation

export const CRUST = { HAND_TOSSED: 1, THIN: 2, PAN: 3, CHEESE_BURST: 4 } as const;
export const SIZE = { REGULAR: 1, MEDIUM: 2, LARGE: 3 } as const;
export const TOPPING = {
  ONION: 1,
  TOMATO: 2,
  PANEER: 10,
  CAPSICUM: 11,
  CHICKEN: 20,
  /** priced for regular and medium only */
  JALAPENO: 30,
  EXTRA_CHEESE: EXTRA_CHEESE_ITEM_ID,
} as const;

/**
 * The variants of the default product, deliberately not in price order:
 * - hand tossed comes in every size;
 * - thin crust has no regular; pan comes in large only;
 * - cheese burst comes in regular only and is listed first, though dearer than hand tossed regular.
 */
export function makeVariants(): PricedVariant[] {
  return [
    { crustId: CRUST.CHEESE_BURST, sizeId: SIZE.REGULAR, price: paise(15_900) },
    { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.LARGE, price: paise(39_900) },
    { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.MEDIUM, price: paise(19_900) },
    { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.REGULAR, price: paise(9_900) },
    { crustId: CRUST.THIN, sizeId: SIZE.LARGE, price: paise(42_900) },
    { crustId: CRUST.THIN, sizeId: SIZE.MEDIUM, price: paise(21_900) },
    { crustId: CRUST.PAN, sizeId: SIZE.LARGE, price: paise(44_900) },
  ];
}

/** A customisable veg pizza with onion and tomato on it by default; not replaceable unless overridden. */
export function makeProduct(overrides: Partial<CustomisableProduct> = {}): CustomisableProduct {
  return {
    code: 'PIZ0001',
    foodType: 'VEG',
    isCustomizable: true,
    isReplaceable: false,
    defaultToppingIds: [TOPPING.ONION, TOPPING.TOMATO],
    variants: makeVariants(),
    ...overrides,
  };
}

export function makeTopping(id: number, foodType: FoodType, prices: Record<number, number>): PricedTopping {
  const priced: Record<number, ReturnType<typeof paise>> = {};
  for (const [size, price] of Object.entries(prices)) priced[Number(size)] = paise(price);
  return { id, foodType, prices: priced };
}

/**
 * Toppings priced per size. Extra cheese (item 51) is priced for regular and medium only, so moving to
 * large resets it; jalapeño likewise. `overrides` replaces or adds toppings by id.
 */
export function makeToppings(overrides: readonly PricedTopping[] = []): Map<number, PricedTopping> {
  const all = [
    makeTopping(TOPPING.ONION, 'VEG', { [SIZE.REGULAR]: 3_500, [SIZE.MEDIUM]: 5_500, [SIZE.LARGE]: 7_500 }),
    makeTopping(TOPPING.TOMATO, 'VEG', { [SIZE.REGULAR]: 3_500, [SIZE.MEDIUM]: 5_500, [SIZE.LARGE]: 7_500 }),
    makeTopping(TOPPING.PANEER, 'VEG', { [SIZE.REGULAR]: 4_500, [SIZE.MEDIUM]: 6_500, [SIZE.LARGE]: 9_000 }),
    makeTopping(TOPPING.CAPSICUM, 'VEG', {
      [SIZE.REGULAR]: 3_000,
      [SIZE.MEDIUM]: 5_000,
      [SIZE.LARGE]: 7_000,
    }),
    makeTopping(TOPPING.CHICKEN, 'NON_VEG', {
      [SIZE.REGULAR]: 5_500,
      [SIZE.MEDIUM]: 8_000,
      [SIZE.LARGE]: 11_000,
    }),
    makeTopping(TOPPING.JALAPENO, 'VEG', { [SIZE.REGULAR]: 2_500, [SIZE.MEDIUM]: 4_000 }),
    makeTopping(TOPPING.EXTRA_CHEESE, 'VEG', { [SIZE.REGULAR]: 4_500, [SIZE.MEDIUM]: 6_500 }),
  ];
  const map = new Map(all.map((t) => [t.id, t]));
  for (const t of overrides) map.set(t.id, t);
  return map;
}

/** Hand tossed regular, nothing changed, quantity 1 (what defaultCustomisation gives for makeProduct()). */
export function makeCustomisation(overrides: Partial<Customisation> = {}): Customisation {
  return {
    crustId: CRUST.HAND_TOSSED,
    sizeId: SIZE.REGULAR,
    addToppings: [],
    removeToppings: [],
    replaceToppings: [],
    extraCheese: 0,
    quantity: 1,
    ...overrides,
  };
}

// ---------------------------------------------------------------- stores and places

/** Connaught Place, New Delhi. */
export const DELHI_CP: LatLng = { latitude: 28.6315, longitude: 77.2167 };
/** Bandra, Mumbai. */
export const MUMBAI_BANDRA: LatLng = { latitude: 19.0596, longitude: 72.8295 };

const KM_PER_DEGREE_OF_LATITUDE = (6371 * Math.PI) / 180;

/** The point `km` kilometres due north (negative: south) of `from`, along its meridian. */
export function northOf(from: LatLng, km: number): LatLng {
  return { latitude: from.latitude + km / KM_PER_DEGREE_OF_LATITUDE, longitude: from.longitude };
}

export interface TestStore extends StoreForChoice {
  name: string;
}

/** An online store at Connaught Place offering every store order type, delivering within 5 km. */
export function makeStore(overrides: Partial<TestStore> = {}): TestStore {
  return {
    id: 1001,
    name: 'Connaught Place',
    ...DELHI_CP,
    orderTypes: ['D', 'T', 'P', 'DINEIN', 'CURB'],
    deliveryRadiusKm: 5,
    deliveryPolygon: null,
    online: true,
    ...overrides,
  };
}

/** A store `km` kilometres north of Connaught Place. */
export function makeStoreAt(km: number, overrides: Partial<TestStore> = {}): TestStore {
  return makeStore({ ...northOf(DELHI_CP, km), ...overrides });
}

// ---------------------------------------------------------------- menu and localities

export function makeMenuItem(overrides: Partial<SortableItem> = {}): SortableItem {
  return { code: 'PIZ0001', foodType: 'VEG', currentPrice: 19_900, regularPrice: 19_900, ...overrides };
}

export function makeLocality(overrides: Partial<RankableLocality> = {}): RankableLocality {
  return { name: 'Connaught Place', city: 'New Delhi', postalCode: '110001', ...overrides };
}

// ---------------------------------------------------------------- cart

/** Sides, drinks and desserts come in one variant: no crust, no size. */
export const NO_CRUST = 0;
export const NO_SIZE = 0;

/** Every variant lists ₹50 above its price (the strike price). */
export const LIST_PRICE_MARKUP = 5_000;

/**
 * The default catalogue product: makeProduct()'s veg pizza (variants of makeVariants(), hand tossed
 * regular ₹99 and medium ₹199 being everyday-value prices), in stock, 5 % GST.
 */
export function makeCatalogueProduct(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    ...makeProduct(),
    name: 'Margherita',
    productType: 'PIZZA',
    categoryIds: [1],
    variants: makeVariants().map((v) => ({ ...v, regularPrice: paise(v.price + LIST_PRICE_MARKUP) })),
    inStock: true,
    gstRateBp: 500,
    isBestseller: false,
    sortOrder: 1,
    ...overrides,
  };
}

/** A product sold in one variant (no crust, no size), not customisable. */
export function makeSimpleProduct(
  code: string,
  productType: string,
  price: number,
  overrides: Partial<CatalogueProduct> = {},
): CatalogueProduct {
  return makeCatalogueProduct({
    code,
    name: code,
    productType,
    isCustomizable: false,
    defaultToppingIds: [],
    variants: [{ crustId: NO_CRUST, sizeId: NO_SIZE, price: paise(price), regularPrice: paise(price) }],
    ...overrides,
  });
}

export const PRODUCT = {
  MARGHERITA: 'PIZ0001',
  /** non-veg, bestseller: hand tossed regular ₹249, medium ₹459, large ₹699; thin medium ₹479 */
  CHICKEN: 'PIZ0002',
  /** Pizza Mania, replaceable: hand tossed regular ₹79 */
  MANIA: 'PIZ0501',
  /** ₹109 */
  BREADSTICKS: 'SID0001',
  /** ₹159, bestseller */
  STUFFED_BREAD: 'SID0002',
  /** ₹60, 18 % GST */
  PEPSI: 'BEV0001',
  /** ₹109, 18 % GST */
  LAVA_CAKE: 'DES0001',
  /** out of stock */
  BROWNIE: 'DES0002',
} as const;

export function makeCatalogueProducts(): CatalogueProduct[] {
  const variant = (crustId: number, sizeId: number, price: number) => ({
    crustId,
    sizeId,
    price: paise(price),
    regularPrice: paise(price + LIST_PRICE_MARKUP),
  });
  return [
    makeCatalogueProduct(),
    makeCatalogueProduct({
      code: PRODUCT.CHICKEN,
      name: 'Chicken Dominator',
      foodType: 'NON_VEG',
      defaultToppingIds: [TOPPING.CHICKEN, TOPPING.ONION],
      variants: [
        variant(CRUST.HAND_TOSSED, SIZE.REGULAR, 24_900),
        variant(CRUST.HAND_TOSSED, SIZE.MEDIUM, 45_900),
        variant(CRUST.HAND_TOSSED, SIZE.LARGE, 69_900),
        variant(CRUST.THIN, SIZE.MEDIUM, 47_900),
      ],
      isBestseller: true,
      sortOrder: 2,
    }),
    makeCatalogueProduct({
      code: PRODUCT.MANIA,
      name: 'Onion Mania',
      productType: 'PIZZA_MANIA',
      isReplaceable: true,
      variants: [variant(CRUST.HAND_TOSSED, SIZE.REGULAR, 7_900)],
      sortOrder: 3,
    }),
    makeSimpleProduct(PRODUCT.BREADSTICKS, 'SIDES', 10_900, { sortOrder: 10 }),
    makeSimpleProduct(PRODUCT.STUFFED_BREAD, 'SIDES', 15_900, { sortOrder: 11, isBestseller: true }),
    makeSimpleProduct(PRODUCT.PEPSI, 'BEVERAGE', 6_000, { sortOrder: 20, gstRateBp: 1_800 }),
    makeSimpleProduct(PRODUCT.LAVA_CAKE, 'DESSERT', 10_900, { sortOrder: 30, gstRateBp: 1_800 }),
    makeSimpleProduct(PRODUCT.BROWNIE, 'DESSERT', 9_900, { sortOrder: 31, inStock: false }),
  ];
}

/** Store 1001 selling `products` (makeCatalogueProducts() by default) with makeToppings(). */
export function makeCatalogue(
  products: readonly CatalogueProduct[] = makeCatalogueProducts(),
  toppings: ReadonlyMap<number, PricedTopping> = makeToppings(),
): StoreCatalogue {
  return {
    storeId: 1001,
    products: new Map(products.map((p) => [p.code, p])),
    toppings,
    freePizzaSizeIds: new Set([SIZE.REGULAR]),
  };
}

/** One thin-crust medium Margherita (₹219, not an everyday-value price), no promo. */
export function makeCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    itemId: 'line-1',
    productCode: PRODUCT.MARGHERITA,
    crustId: CRUST.THIN,
    sizeId: SIZE.MEDIUM,
    addToppings: [],
    removeToppings: [],
    replaceToppings: [],
    extraCheese: 0,
    quantity: 1,
    promoGroupId: null,
    seenUnitPrice: paise(21_900),
    ...overrides,
  };
}

/**
 * Lines priced against the catalogue, each makeCartLine() with the overrides given, ids line-1, line-2,
 * … unless given, and seen at today's price. Throws when a line does not price, so a test cannot
 * quietly run on fewer lines than it meant to.
 */
export function makePricedLines(
  specs: readonly Partial<CartLine>[],
  catalogue: StoreCatalogue = makeCatalogue(),
): PricedLine[] {
  const lines = specs.map((spec, i) => {
    const line = makeCartLine({ itemId: `line-${i + 1}`, ...spec });
    const priced = priceLineInput(line, catalogue);
    if (!priced.ok) throw new Error(`line ${i + 1} does not price: ${priced.reason}`);
    return { ...line, seenUnitPrice: spec.seenUnitPrice ?? priced.unitPrice };
  });
  const { valid, invalid } = priceLines(lines, catalogue);
  if (invalid.length > 0) throw new Error(`lines did not price: ${JSON.stringify(invalid)}`);
  return valid;
}

/** ₹50 off any order, valid everywhere, every day, for anybody. */
export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: 'SAVE50',
    title: '₹50 off',
    description: '₹50 off on any order',
    rule: { kind: 'FLAT', amount: rupees(50) },
    minOrderValue: paise(0),
    orderTypes: null,
    storeIds: null,
    days: null,
    hours: null,
    firstOrderOnly: false,
    perCustomerLimit: null,
    totalLimit: null,
    paymentOptions: null,
    cardIssuer: null,
    audience: 'ALL',
    hidden: false,
    validFrom: null,
    validTo: null,
    ...overrides,
  };
}

/** Any 2 medium pizzas at ₹149 each. */
export function makeEdvDeal(overrides: Partial<EdvDeal> = {}): EdvDeal {
  return {
    id: 1,
    code: 'EDV2M',
    title: 'Any 2 medium pizzas at ₹149 each',
    description: 'Pick any 2 medium pizzas',
    groupSize: 2,
    prices: [{ sizeId: SIZE.MEDIUM, price: rupees(149) }],
    productTypes: ['PIZZA'],
    crustIds: null,
    productCodes: null,
    validFrom: null,
    validTo: null,
    ...overrides,
  };
}

/** Wednesday 15 January 2025, 13:00 in Asia/Kolkata. */
export const WEDNESDAY_1PM_IST = Date.UTC(2025, 0, 15, 7, 30);

/** A logged-in customer with 3 earlier orders, delivery from store 1001, coupons never used. */
export function makePromoContext(overrides: Partial<PromoContext> = {}): PromoContext {
  return {
    storeId: 1001,
    deliveryType: 'D',
    orderTimeMs: WEDNESDAY_1PM_IST,
    previousOrders: 3,
    isStaff: false,
    customerId: 'C1',
    usage: () => ({ byCustomer: 0, total: 0 }),
    ...overrides,
  };
}

/** Delivery ₹30 below ₹199 net, packaging ₹20, optional Feeding India donation ₹5, tips ₹0/20/30/50. */
export function makeChargeRules(overrides: Partial<ChargeRules> = {}): ChargeRules {
  return {
    deliveryCharge: rupees(30),
    freeDeliveryFrom: rupees(199),
    packagingCharge: rupees(20),
    optionalCharge: { code: 'K', label: 'Feeding India donation', amount: rupees(5) },
    tipOptions: [rupees(0), rupees(20), rupees(30), rupees(50)],
    ...overrides,
  };
}
