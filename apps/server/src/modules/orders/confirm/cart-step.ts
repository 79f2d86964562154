import type { Cart } from '@crust/contract/cart';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import type { CartLine } from '@crust/domain/cart-model';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../../db/client.ts';
import { HttpError, type Result } from '../../../http/errors.ts';
import type { CartService } from '../../cart/service.ts';
import { fail, type Refused } from '../fail.ts';
import * as repo from '../repo.ts';

export interface CheckoutCart {
  cart: Cart;
  lines: CartLine[];
}

/**
 * The cart as checkout prices it, when it can be ordered as it is; `spent` when the cart's order was placed
 * already (a late or racing confirm is answered with that order).
 */
export async function cartStep(
  carts: Pick<CartService, 'forCheckout'>,
  db: Db,
  ownerId: string,
  od: Pick<ConfirmOrderBody['orderDetails'], 'cartId' | 'deliveryType'>,
  walletUsed: boolean,
): Promise<Result<CheckoutCart> | { spent: repo.OrderRow }> {
  let checkout: CheckoutCart;
  try {
    checkout = await carts.forCheckout(ownerId, od.cartId, { walletUsed });
  } catch (err) {
    // the cart is spent once its order is placed: a late or racing confirm gets that order's answer
    const active = err instanceof HttpError ? await repo.findActiveOrderOfCart(db, od.cartId) : undefined;
    if (active && active.ownerId === ownerId) return { spent: active };
    throw err;
  }
  return cartRefusal(checkout.cart, od.deliveryType) ?? { ok: true, data: checkout };
}

/** A cart with nothing to order, of another order type than the confirm's, or with items gone. */
export function cartRefusal(
  cart: Pick<Cart, 'validItems' | 'invalidItems' | 'deliveryType'>,
  deliveryType: ConfirmOrderBody['orderDetails']['deliveryType'],
): Refused | null {
  if (cart.validItems.length === 0 || cart.deliveryType !== deliveryType)
    return fail('REVIEW_CART', MESSAGES.reviewCart);
  if (cart.invalidItems.length > 0) return fail('ITEMS_UNAVAILABLE', MESSAGES.someItemsUnavailable);
  return null;
}
