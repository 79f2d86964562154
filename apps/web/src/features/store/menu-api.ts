/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy back-office chunk only, see console-api.ts */
import {
  AdminCatalogueResponseSchema,
  AdminCategoriesResponseSchema,
  AdminCategoryResponseSchema,
  AdminProductResponseSchema,
  AdminToppingResponseSchema,
  AvailabilityListResponseSchema,
  AvailabilityResponseSchema,
  ChainRulesResponseSchema,
  GST_RATES_PERCENT,
  PriceEntryResponseSchema,
  PriceListResponseSchema,
  type AdminCatalogue,
  type AdminCategory,
  type AdminProduct,
  type AdminTopping,
  type AvailabilityBody,
  type CategoryChangeBody,
  type NewCategoryBody,
  type NewPricesBody,
  type NewProductBody,
  type NewVariantBody,
  type NutritionBody,
  type PriceChangeBody,
  type PriceEntryView,
  type ProductChangeBody,
  type StoreAvailability,
  type ToppingChangeBody,
  type VariantChangeBody,
} from '@crust/contract/menu-admin';
import { MenuResponseSchema, type Menu } from '@crust/contract/menu';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { call, upload } from './console-api.ts';

/**
 * The back office's Menu and Prices views' calls (issue 30 §2; docs/back-office.md "Menu screens"), checked
 * against the contract, and the few conversions their forms make (rupees typed ↔ paise, an IST date and time ↔
 * an instant).
 */

/** The GST rates a product may carry (the contract's). */
export const GST_RATES = GST_RATES_PERCENT;

/** Their query keys, under the console's (a logout drops them with the rest). */
export const menuKeys = {
  catalogue: ['console', 'menu', 'catalogue'] as const,
  availability: (code: string) => ['console', 'menu', 'availability', code] as const,
  pricesOf: (code: string) => ['console', 'menu', 'prices', code] as const,
  storeMenu: (storeId: number) => ['console', 'menu', 'store-menu', storeId] as const,
  chainRules: ['console', 'menu', 'chain-rules'] as const,
};

export async function fetchCatalogue(signal?: AbortSignal): Promise<AdminCatalogue> {
  return (await call(CONSOLE_PATHS.menuCatalogue, AdminCatalogueResponseSchema, { signal })).data;
}

// ---- categories

export async function createCategory(body: NewCategoryBody): Promise<AdminCategory> {
  return (await call(CONSOLE_PATHS.menuCategories, AdminCategoryResponseSchema, { method: 'POST', body }))
    .data.category;
}

export async function changeCategory(id: number, body: CategoryChangeBody): Promise<AdminCategory> {
  return (
    await call(fillPath(CONSOLE_PATHS.menuCategory, { categoryId: id }), AdminCategoryResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.category;
}

export async function orderCategories(categoryIds: number[]): Promise<AdminCategory[]> {
  return (
    await call(CONSOLE_PATHS.menuCategoryOrder, AdminCategoriesResponseSchema, {
      method: 'PUT',
      body: { categoryIds },
    })
  ).data.categories;
}

// ---- products

const productAnswer = async (path: string, method: 'POST' | 'PATCH' | 'PUT', body: unknown) =>
  (await call(path, AdminProductResponseSchema, { method, body })).data.product;

export const createProduct = (body: NewProductBody): Promise<AdminProduct> =>
  productAnswer(CONSOLE_PATHS.menuProducts, 'POST', body);

export const changeProduct = (code: string, body: ProductChangeBody): Promise<AdminProduct> =>
  productAnswer(fillPath(CONSOLE_PATHS.menuProduct, { productCode: code }), 'PATCH', body);

export const moveProduct = (code: string, version: number, status: AdminProduct['status']) =>
  productAnswer(fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: code }), 'POST', {
    version,
    status,
  });

export const addVariant = (code: string, body: NewVariantBody): Promise<AdminProduct> =>
  productAnswer(fillPath(CONSOLE_PATHS.menuProductVariants, { productCode: code }), 'POST', body);

