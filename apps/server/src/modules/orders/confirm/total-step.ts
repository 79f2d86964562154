import type { Cart } from '@crust/contract/cart';
import { MESSAGES } from '@crust/domain/messages';
import { fail, type Refused } from '../fail.ts';

/**
 * The total the customer saw must be the cart's price now. Reading the cart settled it (a coupon that no longer
 * applies was dropped): the refusal says why, once, here.
 */
export function totalRefusal(
  cart: Pick<Cart, 'price' | 'notices'>,
  expectedTotalPaise: number,
): Refused | null {
  if (expectedTotalPaise === cart.price) return null;
  const why = [...new Set([...cart.notices, MESSAGES.reviewCart])];
  return fail('REVIEW_CART', why.join('. '));
}
