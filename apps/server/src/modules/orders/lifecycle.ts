import type { FastifyBaseLogger } from 'fastify';
import { guaranteeCompensation } from '@crust/domain/delivery-guarantee';
import { isPickupType } from '@crust/domain/delivery-types';
import { canMove, isAdvanceWaiting, isFinalStage, type OrderStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { PaymentFlow } from './payment-flow.ts';
import { isCustomerId } from '../session/tokens.ts';
import { WalletService } from '../wallet/service.ts';
import { customerIdByMobile } from '../auth/customers.ts';
import type { TrackingBus } from '../tracking/bus.ts';
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

/** The wallet refs a cancelled order's wallet part and a late delivery's compensation are written under. */
export const cancelRef = (orderId: string) => `cancel:${orderId}`;
export const guaranteeRef = (orderId: string) => `guarantee:${orderId}`;

/**
 * The store's side of an order (issue 6): forward one stage at a time, or cancelled with the customer's money
 * given back. Every move is conditional on the stage the staff member saw, and is announced on the bus after
 * it is committed, so the customer's tracker and the store's other screens follow at once.
 */
export class OrderLifecycle {
  constructor(
    private readonly db: Db,
    private readonly flow: PaymentFlow,
    private readonly bus: TrackingBus,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `order` as the caller read it (to check who may touch it); the move itself is conditional on its stage. */
  async move(staffId: string, order: OrderRow, to: OrderStage, riderName?: string): Promise<OrderRow> {
    placedOnly(order);
    const orderId = order.id;
    const type = orderTypeOf(order);
    const from = orderStageOf(order);
    if (!from || !canMove(from, to, type) || to === 'CANCELLED')
      throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved(from ?? 'unknown'));
    if (to === 'DISPATCHED' && !isPickupType(type) && !riderName)
      throw httpError(400, 'RIDER_REQUIRED', LIFECYCLE_TEXTS.riderRequired, { field: 'riderName' });
    const now = this.clock();
    if (from === 'CONFIRMED' && isAdvanceWaiting(order.advancedTime?.getTime() ?? null, now))
      throw httpError(409, 'ADVANCE_WAITING', LIFECYCLE_TEXTS.advanceWaiting);
    const at = new Date(now);
    const finished = isFinalStage(to);
    const moved = await this.db.transaction(async (tx) => {
      const row = await repo.moveStage(tx, orderId, from, {
        stage: to,
        at,
        staffId,
        ...(riderName !== undefined && to === 'DISPATCHED' ? { riderName } : {}),
        ...(finished ? { deliveredAt: at } : {}),
      });
      if (!row) return undefined;
      if (to === 'DELIVERED') return (await this.compensateLateness(tx, row)) ?? row;
      return row;
    });
    if (!moved) {
      const now2 = await repo.findOrder(this.db, orderId);
      throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved(now2?.stage ?? 'unknown'));
    }
    this.bus.publish({ orderId, storeId: moved.storeId, stage: to });
    return moved;
  }

  async cancel(staffId: string, order: OrderRow, reason: string): Promise<OrderRow> {
    placedOnly(order);
    const orderId = order.id;
    const from = orderStageOf(order);
    if (!from || isFinalStage(from)) throw httpError(409, 'ORDER_FINISHED', LIFECYCLE_TEXTS.alreadyFinished);
    const cancelled = await this.db.transaction(async (tx) => {
      const row = await repo.moveStage(tx, orderId, from, {
        stage: 'CANCELLED',
        at: new Date(this.clock()),
        staffId,
        cancelReason: reason,
        status: 'cancelled',
      });
      if (!row) return undefined;
      // the wallet part comes back to the wallet at once, once (the ref is unique)
      if (row.walletPaise > 0) {
        const back = await new WalletService(tx).refund(row.ownerId, row.walletPaise, cancelRef(orderId));
        if (!back.ok) throw new Error(`wallet refund of ${orderId} failed: ${back.reason}`);
      }
      // an e-voucher or gift card paid the rest: its balance comes back in the same transaction (the move
      // above happens once, so this does too)
      if (row.voucherCode && row.amountPaise > 0)
        await repo.restoreVoucher(tx, row.voucherCode, row.amountPaise);
      return row;
    });
    if (!cancelled) throw httpError(409, 'STAGE_STALE', LIFECYCLE_TEXTS.moved('changed'));
    await this.refundPayment(orderId);
    this.bus.publish({ orderId, storeId: cancelled.storeId, stage: 'CANCELLED' });
    return cancelled;
  }

  /** Money taken by the gateway goes back through it; cash was never collected, so there is nothing to return. */
  private async refundPayment(orderId: string): Promise<void> {
    const payment = await repo.findPayment(this.db, orderId);
    if (!payment || payment.state !== 'success' || !payment.gatewayPaymentId) return;
    try {
      await this.flow.apply(orderId, 'refund_requested');
    } catch (err) {
      // refund_pending is remembered; the reconciler settles it
      this.log.error({ err, orderId }, 'refund of a cancelled order did not complete');
    }
  }

  /** SPEC §9: a late delivery credits the order's cost, up to ₹300, to the customer's wallet. */
  private async compensateLateness(tx: Db, order: OrderRow): Promise<OrderRow | undefined> {
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
    const credit = await new WalletService(tx).credit(customerId, amount, guaranteeRef(order.id));
    if (!credit.ok) throw new Error(`guarantee credit of ${order.id} failed: ${credit.reason}`);
    await repo.setGuaranteeCredit(tx, order.id, amount);
    return { ...order, guaranteePaise: amount };
  }
}

function placedOnly(order: OrderRow): void {
  if (order.status !== 'placed') throw httpError(409, 'ORDER_NOT_MOVABLE', LIFECYCLE_TEXTS.notMovable);
}
