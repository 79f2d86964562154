/**
 * SPEC §9's surprise gift: a real menu product the chain chose (SURPRISE_GIFT_PRODUCT_CODE), free with ₹350 of
 * food after discounts. It is ₹0 and changes no total, tax, loyalty or coupon rule; the store packs it because
 * the order says so.
 */
import type { StoreCatalogue } from './cart-model.ts';
import { SURPRISE_GIFT_PRODUCT_CODE, SURPRISE_GIFT_THRESHOLD_RUPEES } from './constants.ts';
import { paise, rupees, type Paise } from './money.ts';

/** The gift as the cart promises it and the order carries it. */
export interface GiftProduct {
  productCode: string;
  name: string;
}

/** The cart's progress to the gift: how much more is needed, or that it is unlocked. */
export interface SurpriseGift extends GiftProduct {
  threshold: Paise;
  unlocked: boolean;
  remaining: Paise;
}

/**
 * The gift this store can give now: it sells the product and has it in stock. Otherwise none is offered, since
 * a promise the store cannot keep is worse than no promise.
 */
export function giftAtStore(
  catalogue: Pick<StoreCatalogue, 'products'>,
  productCode: string = SURPRISE_GIFT_PRODUCT_CODE,
): GiftProduct | null {
  const product = catalogue.products.get(productCode);
  return product?.inStock ? { productCode: product.code, name: product.name } : null;
}

/** The cart's gift line for a net price (after discounts), or null when the store offers no gift. */
export function surpriseGift(netPrice: Paise, gift: GiftProduct | null): SurpriseGift | null {
  if (!gift) return null;
  const threshold = rupees(SURPRISE_GIFT_THRESHOLD_RUPEES);
  return {
    productCode: gift.productCode,
    name: gift.name,
    threshold,
    unlocked: netPrice >= threshold,
    remaining: paise(Math.max(0, threshold - netPrice)),
  };
}

/** What an order placed from the cart carries: the gift once unlocked, else nothing. */
export function giftWithOrder(
  gift: Pick<SurpriseGift, 'productCode' | 'name' | 'unlocked'> | null,
): GiftProduct | null {
  return gift?.unlocked ? { productCode: gift.productCode, name: gift.name } : null;
}
