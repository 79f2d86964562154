/**
 * Test data for the domain suites: factories with overrides (`makeProduct({ isReplaceable: true })`).
 * Every factory returns a fresh object, so a test may change what it gets without affecting another.
 */
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
import { paise } from '../src/money.ts';
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