export const changeVariant = (variantCode: string, body: VariantChangeBody): Promise<AdminProduct> =>
  productAnswer(fillPath(CONSOLE_PATHS.menuVariant, { variantCode }), 'PATCH', body);

export const setNutrition = (code: string, sizeId: number, body: NutritionBody): Promise<AdminProduct> =>
  productAnswer(fillPath(CONSOLE_PATHS.menuNutrition, { productCode: code, sizeId }), 'PUT', body);

export async function uploadPhoto(code: string, version: number, file: Blob): Promise<AdminProduct> {
  const path = `${fillPath(CONSOLE_PATHS.menuProductPhoto, { productCode: code })}?version=${version}`;
  return (await upload(path, AdminProductResponseSchema, file)).data.product;
}

export async function changeTopping(id: number, body: ToppingChangeBody): Promise<AdminTopping> {
  return (
    await call(fillPath(CONSOLE_PATHS.menuTopping, { toppingId: id }), AdminToppingResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.topping;
}

// ---- per-store availability

export async function fetchAvailability(code: string, signal?: AbortSignal): Promise<StoreAvailability[]> {
  return (
    await call(
      fillPath(CONSOLE_PATHS.menuProductStores, { productCode: code }),
      AvailabilityListResponseSchema,
      {
        signal,
      },
    )
  ).data.stores;
}

export async function setAvailability(
  code: string,
  storeId: number,
  body: AvailabilityBody,
): Promise<StoreAvailability> {
  return (
    await call(
      fillPath(CONSOLE_PATHS.menuProductStore, { productCode: code, storeId }),
      AvailabilityResponseSchema,
      {
        method: 'PUT',
        body,
      },
    )
  ).data.store;
}

// ---- prices

export async function fetchPrices(productCode: string, signal?: AbortSignal): Promise<PriceEntryView[]> {
  const q = new URLSearchParams({ productCode });
  return (await call(`${CONSOLE_PATHS.priceList}?${q.toString()}`, PriceListResponseSchema, { signal })).data
    .entries;
}

export async function createPrices(body: NewPricesBody): Promise<PriceEntryView[]> {
  return (await call(CONSOLE_PATHS.priceList, PriceListResponseSchema, { method: 'POST', body })).data
    .entries;
}

export async function changePrice(id: number, body: PriceChangeBody): Promise<PriceEntryView> {
  return (
    await call(fillPath(CONSOLE_PATHS.priceEntry, { priceId: id }), PriceEntryResponseSchema, {
      method: 'PATCH',
      body,
    })
  ).data.entry;
}

export async function removePrice(id: number, version: number): Promise<PriceEntryView> {
  return (
    await call(fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: id }), PriceEntryResponseSchema, {
      method: 'POST',
      body: { version },
    })
  ).data.entry;
}

export async function fetchChainRules(signal?: AbortSignal) {
  return (await call(CONSOLE_PATHS.chainRules, ChainRulesResponseSchema, { signal })).data;
}

export async function saveChainRules(version: number, storePrices: boolean) {
  return (
    await call(CONSOLE_PATHS.chainRules, ChainRulesResponseSchema, {
      method: 'PUT',
      body: { version, storePrices },
    })
  ).data;
}

/** A store's menu as its customers see it: the products a login without the chain's menu may price. */
export async function fetchStoreMenu(storeId: number, signal?: AbortSignal): Promise<Menu> {
  return (await call(fillPath(API_PATHS.menu, { storeId }), MenuResponseSchema, { signal })).data;
}

// ---- what the forms convert

/** Rupees as typed ("299", "299.5", "₹1,299.00") in paise; null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as a form shows them for editing: "299", "299.50". */
export function rupeesInput(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A date (YYYY-MM-DD) and time (HH:MM) on India's clock as an instant with its offset. */
export function istInstant(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const iso = `${date}T${time}:00+05:30`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant as the date and time fields show it on India's clock. */
export function istFields(iso: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}
