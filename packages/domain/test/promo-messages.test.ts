import { describe, expect, it } from 'vitest';
import type { PromoErrorCode } from '../src/cart-model.ts';
import { paise, rupees } from '../src/money.ts';
import {
  COUPON_NOT_VALID,
  couponNotFound,
  eligibleUnitNoun,
  promoError,
  promoMessage,
  type PromoMessageDetails,
} from '../src/promo-messages.ts';

describe('an unknown coupon (SPEC §5)', () => {
  it('reads "Sorry, this coupon is not valid"', () => {
    expect(COUPON_NOT_VALID).toBe('Sorry, this coupon is not valid');
    expect(couponNotFound()).toEqual({ code: 'NOT_FOUND', displayMsg: 'Sorry, this coupon is not valid' });
  });
});

describe('promoMessage', () => {
  it.each<[PromoErrorCode, PromoMessageDetails, string]>([
    ['NOT_FOUND', {}, 'Sorry, this coupon is not valid'],
    ['EMPTY_CART', {}, 'Add items to your cart to use this offer'],
    ['RAILWAY_EXPLICIT_PROMO', {}, 'This offer cannot be used on train orders'],
    ['ORDER_TYPE', { deliveryType: 'DINEIN' }, 'This coupon is not valid for Dine-in orders'],
    ['ORDER_TYPE', {}, 'This coupon is not valid for this order type'],
    ['STORE', {}, 'This coupon is not valid at the selected store'],
    ['DAY', {}, 'This coupon is not valid today'],
    ['HOURS', { hours: { from: 660, to: 900 } }, 'This coupon is valid only between 11:00 AM and 3:00 PM'],
    ['HOURS', { hours: { from: 1320, to: 120 } }, 'This coupon is valid only between 10:00 PM and 2:00 AM'],
    ['HOURS', {}, 'This coupon is not valid at this time'],
    ['FIRST_ORDER_ONLY', {}, 'This coupon is valid on your first order only'],
    ['LOGIN_REQUIRED', {}, 'Please login to use this coupon'],
    ['STAFF_ONLY', {}, 'This coupon is for Crust staff only'],
    ['CUSTOMER_LIMIT', {}, 'You have already used this coupon the maximum number of times'],
    ['TOTAL_LIMIT', {}, 'This coupon is no longer available'],
    ['MIN_ORDER_VALUE', { shortfall: rupees(120) }, 'Add items worth ₹120 more to use this coupon'],
    ['MIN_ORDER_VALUE', { shortfall: paise(123_456) }, 'Add items worth ₹1,234.56 more to use this coupon'],
    ['MIN_ORDER_VALUE', {}, 'Add more items to use this coupon'],
    ['NO_ELIGIBLE_ITEMS', {}, 'None of the items in your cart are eligible for this offer'],
    ['NO_ELIGIBLE_ITEMS', { freeItemMissing: true }, 'Add the free item to your cart to use this coupon'],
    ['NOT_ENOUGH_ITEMS', { needed: 1, unit: 'pizza' }, 'Add 1 more eligible pizza to get this deal'],
    ['NOT_ENOUGH_ITEMS', { needed: 2, unit: 'pizza' }, 'Add 2 more eligible pizzas to get this deal'],
    ['NOT_ENOUGH_ITEMS', { needed: 3 }, 'Add 3 more eligible items to get this deal'],
    ['NOT_ENOUGH_ITEMS', {}, 'Add 1 more eligible item to get this deal'],
  ])('%s %j', (code, details, text) => {
    expect(promoMessage(code, details)).toBe(text);
    expect(promoError(code, details)).toEqual({ code, displayMsg: text });
  });
});

describe('eligibleUnitNoun', () => {
  it.each<[readonly string[] | null, 'pizza' | 'item']>([
    [['PIZZA'], 'pizza'],
    [['PIZZA', 'PIZZA_MANIA'], 'pizza'],
    [['PIZZA', 'SIDES'], 'item'],
    [['BEVERAGE'], 'item'],
    [[], 'item'],
    [null, 'item'],
  ])('%j → %s', (types, noun) => {
    expect(eligibleUnitNoun(types)).toBe(noun);
  });
});
