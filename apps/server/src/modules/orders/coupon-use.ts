import type { PromoError } from '@crust/domain/cart-model';
import { couponNotFound, promoError } from '@crust/domain/promo-messages';
import type { Db } from '../../db/client.ts';
import { couponChecks } from '../offers/service.ts';
import * as repo from './repo.ts';

/**
 * Takes one use of the cart's coupon for a new order, inside the order's transaction (issue 11): every
 * condition the coupon declares about the customer is checked again here, from the database as it is now,
 * under a lock per customer and coupon (and the coupon's row when it has a total limit). So parallel confirms
 * of two carts of one customer cannot both pass a first-order or once-per-customer check that each made
 * before the other wrote: the second waits, then sees the first's order and redemption. null when the use
 * was taken; else the reason, which rolls the order back.
 */
export async function takeCouponUse(
  tx: Db,
  input: { code: string; customerId: string; isCustomer: boolean; cartId: string; orderId: string },
): Promise<PromoError | null> {
  const { code, customerId } = input;
  const coupon = await couponChecks.limits(tx, code);
  if (!coupon) return null; // an everyday-value deal: nothing is counted
  // retired (or never published) since the cart was priced: the code no longer works
  if (coupon.status !== 'PUBLISHED') return couponNotFound();
  // a personal coupon (a spin-the-wheel prize) is its owner's alone, whatever the cart said when it was priced
  if (coupon.ownerId !== null) {
    if (!input.isCustomer) return promoError('LOGIN_REQUIRED');
    if (coupon.ownerId !== customerId) return promoError('NOT_YOUR_COUPON');
  }
  await repo.lockCouponUse(tx, code, customerId);
  if (coupon.totalLimit !== null) await repo.lockCoupon(tx, code);
  const staffOnly = coupon.audience === 'STAFF';
  const dependsOnCustomer = coupon.firstOrderOnly || coupon.perCustomerLimit !== null || staffOnly;
  if (dependsOnCustomer && !input.isCustomer) return promoError('LOGIN_REQUIRED');
  if (coupon.firstOrderOnly || staffOnly) {
    const standing = await couponChecks.standing(tx, customerId, input.cartId);
    if (staffOnly && !standing?.isStaff) return promoError('STAFF_ONLY');
    // an earlier order, or this coupon already taken by an order of another cart
    if (
      coupon.firstOrderOnly &&
      (standing?.hasOrdered !== false || (await repo.countRedemptions(tx, code, customerId)) > 0)
    )
      return promoError('FIRST_ORDER_ONLY');
  }
  if (
    coupon.perCustomerLimit !== null &&
    (await repo.countRedemptions(tx, code, customerId)) >= coupon.perCustomerLimit
  )
    return promoError('CUSTOMER_LIMIT');
  if (coupon.totalLimit !== null && (await repo.countRedemptions(tx, code)) >= coupon.totalLimit)
    return promoError('TOTAL_LIMIT');
  await repo.insertRedemption(tx, { code, customerId, orderId: input.orderId });
  return null;
}
