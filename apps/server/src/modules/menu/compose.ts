import { createHash } from 'node:crypto';
import type {
  Menu,
  MenuMedia,
  MenuProduct,
  MenuSizeInfo,
  ProductType,
  Topping,
  Toppings,
} from '@crust/contract/menu';
import { fillPath } from '@crust/contract/paths';
import { MEDIA_PATHS } from '@crust/contract/media-paths';
import {
  allergenName,
  nextPriceChange,
  priceInForce,
  type AllergenCode,
  type PriceEntry,
} from '@crust/domain/catalogue-admin';
import {
  slugForCategoryId,
  slugify,
  BESTSELLERS_CATEGORY_ID,
  FAVOURITES_CATEGORY_ID,
} from '@crust/domain/categories';
import { EXTRA_CHEESE_ITEM_ID } from '@crust/domain/constants';
import type { CatalogueRows } from './repo.ts';

export interface StoreOverride {
  productCode: string;
  available: boolean;
  inStock: boolean;
  priceDeltaPaise: number;
}

/** GST on restaurant service (SAC 996331), used as the HSN/SAC code on every food line. */
const RESTAURANT_SAC = '996331';

function toppingOf(row: CatalogueRows['toppings'][number], prices: CatalogueRows['toppingPrices']): Topping {
  const foodType = row.foodType === 'NON_VEG' ? 'NON_VEG' : 'VEG';
  return {
    toppingId: row.id,
    name: row.name,
    foodType,
    type: foodType === 'VEG' ? 0 : 1,
    prices: prices
      .filter((p) => p.toppingId === row.id)
      .sort((a, b) => a.sizeId - b.sizeId)
      .map((p) => ({ sizeId: p.sizeId, price: p.pricePaise })),
  };
}

/** The price list entries as the domain reads them (a store's, a city's or the chain's). */
export function priceEntriesOf(rows: CatalogueRows['prices']): PriceEntry[] {
  return rows.map((r) => ({
    variantCode: r.variantCode,
    scope:
      r.storeId !== null
        ? { kind: 'store', storeId: r.storeId }
        : r.cityId !== null
          ? { kind: 'city', cityId: r.cityId }
          : { kind: 'chain' },
    pricePaise: r.pricePaise,
    regularPricePaise: r.regularPricePaise,
    startsAt: r.startsAt ? r.startsAt.getTime() : null,
  }));
}

