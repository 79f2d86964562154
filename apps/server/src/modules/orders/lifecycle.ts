import { guaranteeCompensation } from '@crust/domain/delivery-guarantee';
import { isPickupType } from '@crust/domain/delivery-types';
import { canMove, isAdvanceWaiting, isFinalStage, type OrderStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { PaymentFlow } from './payment-flow.ts';
import { isCustomerId } from '../../http/session-tokens.ts';
import { customerIdByMobile } from '../auth/customers.ts';
import type { DeliveryCodes } from './delivery-codes.ts';
import type { OrderEvents, Raise } from './events.ts';
import { orderStageOf, orderTypeOf } from './order-facts.ts';
import * as repo from './repo.ts';
import type { OrderRow } from './repo.ts';

export const LIFECYCLE_TEXTS = {
  notMovable: 'This order is not with the store (it is not paid, or it was cancelled).',
  moved: (stage: string) => `This order has moved on: it is now ${stage.replace('_', ' ').toLowerCase()}.`,
  riderRequired: "Enter the rider's name to dispatch this order.",
  advanceWaiting: 'This advance order starts 30 minutes before its slot.',
  alreadyFinished: 'This order is already finished and cannot be cancelled.',
} as const;

/**
 * The store's side of an order (issue 6): forward one stage at a time, or cancelled with the customer's money
 * given back. Every move is conditional on the stage the staff member saw, and raises its event in the same
 * transaction (events.ts): the wallet moves with it, and the customer's tracker and the store's other screens
 * follow once it is committed.
 */
export class OrderLifecycle {
  constructor(
    private readonly db: Db,
    private readonly flow: PaymentFlow,
    private readonly events: OrderEvents,
    /** a train order is handed over only with the passenger's delivery code */
    private readonly codes: Pick<DeliveryCodes, 'check'>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `order` as the caller read it (to check who may touch it); the move itself is conditional on its stage. */
  async move(
    staffId: string,
    order: OrderRow,
    to: OrderStage,
    riderName?: string,
    deliveryCode?: string,
  ): Promise<OrderRow> {
    placedOnly(order);
    const orderId = order.id;
    const type = orderTypeOf(order);
    const from = orderStageOf(order);
    // the store ends an order cancelled (cancel) and only the train watch undelivered (end)
    if (!from || !canMove(from, to, type) || to === 'CANCELLED' || to === 'UNDELIVERED')
      throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved(from ?? 'unknown'));
    if (to === 'DISPATCHED' && !isPickupType(type) && !riderName)
      throw httpError(400, 'RIDER_REQUIRED', LIFECYCLE_TEXTS.riderRequired, { field: 'riderName' });
    const now = this.clock();
    if (from === 'CONFIRMED' && isAdvanceWaiting(order.advancedTime?.getTime() ?? null, now))
      throw httpError(409, 'ADVANCE_WAITING', LIFECYCLE_TEXTS.advanceWaiting);
    if (to === 'DELIVERED' && type === 'IRCTC') await this.codes.check(orderId, deliveryCode);
    const at = new Date(now);
    const finished = isFinalStage(to);
    const moved = await this.events.transaction(this.db, async (tx, raise) => {
      const row = await repo.moveStage(tx, orderId, from, {
        stage: to,
        at,
        staffId,
        ...(riderName !== undefined && to === 'DISPATCHED' ? { riderName } : {}),
        ...(finished ? { deliveredAt: at } : {}),
      });
      if (!row) return undefined;
      const now = to === 'DELIVERED' ? ((await this.compensateLateness(tx, raise, row)) ?? row) : row;
      await raise({ kind: 'moved', order: now, to });
      return now;
    });
    if (!moved) {
      const now2 = await repo.findOrder(this.db, orderId);
      throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved(now2?.stage ?? 'unknown'));
    }
    return moved;
  }

  async cancel(staffId: string, order: OrderRow, reason: string): Promise<OrderRow> {
    return this.end(order, { stage: 'CANCELLED', reason, staffId });
  }

  /**
   * Ends a placed order before it was delivered, its money given back once: cancelled by the store (staffId) or by
   * the passenger of a train order (null), or undelivered because its train left first (null: the train watch).
   * Conditional on the stage the caller saw, so of a cancel and a dispatch at once only one happens.
   */
  async end(
    order: OrderRow,
    how: { stage: 'CANCELLED' | 'UNDELIVERED'; reason: string; staffId: string | null },
  ): Promise<OrderRow> {
    placedOnly(order);
    const orderId = order.id;
    const from = orderStageOf(order);
    if (!from || !canMove(from, how.stage, orderTypeOf(order)))
      throw httpError(409, 'ORDER_FINISHED', LIFECYCLE_TEXTS.alreadyFinished);
    const cancelled = await this.events.transaction(this.db, async (tx, raise) => {
      const row = await repo.moveStage(tx, orderId, from, {
        stage: how.stage,
        at: new Date(this.clock()),
        staffId: how.staffId,
        cancelReason: how.reason,
        status: 'cancelled',
      });
      if (!row) return undefined;
      // the wallet part comes back with the cancelled event (wallet/order-subscriber.ts); an e-voucher or gift
      // card paid the rest: its balance comes back in the same transaction (the move above happens once, so
      // this does too)
      if (row.voucherCode && row.amountPaise > 0)
        await repo.restoreVoucher(tx, row.voucherCode, row.amountPaise);
      await raise({ kind: 'cancelled', order: row });
      await this.refundIn(tx, raise, row);
      return row;
    });
    if (!cancelled) throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved('changed'));
    return cancelled;
  }

  /**
   * Money taken by the gateway goes back through it; cash was never collected, so there is nothing to return.
   * The payment becomes refund_pending in the cancel's own transaction, so a crash before the gateway is asked
   * leaves a refund the reconciler finishes, never a cancelled order that kept the money.
   */
  private async refundIn(tx: Db, raise: Raise, order: OrderRow): Promise<void> {
    const payment = await repo.findPayment(tx, order.id);
    if (!payment || payment.state !== 'success' || !payment.gatewayPaymentId) return;
    await this.flow.applyIn(tx, raise, order, payment, 'refund_requested');
  }

  /** SPEC §9: a late delivery credits the order's cost, up to ₹300, to the customer's wallet. */
  private async compensateLateness(tx: Db, raise: Raise, order: OrderRow): Promise<OrderRow | undefined> {
    if (!order.promisedAt || !order.deliveredAt) return undefined;
    const amount = guaranteeCompensation({
      deliveryType: orderTypeOf(order),
      totalPaise: order.totalPaise,
      promisedMs: order.promisedAt.getTime(),
      deliveredMs: order.deliveredAt.getTime(),
    });
    if (amount === 0) return undefined;
    const customerId = isCustomerId(order.ownerId)
      ? order.ownerId
      : await customerIdByMobile(tx, order.mobile);
    // a guest without an account has no wallet; the tracker then promises nothing
    if (!customerId) return undefined;
    await repo.setGuaranteeCredit(tx, order.id, amount);
    const credited = { ...order, guaranteePaise: amount };
    await raise({ kind: 'late_delivery', order: credited, customerId, paise: amount });
    return credited;
  }
}

function placedOnly(order: OrderRow): void {
  if (order.status !== 'placed') throw httpError(409, 'ORDER_NOT_MOVABLE', LIFECYCLE_TEXTS.notMovable);
}
