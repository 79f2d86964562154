import type { FastifyBaseLogger } from 'fastify';
import { TRANSACTION_TIMEOUT_SECONDS } from '@crust/domain/constants';
import { assertNever } from '@crust/domain/delivery-types';
import { gatewayVerdict } from '@crust/domain/gateway-verdict';
import { promisedAt } from '@crust/domain/delivery-guarantee';
import { trainOf, trainPayRefusal } from '@crust/domain/train';
import { captureMatchesOrder } from '@crust/domain/extra-captures';
import { paise } from '@crust/domain/money';
import {
  applyPaymentEvent,
  type PaymentEffect,
  type PaymentEventKind,
  type PaymentState,
} from '@crust/domain/payment-state';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { GatewayPayment } from '../../providers/payments/provider.ts';
import { type OrderEvents, type OrderSubscriber, type Raise, Refusal } from './events.ts';
import { ExtraCaptures } from './extra-captures.ts';
import { captureMeetsOrder } from './promo-payment.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS } from './texts.ts';

const MOVE_ATTEMPTS = 8;

/** Who asked for a move: `late` when nobody waits for its answer (the reconciler), so the customer is texted. */
export interface ApplyOptions {
  /** only while the payment has no gateway order (the reconciler failing an orphan, which a confirm redoing its
   * first step may be giving a gateway order at that very moment) */
  withoutGatewayOrder?: boolean;
  late?: boolean;
}

/**
 * Moves an order's payment through packages/domain payment-state (decision 010): every source of news (the
 * browser's callback, webhooks, the client's status checks, the reconciler, a COD code) ends in `apply`,
 * which changes the state only if nobody else did since it read it, and writes the step's effects in the
 * same transaction. So a success is confirmed once, a wallet hold is captured or released once, and a late
 * success after a failure is refunded once, however often and in whatever order the news arrives.
 */
export class PaymentFlow {
  private readonly extras: ExtraCaptures;

  constructor(
    private readonly db: Db,
    private readonly gateways: Gateways,
    private readonly log: FastifyBaseLogger,
    /** the order's effects beyond its own rows (the wallet, the store's queue, refunds) follow its events */
    private readonly events: OrderEvents,
    /** the time a train order's payment cut-off is checked against when no gateway reports the money */
    private readonly clock: () => number = Date.now,
  ) {
    this.extras = new ExtraCaptures(db, log);
  }