/** SPEC §3 mediaList: the uploaded photo's renditions with its size, or the drawn placeholder. */
function mediaOf(
  p: CatalogueRows['products'][number],
  photos: ReadonlyMap<string, CatalogueRows['photos']>,
): MenuMedia[] {
  const renditions = p.photoId ? photos.get(p.photoId) : undefined;
  if (!p.photoId || !renditions || renditions.length === 0)
    return [{ type: 'image', url: `/menu-img/${p.image}` }];
  const photoId = p.photoId;
  const url = (width: number, format: string) =>
    fillPath(MEDIA_PATHS.photo, { photoId, file: `${width}.${format === 'jpeg' ? 'jpg' : format}` });
  const set = (format: string) =>
    renditions
      .filter((r) => r.format === format)
      .sort((a, b) => a.width - b.width)
      .map((r) => `${url(r.width, format)} ${r.width}w`)
      .join(', ');
  const largest = renditions.filter((r) => r.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!;
  return [
    {
      type: 'image',
      url: url(largest.width, 'jpeg'),
      width: largest.width,
      height: largest.height,
      srcset: { webp: set('webp'), jpeg: set('jpeg') },
    },
  ];
}

/**
 * One store's menu and toppings, composed at `now` from the chain catalogue (published products only), the
 * price lists and the store's overrides: products not sold there are left out, out-of-stock ones flagged. A
 * variant's price is the price list entry in force (store beats city beats chain), else the variant's own; a
 * store's price delta (its old city pricing) applies to chain prices only, a city or store entry being the price
 * itself. A product sold only where priced is left out where nothing prices it. `nextChangeAt`: when a scheduled
 * entry for this store starts, and its menu must be composed again. A product appears once in `products` and at
 * most once in each category.
 */
export function composeStoreMenu(
  catalogue: CatalogueRows,
  store: { storeId: number; cityId: string },
  overrides: readonly StoreOverride[],
  now: number = Date.now(),
  entries: readonly PriceEntry[] = priceEntriesOf(catalogue.prices),
): { menu: Omit<Menu, 'version' | 'generatedAt'>; toppings: Toppings; nextChangeAt: number | null } {
  const { storeId } = store;
  const photos = new Map<string, CatalogueRows['photos']>();
  for (const r of catalogue.photos) photos.set(r.photoId, [...(photos.get(r.photoId) ?? []), r]);
  const nutritionOf = new Map(catalogue.nutrition.map((n) => [`${n.productCode}:${n.sizeId}`, n]));
  const byCode = new Map(overrides.map((o) => [o.productCode, o]));
  const crustName = new Map(catalogue.crusts.map((c) => [c.id, c.name]));
  const sizeById = new Map(catalogue.sizes.map((s) => [s.id, s]));
  const variantsByProduct = new Map<string, CatalogueRows['variants']>();
  for (const v of catalogue.variants) {
    const list = variantsByProduct.get(v.productCode) ?? [];
    list.push(v);
    variantsByProduct.set(v.productCode, list);
  }
  const categoryName = new Map(catalogue.categories.map((c) => [c.id, c]));

  const products: MenuProduct[] = [];
  for (const p of catalogue.products) {
    const override = byCode.get(p.code);
    if (override && !override.available) continue;
    const delta = override?.priceDeltaPaise ?? 0;
    const variants = (variantsByProduct.get(p.code) ?? []).flatMap((v) => {
      const size = sizeById.get(v.sizeId);
      const entry = priceInForce(entries, v.code, store, now);
      const local = entry !== null && entry.scope.kind !== 'chain';
      if (p.pricedOnly && !local) return [];
      const [price, regular] = local
        ? [entry.pricePaise, entry.regularPricePaise]
        : entry
          ? [entry.pricePaise + delta, entry.regularPricePaise + delta]
          : [v.pricePaise + delta, v.regularPricePaise + delta];
      return [
        {
          code: v.code,
          crustId: v.crustId,
          sizeId: v.sizeId,
          crustName: crustName.get(v.crustId) ?? '',
          sizeName: size?.name ?? '',
          serves: size?.serves ?? 1,
          price,
          regularPrice: regular,
        },
      ];
    });
    if (variants.length === 0) continue;
    const sizes: MenuSizeInfo[] = [...new Set(variants.map((v) => v.sizeId))].flatMap((sizeId) => {
      const n = nutritionOf.get(`${p.code}:${sizeId}`);
      if (!n) return [];
      return [
        {
          sizeId,
          nutriInfoDetails: {
            servingSizeG: n.servingSizeG,
            energyKcal: n.energyKcal,
            proteinG: n.proteinG,
            carbohydrateG: n.carbohydrateG,
            sugarG: n.sugarG,
            fatG: n.fatG,
            sodiumMg: n.sodiumMg,
          },
          allergenInfoDetails: n.allergens.map((code: AllergenCode) => ({ code, name: allergenName(code) })),
        },
      ];
    });
    const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
    const primary = p.categoryIds.find((id) => id !== BESTSELLERS_CATEGORY_ID) ?? p.categoryIds[0] ?? 0;
    const primaryRow = categoryName.get(primary);
    const foodType = p.foodType === 'NON_VEG' ? 'NON_VEG' : 'VEG';
    products.push({
      menuCode: p.code,
      parentSkuId: p.code,
      productMasterUID: `PM-${p.code}`,
      name: p.name,
      description: p.description,
      foodType,
      productType: p.productType as ProductType,
      categoryIds: [...new Set(p.categoryIds)],
      price: { currentPrice: cheapest.price, regularPrice: cheapest.regularPrice },
      variants,
      defaultToppingIds: p.defaultToppingIds,
      taxation: { gstRatePercent: p.gstRateBp / 100, hsnCode: RESTAURANT_SAC },
      mediaList: mediaOf(p, photos),
      sizes,
      metadataMap: {
        menuCategoryCode: primaryRow?.slug ?? slugify(String(primary)),
        isCustomizable: p.isCustomizable,
        isReplaceable: p.isReplaceable,
        filterKeys: [foodType, p.productType, ...(p.isBestseller ? ['BESTSELLER'] : [])],
      },
      isBestseller: p.isBestseller,
      inStock: override?.inStock ?? true,
    });
  }

  const bestsellers = products.filter((p) => p.isBestseller).map((p) => p.menuCode);
  const categories = catalogue.categories
    .filter((c) => c.id !== FAVOURITES_CATEGORY_ID) // favourites are the customer's own, not the store's
    .map((c) => ({
      categoryId: c.id,
      categoryName: c.name,
      slug: slugForCategoryId(c.id) ?? c.slug,
      sortOrder: c.sortOrder,
      data:
        c.id === BESTSELLERS_CATEGORY_ID
          ? bestsellers
          : [...new Set(products.filter((p) => p.categoryIds.includes(c.id)).map((p) => p.menuCode))],
    }))
    .filter((c) => c.data.length > 0);

  const cheeseRow = catalogue.toppings.find((t) => t.id === EXTRA_CHEESE_ITEM_ID);
  if (!cheeseRow) throw new Error('the catalogue has no extra cheese (item 51)');
  return {
    nextChangeAt: nextPriceChange(entries, store, now),
    menu: {
      storeId,
      categories,
      products,
      bestsellers,
      crusts: catalogue.crusts.map((c) => ({ crustId: c.id, name: c.name, description: c.description })),
      sizes: catalogue.sizes.map((s) => ({
        sizeId: s.id,
        code: s.code,
        name: s.name,
        description: s.description,
        serves: s.serves,
      })),
    },
    toppings: {
      storeId,
      toppings: catalogue.toppings
        .filter((t) => t.id !== EXTRA_CHEESE_ITEM_ID)
        .map((t) => toppingOf(t, catalogue.toppingPrices)),
      extraCheese: toppingOf(cheeseRow, catalogue.toppingPrices),
    },
  };
}

/** Content hash: the same menu always gets the same version, whichever process built it. */
export function menuVersion(menu: unknown, toppings: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([menu, toppings]))
    .digest('base64url')
    .slice(0, 22);
}
