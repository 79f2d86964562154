import type { FoodType } from '@crust/domain/customise';
import type { StoreOrderType } from '@crust/domain/delivery-types';
import type { ProductType } from '@crust/contract/menu';

/** Demo data shapes. Prices here are in whole rupees for readability; the seeder converts to paise. */

export interface SeedCity {
  id: string; // slug: 'delhi', 'gurugram', 'bengaluru'
  name: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface SeedLocality {
  placeId: string; // stable, unique: 'loc-<city>-<slug>'
  name: string; // 'Koramangala 5th Block'
  subLocality: string; // '' when none
  cityId: string;
  district: string;
  postalCode: string; // 6-digit PIN
  latitude: number;
  longitude: number;
}

export interface SeedStore {
  id: number;
  name: string;
  address: string;
  locality: string;
  cityId: string;
  latitude: number;
  longitude: number;
  phone: string;
  opensAt: string; // 'HH:MM' IST
  closesAt: string; // 'HH:MM' IST; before opensAt means after midnight; equal means 24 hours
  deliveryRadiusKm: number;
  orderTypes: StoreOrderType[];
  online: boolean;
  advanceOrderStoreId: number | null;
}

/** A curbside bay (SPEC §3 storeStationDetails); stationId is numbered per store from 1. */
export interface SeedStation {
  storeId: number;
  stationId: number;
  name: string;
}

/** A railway station (Indian Railways code and name); cityId null for a stop no Crust city is near. */
export interface SeedRailwayStation {
  code: string;
  name: string;
  cityId: string | null;
  latitude: number;
  longitude: number;
}

/** A store carrying train orders to a station (packages/domain train.ts StationOutlet). */
export interface SeedOutlet {
  storeId: number;
  stationCode: string;
  cutoffMinutes: number;
  prepaidOnly: boolean;
}

export interface SeedCategory {
  id: number;
  slug: string;
  name: string;
  sortOrder: number;
}

export interface SeedCrust {
  id: number;
  name: string;
  description: string;
}

export interface SeedSize {
  id: number;
  code: string; // 'R' | 'M' | 'L' | 'STD' (one size for sides, drinks, desserts)
  name: string;
  description: string;
  serves: number;
}

export interface SeedTopping {
  id: number;
  name: string;
  foodType: FoodType;
  /** rupees by size code; a size missing here cannot take the topping */
  prices: Record<string, number>;
}

export interface SeedVariant {
  crustId: number;
  sizeId: number;
  price: number; // rupees
  regularPrice?: number; // rupees, list price before an everyday discount
}

export interface SeedProduct {
  code: string; // menuCode; pizzas start with PIZ
  name: string;
  description: string;
  foodType: FoodType;
  productType: ProductType;
  categoryIds: number[];
  defaultToppingIds: number[];
  isCustomizable: boolean;
  isReplaceable: boolean;
  isBestseller: boolean;
  image: string; // file name under apps/web/public/menu-img/
  variants: SeedVariant[];
}

export interface SeedOverride {
  storeId: number;
  productCode: string;
  available?: boolean;
  inStock?: boolean;
  priceDelta?: number; // rupees added to every variant at this store
}

/** A coupon; amounts in whole rupees. Rules as packages/domain/src/cart-model.ts Coupon. */
export interface SeedCoupon {
  code: string;
  title: string;
  description: string;
  rule:
    | { kind: 'FLAT'; amount: number }
    | { kind: 'PERCENT'; percent: number; cap: number | null }
    | { kind: 'FREE_ITEM'; productCodes: string[]; sizeIds: number[] | null }
    | { kind: 'BOGO'; productTypes: string[] | null; sizeIds: number[] | null };
  minOrder: number;
  orderTypes?: string[];
  storeIds?: number[];
  /** 0 Sunday … 6 Saturday, IST */
  days?: number[];
  /** 'HH:MM'–'HH:MM' IST */
  hours?: readonly [string, string];
  firstOrderOnly?: boolean;
  perCustomerLimit?: number;
  totalLimit?: number;
  /** an explicit promo: only these payment type codes may pay */
  paymentOptions?: string[];
  /** a bank offer: only this bank's cards (by BIN prefix) may pay; with card paymentOptions */
  cardIssuer?: { name: string; bins: readonly string[] };
  /** STAFF: only customers whose mobile is a staff member's registered mobile */
  audience?: 'ALL' | 'STAFF';
  hidden?: boolean;
  terms: string[];
}

/** An everyday-value deal; prices in whole rupees per size code. */
export interface SeedEdvDeal {
  id: number;
  code: string;
  title: string;
  description: string;
  groupSize: number;
  prices: Partial<Record<'R' | 'M' | 'L' | 'STD', number>>;
  productTypes: string[];
  crustIds: number[] | null;
  productCodes?: string[];
  storeIds?: number[];
  terms: string[];
}
