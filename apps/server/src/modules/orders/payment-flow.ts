import type { FastifyBaseLogger } from 'fastify';
import { TRANSACTION_TIMEOUT_SECONDS } from '@crust/domain/constants';
import { assertNever } from '@crust/domain/delivery-types';
import { gatewayVerdict } from '@crust/domain/gateway-verdict';
import { promisedAt } from '@crust/domain/delivery-guarantee';
import { paise } from '@crust/domain/money';
import {
  applyPaymentEvent,
  type PaymentEffect,
  type PaymentEventKind,
  type PaymentState,
} from '@crust/domain/payment-state';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { GatewayPayment, PaymentGateway } from '../../providers/payments/provider.ts';
import type { TrackingBus } from '../tracking/bus.ts';
import { WalletService } from '../wallet/service.ts';
import { captureMeetsOrder } from './promo-payment.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS } from './texts.ts';

const MOVE_ATTEMPTS = 8;

/** The wallet ledger's reference for an order's hold, debit or release. */
export const walletRef = (orderId: string) => `order:${orderId}`;

/** A refusal decided inside a transaction: it rolls the transaction back and becomes the customer's answer. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly displayMsg: string,
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

/**
 * Moves an order's payment through packages/domain payment-state (decision 010): every source of news (the
 * browser's callback, webhooks, the client's status checks, the reconciler, a COD code) ends in `apply`,
 * which changes the state only if nobody else did since it read it, and writes the step's effects in the
 * same transaction. So a success is confirmed once, a wallet hold is captured or released once, and a late
 * success after a failure is refunded once, however often and in whatever order the news arrives.
 */
export class PaymentFlow {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway | null,
    private readonly log: FastifyBaseLogger,
    /** told when an order is placed, so the store's queue and the customer's tracker see it at once */
    private readonly bus: TrackingBus | null = null,
  ) {}

  /**
   * `withoutGatewayOrder`: only while the payment has no gateway order (the reconciler failing an orphan, which
   * a confirm redoing its first step may be giving a gateway order at that very moment).
   */
  async apply(
    orderId: string,
    kind: PaymentEventKind,
    change: repo.PaymentChange = {},
    opts: { withoutGatewayOrder?: boolean } = {},
  ): Promise<PaymentState> {
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
      const payment = await repo.findPayment(this.db, orderId);
      if (!payment) throw new Error(`order ${orderId} has no payment`);
      const state = payment.state as PaymentState;
      if (opts.withoutGatewayOrder && payment.gatewayOrderId !== null) return state;
      const step = applyPaymentEvent(state, { kind });
      if (step.state === state && step.effects.length === 0) return state;
      const moved = await this.db.transaction(async (tx) => {
        if (!(await repo.movePayment(tx, orderId, payment.version, step.state, change, opts))) return null;
        const order = await repo.findOrder(tx, orderId);
        if (!order) throw new Error(`payment without order ${orderId}`);
        for (const effect of step.effects) await effectOf(tx, order, effect);
        return order;
      });
      if (!moved) continue;
      if (step.effects.includes('confirm_order'))
        this.bus?.publish({ orderId, storeId: moved.storeId, stage: 'CONFIRMED' });
      if (step.effects.includes('refund')) await this.refund(orderId);
      return step.state;
    }
    throw httpError(503, 'PAYMENT_BUSY', 'This payment is being updated. Please try again in a moment.');
  }

  /**
   * `apply` inside the caller's transaction, for an order and payment it has in hand (a confirm that made them
   * in this transaction: issue 12 §2). The move is conditional on the payment's version like every other;
   * answers the rows as they are afterwards, and `afterCommit`, which the caller runs once the transaction has
   * committed (it tells the store's queue, or asks the gateway for a refund).
   */
  async applyIn(
    tx: Db,
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    kind: PaymentEventKind,
    change: repo.PaymentChange = {},
  ): Promise<{ order: repo.OrderRow; payment: repo.PaymentRow; afterCommit: () => Promise<void> }> {
    const step = applyPaymentEvent(payment.state as PaymentState, { kind });
    const nothing = async () => undefined;
    if (step.state === payment.state && step.effects.length === 0)
      return { order, payment, afterCommit: nothing };
    const moved = await repo.movePayment(tx, order.id, payment.version, step.state, change);
    if (!moved) throw new Error(`payment of ${order.id} moved under its own transaction`);
    let now = order;
    for (const effect of step.effects) now = await effectOf(tx, now, effect);
    return {
      order: now,
      payment: moved,
      afterCommit: async () => {
        if (step.effects.includes('confirm_order'))
          this.bus?.publish({ orderId: order.id, storeId: order.storeId, stage: 'CONFIRMED' });
        if (step.effects.includes('refund')) await this.refund(order.id);
      },
    };
  }

  /**
   * Asks the gateway about the order's attempts and applies what they say (gatewayVerdict). Answers the
   * payment's state afterwards. `nowMs` decides whether an open payment has timed out.
   */
  async sync(orderId: string, nowMs: number = Date.now()): Promise<PaymentState> {
    const payment = await repo.findPayment(this.db, orderId);
    if (!payment) throw new Error(`order ${orderId} has no payment`);
    const state = payment.state as PaymentState;
    if (state === 'refund_pending') {
      await this.refund(orderId);
      return (await repo.findPayment(this.db, orderId))?.state as PaymentState;
    }
    if (!this.gateway || !payment.gatewayOrderId || state === 'success' || state === 'refunded') return state;
    const attempts = await this.gateway.paymentsOf(payment.gatewayOrderId);
    const ageSeconds = (nowMs - payment.createdAt.getTime()) / 1000;
    const kind = gatewayVerdict(attempts, ageSeconds, TRANSACTION_TIMEOUT_SECONDS);
    if (kind === null) return state;
    const taken = attempts.find((a) => a.status === 'captured' || a.status === 'authorized');
    if (taken && !(await this.meetsCoupon(orderId, taken))) {
      // paid in a way the order's coupon does not allow (issue 11): never placed with the discount; the
      // order fails, and the money, arriving after the failure, is refunded by the state machine
      await this.apply(orderId, 'declined', { failureCode: 'PROMO_PAYMENT_MISMATCH' });
      return this.apply(orderId, 'captured', {
        gatewayPaymentId: taken.paymentId,
        cardBrand: taken.cardBrand ?? null,
        cardLast4: taken.cardLast4 ?? null,
      });
    }
    const lastFailed = attempts.findLast((a) => a.status === 'failed');
    const change: repo.PaymentChange = taken
      ? {
          gatewayPaymentId: taken.paymentId,
          cardBrand: taken.cardBrand ?? null,
          cardLast4: taken.cardLast4 ?? null,
        }
      : { failureCode: lastFailed?.errorCode ?? (kind === 'declined' ? 'DECLINED' : 'TIMED_OUT') };
    return this.apply(orderId, kind, change);
  }

  /** Whether what the gateway took meets the condition of the order's coupon (true without one). */
  private async meetsCoupon(orderId: string, taken: GatewayPayment): Promise<boolean> {
    const order = await repo.findOrder(this.db, orderId);
    return !order || captureMeetsOrder(order, taken);
  }

  /**
   * Gives back money the order cannot keep (a success after the payment was declared failed): idempotent
   * at the gateway by the refund receipt, so a retry by the reconciler never refunds twice.
   */
  async refund(orderId: string): Promise<void> {
    const [payment, order] = await Promise.all([
      repo.findPayment(this.db, orderId),
      repo.findOrder(this.db, orderId),
    ]);
    if (!payment || !order || payment.state !== 'refund_pending') return;
    if (!this.gateway || !payment.gatewayPaymentId) {
      this.log.error({ orderId }, 'a refund is due but there is no gateway payment to refund');
      return;
    }
    try {
      const refund = await this.gateway.refund(
        payment.gatewayPaymentId,
        paise(order.amountPaise),
        `refund-${orderId}`,
      );
      await this.apply(orderId, 'refund_settled', { refundId: refund.refundId });
    } catch (err) {
      // the reconciler tries again; the receipt keeps it to one refund
      this.log.warn({ err, orderId }, 'refund failed; will retry');
    }
  }
}

