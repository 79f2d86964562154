import { assertNever } from './delivery-types.ts';
import type { FoodType } from './customise.ts';

/** SPEC §3: filters all pizzas (2), veg only (0), non-veg only (1). */
export const MENU_FILTERS = { ALL: 2, VEG: 0, NON_VEG: 1 } as const;
export type MenuFilter = (typeof MENU_FILTERS)[keyof typeof MENU_FILTERS];

export type SortKey = 'price-low-high' | 'price-high-low' | 'discount-high-low' | 'discount-low-high';
export const SORT_KEYS: readonly SortKey[] = [
  'price-low-high',
  'price-high-low',
  'discount-high-low',
  'discount-low-high',
];

export interface SortableItem {
  code: string;
  foodType: FoodType;
  /** what the customer pays now, paise */
  currentPrice: number;
  /** the list price before any discount, paise */
  regularPrice: number;
}

export function discountOf(item: SortableItem): number {
  return Math.max(0, item.regularPrice - item.currentPrice);
}

export function matchesFilter(item: SortableItem, filter: MenuFilter): boolean {
  switch (filter) {
    case MENU_FILTERS.ALL:
      return true;
    case MENU_FILTERS.VEG:
      return item.foodType === 'VEG';
    case MENU_FILTERS.NON_VEG:
      return item.foodType === 'NON_VEG';
    default:
      return assertNever(filter);
  }
}

/** Stable sort; ties keep menu order. Undefined sort keeps menu order. */
export function sortItems<T extends SortableItem>(items: readonly T[], sort: SortKey | undefined): T[] {
  const indexed = items.map((item, index) => ({ item, index }));
  const key = (x: T): number => {
    switch (sort) {
      case undefined:
        return 0;
      case 'price-low-high':
        return x.currentPrice;
      case 'price-high-low':
        return -x.currentPrice;
      case 'discount-high-low':
        return -discountOf(x);
      case 'discount-low-high':
        return discountOf(x);
      default:
        return assertNever(sort);
    }
  };
  return indexed.sort((a, b) => key(a.item) - key(b.item) || a.index - b.index).map((x) => x.item);
}

export function parseFilter(value: string | null | undefined): MenuFilter {
  if (value === '0') return MENU_FILTERS.VEG;
  if (value === '1') return MENU_FILTERS.NON_VEG;
  return MENU_FILTERS.ALL;
}

export function parseSort(value: string | null | undefined): SortKey | undefined {
  return SORT_KEYS.find((k) => k === value);
}