  async apply(
    orderId: string,
    kind: PaymentEventKind,
    change: repo.PaymentChange = {},
    opts: ApplyOptions = {},
  ): Promise<PaymentState> {
    if (kind === 'authorised') {
      const order = await repo.findOrder(this.db, orderId);
      if (order) ({ kind, change } = this.authorisation(order, change));
    }
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
      const payment = await repo.findPayment(this.db, orderId);
      if (!payment) throw new Error(`order ${orderId} has no payment`);
      const state = payment.state;
      if (opts.withoutGatewayOrder && payment.gatewayOrderId !== null) return state;
      const step = applyPaymentEvent(state, { kind });
      if (step.state === state && step.effects.length === 0) return state;
      const moved = await this.events.transaction(this.db, async (tx, raise) => {
        if (!(await repo.movePayment(tx, orderId, payment.version, step.state, change, opts))) return false;
        const order = await repo.findOrder(tx, orderId);
        if (!order) throw new Error(`payment without order ${orderId}`);
        await effectsOf(tx, raise, order, step.effects, opts.late ?? false, this.clock());
        return true;
      });
      if (!moved) continue;
      return step.state;
    }
    throw httpError(503, 'PAYMENT_BUSY', 'This payment is being updated. Please try again in a moment.');
  }

  /**
   * `apply` inside the caller's transaction, for an order and payment it has in hand (a confirm that made them
   * in this transaction: issue 12 §2). The move is conditional on the payment's version like every other;
   * answers the rows as they are afterwards. The caller's transaction is one of `OrderEvents.transaction`, so
   * what the move raises reaches the subscribers with it.
   */
  async applyIn(
    tx: Db,
    raise: Raise,
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    kind: PaymentEventKind,
    change: repo.PaymentChange = {},
  ): Promise<{ order: repo.OrderRow; payment: repo.PaymentRow }> {
    if (kind === 'authorised') ({ kind, change } = this.authorisation(order, change));
    const step = applyPaymentEvent(payment.state, { kind });
    if (step.state === payment.state && step.effects.length === 0) return { order, payment };
    const moved = await repo.movePayment(tx, order.id, payment.version, step.state, change);
    if (!moved) throw new Error(`payment of ${order.id} moved under its own transaction`);
    return { order: await effectsOf(tx, raise, order, step.effects, false, this.clock()), payment: moved };
  }

  /**
   * An authorisation without a gateway (an e-voucher's PIN, a gift card's OTP, cash, the Crust wallet) places the
   * order and spends the voucher: for a train order past its payment cut-off it declines the payment instead, so
   * the order is not placed and nothing is spent (the same check as a gateway capture's, `refusalOf`).
   */
  private authorisation(
    order: repo.OrderRow,
    change: repo.PaymentChange,
  ): { kind: PaymentEventKind; change: repo.PaymentChange } {
    const refused = trainPayRefusal(order.snapshot, this.clock());
    return refused
      ? { kind: 'declined', change: { ...change, failureCode: refused } }
      : { kind: 'authorised', change };
  }

  /**
   * Before money is asked for where asking takes it at once (the Paytm wallet's withdraw): a train order past its
   * payment cut-off fails now, so nothing is taken. Answers whether it did. (Money a racing ask took anyway arrives
   * after the failure and is refunded like any late capture.)
   */
  async refuseLate(orderId: string): Promise<boolean> {
    const order = await repo.findOrder(this.db, orderId);
    if (order?.status !== 'payment_pending') return false;
    const refused = trainPayRefusal(order.snapshot, this.clock());
    if (!refused) return false;
    await this.apply(orderId, 'declined', { failureCode: refused });
    return true;
  }

  /**
   * A new gateway order for a payment as the caller holds it: noted and the payment opened in one statement,
   * conditional on the version the caller saw (no effects to carry out: nothing is decided yet). Answers the
   * payment afterwards, or undefined when it had moved on (the caller then notes and applies as usual).
   */
  async openIn(
    payment: repo.PaymentRow,
    opened: { gatewayOrderId: string; gateway: string },
  ): Promise<repo.PaymentRow | undefined> {
    const step = applyPaymentEvent(payment.state, { kind: 'gateway_order_created' });
    if (step.state === payment.state || step.effects.length > 0) return undefined;
    return repo.movePayment(this.db, payment.orderId, payment.version, step.state, opened);
  }

  /**
   * Asks the gateway about the order's attempts and applies what they say (gatewayVerdict), then accounts for
   * every other capture on the gateway order (extra-captures.ts): a decided payment is asked about too, since a
   * second attempt (a bank page completed after a UPI payment) can capture after the first one was kept. Answers
   * the payment's state afterwards. `nowMs` decides whether an open payment has timed out.
   */
  async sync(orderId: string, nowMs: number = Date.now(), late = false): Promise<PaymentState> {
    const payment = await repo.findPayment(this.db, orderId);
    if (!payment) throw new Error(`order ${orderId} has no payment`);
    if (payment.state === 'refund_pending') await this.refund(orderId);
    const gateway = this.gateways.holding(payment.gateway);
    if (!gateway || !payment.gatewayOrderId) return payment.state;
    const attempts = await gateway.paymentsOf(payment.gatewayOrderId);
    // an open payment the attempts say nothing about yet took no money to account for (the status poll's usual
    // answer while the customer is at the bank)
    const moved = await this.decide(payment, attempts, nowMs, late);
    if (!moved && (payment.state === 'created' || payment.state === 'pending')) return payment.state;
    // whichever capture the state machine kept (this sync's or a racing one's) is read back before any other
    // is refunded
    const [decided, order] = await Promise.all([
      repo.findPayment(this.db, orderId),
      repo.findOrder(this.db, orderId),
    ]);
    if (!decided || !order) throw new Error(`order ${orderId} vanished`);
    await this.extras.account(gateway, order, decided, attempts, nowMs);
    return decided.state;
  }

  /**
   * The state machine's event for what the attempts say, for a payment not yet decided with money kept. Answers
   * whether there was one to apply.
   */
  private async decide(
    payment: repo.PaymentRow,
    attempts: readonly GatewayPayment[],
    nowMs: number,
    late: boolean,
  ): Promise<boolean> {
    const orderId = payment.orderId;
    if (payment.state === 'success' || payment.state === 'refunded' || payment.state === 'refund_pending')
      return false;
    const ageSeconds = (nowMs - payment.createdAt.getTime()) / 1000;
    const kind = gatewayVerdict(attempts, ageSeconds, TRANSACTION_TIMEOUT_SECONDS);
    if (kind === null) return false;
    const taken = attempts.find((a) => a.status === 'captured' || a.status === 'authorized');
    const kept = taken
      ? {
          gatewayPaymentId: taken.paymentId,
          cardBrand: taken.cardBrand ?? null,
          cardLast4: taken.cardLast4 ?? null,
        }
      : null;
    const refused = taken ? await this.refusalOf(orderId, taken, nowMs) : null;
    if (kept && refused) {
      // money the order may not be placed with: the order fails, and the money, arriving after the failure, is
      // refunded by the state machine
      await this.apply(orderId, 'declined', { failureCode: refused }, { late });
      await this.apply(orderId, 'captured', kept, { late });
      return true;
    }
    const lastFailed = attempts.findLast((a) => a.status === 'failed');
    const change: repo.PaymentChange = kept ?? {
      failureCode: lastFailed?.errorCode ?? (kind === 'declined' ? 'DECLINED' : 'TIMED_OUT'),
    };
    await this.apply(orderId, kind, change, { late });
    return true;
  }

  /**
   * Why money the gateway took cannot place the order, if it cannot: not the order's amount in INR (issue 28 §1),
   * paid in a way its coupon does not allow (issue 11), or a train order's payment learnt of after its payment
   * cut-off (issue 16: the restaurant could no longer have it at the platform in time, so it is never placed).
   */
  private async refusalOf(
    orderId: string,
    taken: GatewayPayment,
    nowMs: number,
  ): Promise<'AMOUNT_MISMATCH' | 'PROMO_PAYMENT_MISMATCH' | 'TRAIN_PAY_LATE' | null> {
    const order = await repo.findOrder(this.db, orderId);
    if (!order) return null;
    if (!captureMatchesOrder(taken, { amountPaise: order.amountPaise, currency: 'INR' }))
      return 'AMOUNT_MISMATCH';
    if (!captureMeetsOrder(order, taken)) return 'PROMO_PAYMENT_MISMATCH';
    return trainPayRefusal(order.snapshot, nowMs);
  }

  /**
   * Gives back money the order cannot keep (a success after the payment was declared failed): idempotent
   * at the gateway by the refund receipt, so a retry by the reconciler never refunds twice. What is given back is
   * what the gateway captured, which differs from the order's amount when that is why the order failed.
   */
  async refund(orderId: string): Promise<void> {
    const [payment, order] = await Promise.all([
      repo.findPayment(this.db, orderId),
      repo.findOrder(this.db, orderId),
    ]);
    if (!payment || !order || payment.state !== 'refund_pending') return;
    const gateway = this.gateways.holding(payment.gateway);
    if (!gateway || !payment.gatewayPaymentId) {
      this.log.error({ orderId }, 'a refund is due but there is no gateway payment to refund');
      return;
    }
    try {
      const captured = await gateway.fetchPayment(payment.gatewayPaymentId);
      const refund = await gateway.refund(
        payment.gatewayPaymentId,
        captured?.amountPaise ?? paise(order.amountPaise),
        `refund-${orderId}`,
      );
      await this.apply(orderId, 'refund_settled', { refundId: refund.refundId });
    } catch (err) {
      // the reconciler tries again; the receipt keeps it to one refund
      this.log.warn({ err, orderId }, 'refund failed; will retry');
    }
  }
}