/** Carries out one effect in the payment's transaction; answers the order as it is afterwards. */
async function effectOf(tx: Db, order: repo.OrderRow, effect: PaymentEffect): Promise<repo.OrderRow> {
  switch (effect) {
    case 'confirm_order': {
      if (order.voucherCode && !(await repo.spendVoucher(tx, order.voucherCode, order.amountPaise)))
        throw new Refusal('EVOUCHER_BALANCE', ORDER_TEXTS.voucherBalance);
      const now = new Date();
      const slotMs = order.advancedTime?.getTime() ?? null;
      const placed = await repo.markPlaced(tx, order.id, now, new Date(promisedAt(now.getTime(), slotMs)));
      if (order.walletPaise > 0) {
        const captured = await new WalletService(tx).captureHold(order.ownerId, walletRef(order.id));
        if (!captured.ok)
          throw new Error(`wallet hold of ${order.id} could not be captured: ${captured.reason}`);
      }
      await repo.deleteCart(tx, order.cartId);
      return placed ?? order;
    }
    case 'fail_order':
      await repo.setOrderStatus(tx, order.id, 'failed');
      await repo.releaseCoupon(tx, order.id);
      return { ...order, status: 'failed' };
    case 'release_wallet_hold':
      if (order.walletPaise > 0) {
        const released = await new WalletService(tx).releaseHold(order.ownerId, walletRef(order.id));
        if (!released.ok)
          throw new Error(`wallet hold of ${order.id} could not be released: ${released.reason}`);
      }
      return order;
    case 'refund':
      // carried out after the transaction (it calls the gateway); the state refund_pending remembers it
      return order;
    default:
      assertNever(effect);
  }
}
