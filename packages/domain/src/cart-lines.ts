/**
 * Cart lines: the SPEC §3 merge rule, reading stored cart items, pricing lines against a store's
 * catalogue, and the SPEC §9 cart limits.
 */
import type {
  CartLine,
  CartLineInput,
  CatalogueProduct,
  CatalogueVariant,
  InvalidLine,
  PricedLine,
  StoreCatalogue,
} from './cart-model.ts';
import { CART_MAX_ITEMS, CART_MAX_PRICE_RUPEES } from './constants.ts';
import { priceCustomisation, type CustomisationPrice } from './customise.ts';
import { addPaise, formatRupees, multiplyPaise, paise, rupees, type Paise } from './money.ts';

/** Ids as a set: order and repeats do not make two pizzas different. */
function idSet(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Keeps the first of each id, in the order given. */
function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/**
 * SPEC §3: items with the same product code, size, crust and toppings (and extra cheese) are the same
 * item. JSON keeps the parts apart whatever characters a product code holds.
 */
export function lineKey(line: CartLineInput): string {
  return JSON.stringify([
    line.productCode,
    line.sizeId,
    line.crustId,
    idSet(line.addToppings),
    idSet(line.removeToppings),
    idSet(line.replaceToppings),
    line.extraCheese,
    line.freeItem === true,
  ]);
}

/**
 * SPEC §3: items with the same key and no promo merge into the first of them (which keeps its itemId
 * and other fields), quantities summed. A line bound to a promotion stays on its own so removing the
 * promotion can take exactly its lines with it.
 */
export function mergeLines<T extends CartLineInput>(lines: readonly T[]): T[] {
  const out: T[] = [];
  const indexByKey = new Map<string, number>();
  for (const line of lines) {
    if (line.promoGroupId !== null) {
      out.push(line);
      continue;
    }
    const key = lineKey(line);
    const at = indexByKey.get(key);
    const first = at === undefined ? undefined : out[at];
    if (at === undefined || first === undefined) {
      indexByKey.set(key, out.length);
      out.push(line);
    } else {
      out[at] = { ...first, quantity: first.quantity + line.quantity };
    }
  }
  return out;
}

/** A cart item as stored or sent by older clients (SPEC §3 Cart item field names). */
export interface RawCartItem {
  productCode: string;
  crustId?: number | null;
  sizeId?: number | null;
  crust?: { crustId: number } | null;
  size?: { sizeId: number } | null;
  addTopngs?: readonly number[];
  remTopngs?: readonly number[];
  repTopngs?: readonly number[];
  extraCheese?: number;
  quantity: number;
  /** LOYALTY: a free pizza paid with Pizza Pals points */
  menuType?: 'LOYALTY' | null;
}

function wholeId(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * SPEC §3: items lacking crustId/sizeId take them from the crust/size object. An item that names no
 * crust or no size cannot be priced, so it is null (the caller drops it). Stored items carry no promo.
 */
export function normaliseLineInput(raw: RawCartItem): CartLineInput | null {
  const crustId = wholeId(raw.crustId) ?? wholeId(raw.crust?.crustId);
  const sizeId = wholeId(raw.sizeId) ?? wholeId(raw.size?.sizeId);
  if (crustId === null || sizeId === null) return null;
  return {
    productCode: raw.productCode,
    crustId,
    sizeId,
    addToppings: unique(raw.addTopngs ?? []),
    removeToppings: unique(raw.remTopngs ?? []),
    replaceToppings: unique(raw.repTopngs ?? []),
    extraCheese: raw.extraCheese ?? 0,
    quantity: raw.quantity,
    promoGroupId: null,
    ...(raw.menuType === 'LOYALTY' ? { freeItem: true } : {}),
  };
}

/**
 * Adds what the customer asked for: into the line that is the same item (SPEC §3 merge), else as a new
 * line. The merged line keeps the unit price it was last shown at, so a change since then still comes
 * up as PRICE_CHANGED rather than being accepted silently.
 */
export function addLine(
  lines: readonly CartLine[],
  input: CartLineInput,
  fresh: { itemId: string; seenUnitPrice: Paise },
): CartLine[] {
  if (input.promoGroupId === null) {
    const key = lineKey(input);
    const at = lines.findIndex((l) => l.promoGroupId === null && lineKey(l) === key);
    const existing = lines[at];
    if (existing) {
      const out = [...lines];
      out[at] = { ...existing, quantity: existing.quantity + input.quantity };
      return out;
    }
  }
  return [...lines, { ...input, itemId: fresh.itemId, seenUnitPrice: fresh.seenUnitPrice }];
}

type UnitPricing =
  | { ok: true; product: CatalogueProduct; variant: CatalogueVariant; price: CustomisationPrice }
  | { ok: false; reason: 'NOT_AVAILABLE' | 'OUT_OF_STOCK' };

/**
 * One unit at this store. Whatever the store cannot make (a product it does not sell, a crust/size or
 * topping it does not have, a quantity that is not a count) is NOT_AVAILABLE; something it makes but
 * has run out of is OUT_OF_STOCK, which is temporary. Too many units is the cart limit's business.
 */
function priceUnit(input: CartLineInput, catalogue: StoreCatalogue): UnitPricing {
  const product = catalogue.products.get(input.productCode);
  if (!product) return { ok: false, reason: 'NOT_AVAILABLE' };
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1)
    return { ok: false, reason: 'NOT_AVAILABLE' };
  const priced = priceCustomisation(product, { ...input, quantity: 1 }, catalogue.toppings);
  const variant = product.variants.find((v) => v.crustId === input.crustId && v.sizeId === input.sizeId);
  if (!priced.ok || !variant) return { ok: false, reason: 'NOT_AVAILABLE' };
  if (input.freeItem) {
    // Pizza Pals gives a regular pizza: the pizza is free, what is added to it is not (SPEC §3 potpFreeItem)
    if (product.productType !== 'PIZZA' || !catalogue.freePizzaSizeIds.has(input.sizeId))
      return { ok: false, reason: 'NOT_AVAILABLE' };
  }
  if (!product.inStock) return { ok: false, reason: 'OUT_OF_STOCK' };
  if (input.freeItem) {
    const unitPrice = addPaise(priced.price.toppingsPrice, priced.price.extraCheesePrice);
    const price = { ...priced.price, variantPrice: paise(0), unitPrice, linePrice: unitPrice };
    return { ok: true, product, variant: { ...variant, price: paise(0), regularPrice: paise(0) }, price };
  }
  return { ok: true, product, variant, price: priced.price };
}

/** The unit price of a line about to be added: the variant, extra toppings and extra cheese for its size. */
export function priceLineInput(
  input: CartLineInput,
  catalogue: StoreCatalogue,
):
  | { ok: true; unitPrice: Paise; product: CatalogueProduct }
  | { ok: false; reason: 'NOT_AVAILABLE' | 'OUT_OF_STOCK' } {
  const r = priceUnit(input, catalogue);
  return r.ok ? { ok: true, unitPrice: r.price.unitPrice, product: r.product } : r;
}

/**
 * Splits the cart into lines that can be ordered now and lines that cannot, in cart order. A line whose
 * price moved since the customer saw it is held back (PRICE_CHANGED) until they accept the new price
 * (SPEC §8 "Review your Cart: pricing or availability may have changed").
 */
export function priceLines(
  lines: readonly CartLine[],
  catalogue: StoreCatalogue,
): { valid: PricedLine[]; invalid: InvalidLine[] } {
  const valid: PricedLine[] = [];
  const invalid: InvalidLine[] = [];
  for (const line of lines) {
    const r = priceUnit(line, catalogue);
    if (!r.ok) {
      invalid.push({ line, reason: r.reason, currentUnitPrice: null });
      continue;
    }
    const { unitPrice, variantPrice } = r.price;
    if (unitPrice !== line.seenUnitPrice) {
      invalid.push({ line, reason: 'PRICE_CHANGED', currentUnitPrice: unitPrice });
      continue;
    }
    const toppingsPrice = addPaise(r.price.toppingsPrice, r.price.extraCheesePrice);
    valid.push({
      line,
      product: r.product,
      variantPrice,
      regularVariantPrice: r.variant.regularPrice,
      toppingsPrice,
      unitPrice,
      linePrice: multiplyPaise(unitPrice, line.quantity),
      regularLinePrice: multiplyPaise(addPaise(r.variant.regularPrice, toppingsPrice), line.quantity),
    });
  }
  return { valid, invalid };
}

/** The customer accepts today's prices (or moved store): every line that can be priced takes its price now. */
export function repriceLines(lines: readonly CartLine[], catalogue: StoreCatalogue): CartLine[] {
  return lines.map((line) => {
    const r = priceUnit(line, catalogue);
    return r.ok && r.price.unitPrice !== line.seenUnitPrice
      ? { ...line, seenUnitPrice: r.price.unitPrice }
      : line;
  });
}

/**
 * What each SPEC §9 cap says. SPEC §8's "only a limited quantity of this product" speaks of one product, while
 * both caps are the whole cart's (a refused add may be of an item not yet in the cart), so each names its own
 * limit and what to do about it.
 */
export const CART_LIMIT_TEXTS = {
  maxItems: `Your cart can hold up to ${CART_MAX_ITEMS} items. Remove one to add another.`,
  maxPrice: `An order can be worth up to ${formatRupees(rupees(CART_MAX_PRICE_RUPEES))}. Remove something to add this.`,
} as const;

/** SPEC §9: at most 25 units in all and a sub-total of at most ₹5000. */
export function checkCartLimits(
  lines: readonly { quantity: number }[],
  subTotal: Paise,
): { ok: true } | { ok: false; code: 'MAX_ITEMS' | 'MAX_PRICE'; displayMsg: string } {
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units > CART_MAX_ITEMS) return { ok: false, code: 'MAX_ITEMS', displayMsg: CART_LIMIT_TEXTS.maxItems };
  if (subTotal > rupees(CART_MAX_PRICE_RUPEES))
    return { ok: false, code: 'MAX_PRICE', displayMsg: CART_LIMIT_TEXTS.maxPrice };
  return { ok: true };
}
