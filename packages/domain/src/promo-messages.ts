/**
 * The sentence a customer sees for each reason a coupon or deal does not apply (errors[0].displayMsg,
 * SPEC §5 Coupon). All promotion texts live here so the server and the web app say the same thing.
 */
import type { PromoError, PromoErrorCode } from './cart-model.ts';
import { assertNever, deliveryTypeLabel, type DeliveryType } from './delivery-types.ts';
import { formatHHMM } from './hours.ts';
import { MESSAGES } from './messages.ts';
import { formatRupees, type Paise } from './money.ts';

/** SPEC §5: an unknown code, word for word. */
export const COUPON_NOT_VALID = MESSAGES.couponNotValid;

/** What some sentences name; each is optional so a caller without it still gets a sensible sentence. */
export interface PromoMessageDetails {
  /** ORDER_TYPE: the cart's order type */
  deliveryType?: DeliveryType;
  /** HOURS: the window the coupon is valid in, minutes after midnight IST */
  hours?: { from: number; to: number };
  /** MIN_ORDER_VALUE: how much more the cart needs */
  shortfall?: Paise;
  /** NOT_ENOUGH_ITEMS: how many more eligible units the cart needs, and what they are */
  needed?: number;
  unit?: 'pizza' | 'item';
  /** NO_ELIGIBLE_ITEMS: a free-item coupon whose item is not in the cart */
  freeItemMissing?: boolean;
}

export function promoMessage(code: PromoErrorCode, details: PromoMessageDetails = {}): string {
  switch (code) {
    case 'NOT_FOUND':
    case 'EXPIRED':
      // SPEC §5 has one sentence for a code that does not work; a window that has not begun or is over says it too
      return COUPON_NOT_VALID;
    case 'EMPTY_CART':
      return 'Add items to your cart to use this offer';
    case 'RAILWAY_EXPLICIT_PROMO':
      return 'This offer cannot be used on train orders';
    case 'ORDER_TYPE':
      return details.deliveryType
        ? `This coupon is not valid for ${deliveryTypeLabel(details.deliveryType)} orders`
        : 'This coupon is not valid for this order type';
    case 'STORE':
      return 'This coupon is not valid at the selected store';
    case 'DAY':
      return 'This coupon is not valid today';
    case 'HOURS':
      return details.hours
        ? `This coupon is valid only between ${formatHHMM(details.hours.from)} and ${formatHHMM(details.hours.to)}`
        : 'This coupon is not valid at this time';
    case 'FIRST_ORDER_ONLY':
      return 'This coupon is valid on your first order only';
    case 'LOGIN_REQUIRED':
      return 'Please login to use this coupon';
    case 'STAFF_ONLY':
      return 'This coupon is for Crust staff only';
    case 'NOT_YOUR_COUPON':
      return 'This coupon was won by another customer and works only in their account';
    case 'CUSTOMER_LIMIT':
      return 'You have already used this coupon the maximum number of times';
    case 'TOTAL_LIMIT':
      return 'This coupon is no longer available';
    case 'MIN_ORDER_VALUE':
      return details.shortfall !== undefined
        ? `Add items worth ${formatRupees(details.shortfall)} more to use this coupon`
        : 'Add more items to use this coupon';
    case 'NO_ELIGIBLE_ITEMS':
      return details.freeItemMissing
        ? 'Add the free item to your cart to use this coupon'
        : 'None of the items in your cart are eligible for this offer';
    case 'NOT_ENOUGH_ITEMS': {
      const n = details.needed ?? 1;
      const unit = details.unit ?? 'item';
      return `Add ${n} more eligible ${n === 1 ? unit : `${unit}s`} to get this deal`;
    }
    default:
      return assertNever(code);
  }
}

export function promoError(code: PromoErrorCode, details: PromoMessageDetails = {}): PromoError {
  return { code, displayMsg: promoMessage(code, details) };
}

/** SPEC §5: a code no promotion answers to. */
export function couponNotFound(): PromoError {
  return promoError('NOT_FOUND');
}

/** "pizza" when every eligible product type is a pizza type (PIZZA, PIZZA_MANIA), else "item". */
export function eligibleUnitNoun(productTypes: readonly string[] | null): 'pizza' | 'item' {
  return productTypes !== null && productTypes.length > 0 && productTypes.every((t) => t.startsWith('PIZZA'))
    ? 'pizza'
    : 'item';
}