/**
 * Carries out a step's effects in the payment's transaction: the order's own rows here, the rest (the wallet,
 * the store's queue, the gateway's refund) by the events they raise. Answers the order as it is afterwards.
 */
async function effectsOf(
  tx: Db,
  raise: Raise,
  order: repo.OrderRow,
  effects: readonly PaymentEffect[],
  late: boolean,
  nowMs: number,
): Promise<repo.OrderRow> {
  let now = order;
  for (const effect of effects) now = await effectOf(tx, raise, now, effect, late, nowMs);
  return now;
}

async function effectOf(
  tx: Db,
  raise: Raise,
  order: repo.OrderRow,
  effect: PaymentEffect,
  late: boolean,
  nowMs: number,
): Promise<repo.OrderRow> {
  switch (effect) {
    case 'confirm_order': {
      if (order.voucherCode && !(await repo.spendVoucher(tx, order.voucherCode, order.amountPaise)))
        throw new Refusal('EVOUCHER_BALANCE', ORDER_TEXTS.voucherBalance);
      // the app's clock, not the machine's: placing time decides the night guarantee and the ETA
      const now = new Date(nowMs);
      const slotMs = order.advancedTime?.getTime() ?? null;
      // a train order is promised for the train's halt at the station; every other by SPEC §9's guarantee
      const train = trainOf(order.snapshot);
      const promise = train ? Date.parse(train.expectedArrival) : promisedAt(now.getTime(), slotMs);
      const placed = (await repo.markPlaced(tx, order.id, now, new Date(promise))) ?? order;
      await repo.deleteCart(tx, order.cartId);
      await raise({ kind: 'placed', order: placed, late });
      return placed;
    }
    case 'fail_order': {
      await repo.setOrderStatus(tx, order.id, 'failed');
      await repo.releaseCoupon(tx, order.id);
      const failed = { ...order, status: 'failed' };
      await raise({ kind: 'failed', order: failed, late });
      return failed;
    }
    case 'release_wallet_hold':
      // the wallet follows the failed event that fail_order raised with it
      return order;
    case 'refund':
      // the gateway is asked after the transaction; the state refund_pending remembers it until it answers
      await raise({ kind: 'refund_due', order });
      return order;
    default:
      return assertNever(effect);
  }
}

/** The gateway gives back what an order cannot keep once the refund is committed as due (refund_pending). */
export function refundsFollowOrders(flow: PaymentFlow): OrderSubscriber {
  return {
    name: 'gateway refunds',
    after: (event) => (event.kind === 'refund_due' ? flow.refund(event.order.id) : undefined),
  };
}
