import type { ConfirmAnswer, ConfirmOrderResult } from '@crust/contract/orders';
import type { Db } from '../../../db/client.ts';
import type { Result } from '../../../http/errors.ts';
import { answerOf } from '../answers.ts';
import { takeCouponUse } from '../coupon-use.ts';
import { type OrderEvents, Refusal } from '../events.ts';
import { fail } from '../fail.ts';
import { payByOfOrder } from '../next-action.ts';
import { newOrderNumber } from '../order-number.ts';
import type { PaymentFlow } from '../payment-flow.ts';
import * as repo from '../repo.ts';
import { orderRowOf, type ConfirmedOrder } from './order-row.ts';

export interface PlaceOrderDeps {
  db: Db;
  events: OrderEvents;
  flow: PaymentFlow;
  /** cash orders above this ask for a COD OTP (new customers always do) */
  codOtpAbovePaise: number;
}

/** Stores the confirm's answer with the idempotency key's, in the transaction that placed the order. */
export type AnswerInside = (tx: Db, answer: Result<ConfirmAnswer>) => Promise<void>;

/** What placing came to: no order (the cart has an active one), or the order and its payment. */
export type Placed =
  | { order: null }
  | {
      order: repo.OrderRow;
      payment: repo.PaymentRow;
      /** the confirm's answer when the order was paid as it was made; null: its first payment step is next */
      answer: Result<ConfirmOrderResult> | null;
    };

/**
 * The order and its payment in one transaction, with the coupon's use taken; the first payment step too, when it
 * needs nobody outside the database (placedAtOnce).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  c: ConfirmedOrder,
  answerInside?: AnswerInside,
): Promise<Result<Placed>> {
  try {
    const placed = await deps.events.transaction(deps.db, async (tx, raise): Promise<Placed> => {
      const row = await repo.insertOrder(tx, orderRowOf(c), newOrderNumber);
      if (!row) return { order: null };
      const payment = await repo.insertPayment(tx, c.orderId, c.instrument.method ?? 'PIGGYBANK');
      await raise({ kind: 'opened', order: row });
      // every condition the coupon declares, again, inside the transaction (first order, staff, limits)
      const couponRefusal = row.promoCode
        ? await takeCouponUse(tx, {
            code: row.promoCode,
            customerId: c.ownerId,
            isCustomer: c.customer,
            cartId: c.checkout.cart.cartId,
            orderId: c.orderId,
          })
        : null;
      if (couponRefusal) throw new Refusal(`PROMO_${couponRefusal.code}`, couponRefusal.displayMsg);
      if (await placedAtOnce(deps, tx, row)) {
        const moved = await deps.flow.applyIn(tx, raise, row, payment, 'authorised');
        const answer = answerOf(moved.order, moved.payment, null, null);
        // last in the transaction: nothing after it may roll back what it stored
        if (answerInside) await answerInside(tx, answer);
        return { order: moved.order, payment: moved.payment, answer };
      }
      return { order: row, payment, answer: null };
    });
    return { ok: true, data: placed };
  } catch (err) {
    if (err instanceof Refusal) return fail(err.code, err.displayMsg);
    throw err;
  }
}

/**
 * Whether a new order is paid for as it is made, by nobody outside the database: the wallet pays it all, or a
 * customer known by an earlier placed order pays cash within the amount that asks no COD OTP.
 */
async function placedAtOnce(
  deps: Pick<PlaceOrderDeps, 'codOtpAbovePaise'>,
  tx: Db,
  order: repo.OrderRow,
): Promise<boolean> {
  const by = payByOfOrder(order);
  if (by.kind === 'wallet_only') return true;
  if (by.kind !== 'cash' || order.amountPaise > deps.codOtpAbovePaise) return false;
  return repo.hasPlacedOrder(tx, { ownerId: order.ownerId, mobile: order.mobile });
}
