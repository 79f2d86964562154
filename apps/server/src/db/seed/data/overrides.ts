import type { SeedOverride } from '../types.ts';
import { PRODUCTS } from './menu.ts';
import { STORES } from './stores.ts';

/**
 * Store-specific availability and prices. One entry per (store, product): entries for the same pair
 * are merged. Stores 1001 and 3001 are never overridden (tests rely on chain prices there).
 */

const PROTECTED_STORES: ReadonlySet<number> = new Set([1001, 3001]);

/** Pure-veg outlets: nothing non-veg is sold there. */
const PURE_VEG_STORES = [2005, 2104];

const byKey = new Map<string, SeedOverride>();

function put(entry: SeedOverride): void {
  if (PROTECTED_STORES.has(entry.storeId)) return;
  const key = `${entry.storeId}:${entry.productCode}`;
  byKey.set(key, { ...byKey.get(key), ...entry });
}

// Mumbai city pricing: ₹10 more on every regular pizza (not Pizza Mania).
const mumbaiStores = STORES.filter((s) => s.cityId === 'mumbai');
const pricedPizzas = PRODUCTS.filter((p) => p.code.startsWith('PIZ') && p.productType !== 'PIZZA_MANIA');
for (const store of mumbaiStores) {
  for (const product of pricedPizzas) put({ storeId: store.id, productCode: product.code, priceDelta: 10 });
}

// Pure-veg outlets.
for (const storeId of PURE_VEG_STORES) {
  for (const product of PRODUCTS.filter((p) => p.foodType === 'NON_VEG')) {
    put({ storeId, productCode: product.code, available: false });
  }
}

// A few items a store does not carry.
put({ storeId: 3201, productCode: 'PIZ0210', available: false }); // Keema Do Pyaza, Chennai T Nagar
put({ storeId: 4001, productCode: 'PIZ0113', available: false }); // Paratha pizza, Kolkata Park Street
put({ storeId: 1008, productCode: 'CMB5006', available: false }); // mall kiosk: no party packs
put({ storeId: 2007, productCode: 'CMB5006', available: false }); // airport kiosk: no party packs
put({ storeId: 2105, productCode: 'CMB5006', available: false }); // mall kiosk: no party packs

// Temporarily out of stock.
put({ storeId: 1003, productCode: 'CHK4603', inStock: false });
put({ storeId: 2101, productCode: 'DES2603', inStock: false });
put({ storeId: 3102, productCode: 'BEV0505', inStock: false });
put({ storeId: 4002, productCode: 'SID0403', inStock: false });
put({ storeId: 2003, productCode: 'PIZ0115', inStock: false });

export const OVERRIDES: SeedOverride[] = [...byKey.values()];
