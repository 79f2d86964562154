import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { PaymentType } from '@crust/domain/payment-types';
import type { Db } from '../../../db/client.ts';
import type { Result } from '../../../http/errors.ts';
import type { OrderAnswers } from '../answers.ts';
import type { FirstPayment } from '../first-payment.ts';
import { partnerOf, payByOfMethod, payByOfOrder } from '../next-action.ts';
import type { PaymentFlow } from '../payment-flow.ts';
import * as repo from '../repo.ts';

/** What answerExisting answers when it replaced the cart's open order: the confirm goes round again. */
export const REPLACED = Symbol('replaced');

/** What this confirm would make, against which the cart's active order is compared. */
export interface Fresh {
  cartVersion: number;
  totalPaise: number;
  walletPaise: number;
  primary: PaymentType | null;
  upiMode: 'INTENT' | 'COLLECT' | null;
  /** the partner host whose sheet pays it (issue 18), else null */
  partner: PartnerVendor | null;
}

export interface ExistingOrderDeps {
  db: Db;
  flow: PaymentFlow;
  clock: () => number;
  answers: OrderAnswers;
  firstPayment: FirstPayment;
}

/**
 * A confirm for a cart that already has an active order: the same order and choices get the same answer
 * (a double tap, a second tab); a changed cart, total or way to pay replaces an order that is not paid
 * (REPLACED: the caller then makes the new order), even one with a payment still open at the gateway (a UPI
 * collect nobody approved, a bank page left open): the customer left it to pay this way, and should it still
 * capture, the payment arrives after the failure and is refunded (payment-state: failed + captured).
 */
export async function answerExisting(
  deps: ExistingOrderDeps,
  found: repo.OrderRow,
  fresh: Fresh,
): Promise<Result<ConfirmOrderResult> | typeof REPLACED> {
  const active = await deps.firstPayment.started(found);
  if (active.status === 'placed') return deps.answers.answerFor(active);
  const sameMoney =
    active.cartVersion === fresh.cartVersion &&
    active.totalPaise === fresh.totalPaise &&
    active.walletPaise === fresh.walletPaise;
  const oldBy = payByOfOrder(active);
  const newBy = payByOfMethod(fresh.primary, fresh.partner);
  // a partner host's sheet and the chain's gateway are different gateway orders: switching replaces the order
  const sameGateway = partnerOf(active) === fresh.partner;
  if (sameMoney && sameGateway && oldBy.kind === 'gateway' && newBy.kind === 'gateway') {
    // another method for the same gateway order: the gateway takes any method for it
    if (active.primaryPaymentId !== fresh.primary || active.upiMode !== fresh.upiMode) {
      await repo.updateOrder(deps.db, active.id, {
        primaryPaymentId: fresh.primary,
        upiMode: fresh.upiMode,
      });
      // what pays is what the customer chose last: the summary and "Last used" say so
      if (fresh.primary) await repo.setPaymentMethod(deps.db, active.id, fresh.primary);
    }
    return deps.answers.answerFor(active);
  }
  if (sameMoney && sameGateway && active.primaryPaymentId === fresh.primary)
    return deps.answers.answerFor(active);
  // something changed: the old order goes unless it was paid meanwhile (then the customer is shown that order)
  const state = await deps.flow.sync(active.id, deps.clock());
  if (state === 'success') return deps.answers.answerFor(active);
  if (state === 'created' || state === 'pending') {
    // conditional on the payment's version: of two confirms replacing it at once, one expires it
    const after = await deps.flow.apply(active.id, 'expired', { failureCode: 'REPLACED' });
    if (after === 'success') return deps.answers.answerFor(active);
  }
  return REPLACED;
}

/**
 * The cart has an active order already (its insert found it): that order's answer, or REPLACED when it ended
 * meanwhile or this confirm replaced it.
 */
export async function orderInTheWay(
  deps: ExistingOrderDeps,
  cartId: string,
  fresh: Fresh,
): Promise<Result<ConfirmOrderResult> | typeof REPLACED> {
  const active = await repo.findActiveOrderOfCart(deps.db, cartId);
  // the order in the way ended meanwhile (replaced by a racing confirm, lapsed): try again
  if (!active) return REPLACED;
  return answerExisting(deps, active, fresh);
}
