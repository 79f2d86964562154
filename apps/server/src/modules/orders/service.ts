import type { FastifyBaseLogger } from 'fastify';
import type { Cart } from '@crust/contract/cart';
import type {
  ConfirmAnswer,
  ConfirmOrderBody,
  ConfirmOrderResult,
  OrderCodeBody,
  ExtraPayment,
  OrderSummary,
  PaymentStatus,
} from '@crust/contract/orders';
import {
  PAYMENT_POLL_NEXT_SECONDS,
  PAYMENT_POLL_TOTAL_SECONDS,
  REFUND_POLL_INTERVAL_MS,
  REFUND_POLL_TOTAL_MS,
} from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import type { PaymentState } from '@crust/domain/payment-state';
import { isPaymentType, type PaymentType } from '@crust/domain/payment-types';
import { paidByLabel } from '@crust/domain/payment-words';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { Db } from '../../db/client.ts';
import type { Result } from '../../http/errors.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { PaymentGateway, WebhookNews } from '../../providers/payments/provider.ts';
import type { SmsProvider } from '../../providers/sms/provider.ts';
import type { CartService } from '../cart/service.ts';
import type { PaymentOptionsService } from '../payments/service.ts';
import type { Principal } from '../../http/principal.ts';
import { randomId } from '../../http/session-tokens.ts';
import type { RailService } from '../rail/service.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { orderEta } from './order-eta.ts';
import type { WalletService } from '../wallet/service.ts';
import { OrderAnswers, paytmOrderOf } from './answers.ts';
import { addressStep } from './confirm/address-step.ts';
import { cartStep } from './confirm/cart-step.ts';
import { customerRefusal } from './confirm/customer-step.ts';
import { duplicateRefusal } from './confirm/duplicate-step.ts';
import { orderInTheWay, REPLACED, type ExistingOrderDeps } from './confirm/existing-order.ts';
import { instrumentStep } from './confirm/instrument-step.ts';
import { freshOf, type ConfirmedOrder } from './confirm/order-row.ts';
import { partnerPaying } from './confirm/partner-step.ts';
import { paymentChoiceOf } from './confirm/payment-choice.ts';
import { paymentStep } from './confirm/payment-step.ts';
import { placeOrder, type AnswerInside } from './confirm/place-order.ts';
import { removePromoAnswer } from './confirm/promo-step.ts';
import { storeStep } from './confirm/store-step.ts';
import { totalRefusal } from './confirm/total-step.ts';
import { trainStep } from './confirm/train-step.ts';
import { walletRefusal } from './confirm/wallet-step.ts';
import { fail } from './fail.ts';
import { FirstPayment } from './first-payment.ts';
import type { PaytmOrder, PaytmSide } from './paytm-face.ts';
import { PaymentCodes } from './payment-codes.ts';
import { extraPaymentOf } from './extra-captures.ts';
import type { PaymentFlow } from './payment-flow.ts';
import type { OrderEvents } from './events.ts';
import { orderNumberOf, orderStatusOf, surpriseGiftOf, typeOf } from './order-facts.ts';
import { Reconciler, type ReconcileOptions } from './reconciler.ts';
import * as repo from './repo.ts';
import { ownedOrder, ownedOrderByTransaction } from './owned.ts';
import { refundOf } from './next-action.ts';
import { paymentFailedText, refundText } from './texts.ts';

/** other modules read an order's type through this front door (decision 012) */
export { typeOf };

export interface OrderServiceOptions {
  db: Db;
  carts: CartService;
  stores: StoreDirectory;
  /** an order's Pizza Pals points (the loyalty module's face); guests' orders are not asked */
  loyaltyOf: (
    customerId: string,
    orderId: string,
  ) => Promise<{ earnedPoints: number; earnableBurnable: OrderSummary['earnableBurnable'] }>;
  /** the configured payment gateways; a payment option's providerCode picks one */
  gateways: Gateways;
  /** the Paytm wallet (issue 18 §2): its gateway and how an order goes on; null when it is off */
  paytm?: (PaytmSide & { gateway: PaymentGateway }) | null;
  /** a train order's ticket, train, station and restaurant checked against the journey now (the rail module) */
  trains: { bookable: RailService['bookable'] };
  /** which ways to pay a store takes */
  paymentOptions: PaymentOptionsService;
  flow: PaymentFlow;
  /** the one point the order's side effects hang off (decision 014) */
  events: OrderEvents;
  /** what the wallet can pay towards a cart */
  wallets: WalletService;
  sms: SmsProvider;
  /** signs COD and gift-card codes */
  secret: string;
  /** cash orders above this ask for a COD OTP (new customers always do) */
  codOtpAbovePaise: number;
  clock?: () => number;
  /** where the reconciler tells of payments it could not settle */
  log?: FastifyBaseLogger;
  /**
   * the way to pay a partner's mini-app pays by (its vendorConfig primaryPaymentId, issue 18): a partner session's
   * order paid that way goes through the partner's own gateway
   */
  partnerPrimary?: (vendor: PartnerVendor) => Promise<string | null>;
}

/**
 * Checkout (SPEC §4, §7 batch confirm order; decision 010): prices the cart itself, checks the order, keeps
 * at most one active order per cart, holds the wallet part, and answers the next action for the chosen
 * way to pay. Payment news then moves the order through PaymentFlow.
 */
export class OrderService {
  private readonly db: Db;
  private readonly clock: () => number;

  private readonly reconciler: Reconciler;
  private readonly answers: OrderAnswers;
  private readonly codes: PaymentCodes;
  private readonly firstPayment: FirstPayment;
  private readonly existing: ExistingOrderDeps;

  constructor(private readonly o: OrderServiceOptions) {
    this.db = o.db;
    this.clock = o.clock ?? Date.now;
    this.reconciler = new Reconciler(o.db, o.flow, o.log ?? null);
    this.answers = new OrderAnswers(o);
    this.codes = new PaymentCodes(o, this.answers, this.clock);
    this.firstPayment = new FirstPayment(o, this.answers, this.codes);
    this.existing = { ...o, clock: this.clock, answers: this.answers, firstPayment: this.firstPayment };
  }

  /**
   * `answerInside`, when given, is called with the answer inside the transaction that placed the order, when the
   * order is placed there (a known customer's cash order, a wallet-only order): the route stores the idempotency
   * key's answer with it, so the whole confirm commits once (issue 12 §2).
   */
  async confirm(
    principal: Principal,
    body: ConfirmOrderBody,
    answerInside?: AnswerInside,
  ): Promise<Result<ConfirmAnswer>> {
    // a cart whose open order was replaced (answerExisting) is confirmed again from the start: the wallet hold and
    // coupon use the old order gave back are read afresh, and a racing confirm that replaced it too finds one
    // new order. Each pass either makes an order or replaces one, so a few passes are enough.
    for (let pass = 1; ; pass++) {
      const answer = await this.confirmOnce(principal, body, answerInside);
      if (answer !== REPLACED) return answer;
      if (pass >= REPLACE_PASSES) return fail('ORDER_NOT_CONFIRMED', MESSAGES.orderNotConfirmed);
    }
  }

  /**
   * One pass of a confirm: the checks in the order their refusals come (a request failing two gets the first),
   * then the order placed and its payment started.
   */
  private async confirmOnce(
    principal: Principal,
    body: ConfirmOrderBody,
    answerInside?: AnswerInside,
  ): Promise<Result<ConfirmAnswer> | typeof REPLACED> {
    const { orderDetails: od, paymentDetails: pd } = body;
    const ownerId = principal.userId;
    const customer = principal.kind === 'customer';
    const choice = paymentChoiceOf(pd);

    const checkout = await cartStep(this.o.carts, this.db, ownerId, od, choice.wallet);
    if ('spent' in checkout) return this.answers.answerFor(checkout.spent);
    if (!checkout.ok) return checkout;
    const { cart, lines } = checkout.data;
    const now = this.clock();
    const store = await storeStep(this.o.stores, cart.storeId, od, now);
    if (!store.ok) return store;
    const train = await trainStep(this.o.trains, od, cart.storeId);
    if (!train.ok) return train;
    const address = await addressStep(this.db, customer ? ownerId : null, od, store.data);
    if (!address.ok) return address;
    const details = customerRefusal(od, address.data, store.data);
    if (details) return details;
    const total = totalRefusal(cart, od.expectedTotalPaise);
    if (total) return total;

    // how it is paid (SPEC §5 Payment combinations): a coupon's own condition before anything else
    const removePromo = removePromoAnswer(cart, choice);
    if (removePromo) return { ok: true, data: removePromo };
    const who = { customer, inPartnerApp: !!principal.partner, deliveryType: od.deliveryType };
    const noWallet = await walletRefusal(choice, who, () => this.o.paymentOptions.walletHidden());
    if (noWallet) return noWallet;
    const amounts = await paymentStep(this.o, choice, cart, { ownerId, deliveryType: od.deliveryType });
    if (!amounts.ok) return amounts;
    const instrument = await instrumentStep(this.db, choice.primary, amounts.data, pd.instrumentDetails, now);
    if (!instrument.ok) return instrument;
    const mobile = od.userDetails.mobile;
    const same = { ownerId, customer, mobile, lines, confirmed: od.duplicateConfirmed };
    const duplicate = await duplicateRefusal(this.db, same, now);
    if (duplicate) return duplicate;
    const partner = await partnerPaying(principal.partner, instrument.data.method, this.o.partnerPrimary);

    const order: ConfirmedOrder = {
      orderId: randomId('O', 10),
      ownerId,
      customer,
      od,
      checkout: checkout.data,
      store: store.data,
      train: train.data,
      address: address.data,
      amounts: amounts.data,
      instrument: instrument.data,
      partner,
    };
    const placed = await placeOrder(this.o, order, answerInside);
    if (!placed.ok) return placed;
    if (!placed.data.order) return orderInTheWay(this.existing, cart.cartId, freshOf(order));
    return placed.data.answer ?? this.firstPayment.start(placed.data.order, placed.data.payment);
  }

  /** The COD OTP, a gift card's OTP or an e-voucher's PIN (SPEC §3 COD_OTP, EV_OTP, EV_PIN). */
  submitCode(
    principal: Principal,
    orderId: string,
    body: OrderCodeBody,
  ): Promise<Result<ConfirmOrderResult>> {
    return this.codes.submitCode(principal, orderId, body);
  }

  /** One of the caller's orders by its transaction id, as the paytm module sees it (404 for anyone else's). */
  async paytmOrder(principal: Principal, transactionId: string): Promise<PaytmOrder> {
    const order = await ownedOrderByTransaction(this.db, principal, transactionId);
    // past a train's payment cut-off the wallet is never asked: the order fails before any withdraw. Read it
    // again either way: a racing submit may have failed it since `order` was read (refuseLate then has nothing
    // left to refuse), and a stale "payment pending" here would withdraw money only to refund it
    await this.o.flow.refuseLate(order.id);
    const [now, payment] = await Promise.all([
      repo.findOrder(this.db, order.id),
      repo.findPayment(this.db, order.id),
    ]);
    return paytmOrderOf(now ?? order, payment);
  }

  /**
   * Settles a Paytm wallet order from what Paytm says of its withdraw (PaymentFlow.sync: once, however many
   * submits ask at once); answers the order afterwards.
   */
  async settlePaytm(orderId: string): Promise<PaytmOrder> {
    await this.o.flow.sync(orderId, this.clock());
    const [order, payment] = await Promise.all([
      repo.findOrder(this.db, orderId),
      repo.findPayment(this.db, orderId),
    ]);
    if (!order) throw new Error(`order ${orderId} vanished`);
    return paytmOrderOf(order, payment);
  }

  /** SPEC §4 payment status polling: the gateway is asked on the way, so polling finds a lost callback. */
  async status(principal: Principal, transactionId: string): Promise<PaymentStatus> {
    const order = await ownedOrderByTransaction(this.db, principal, transactionId);
    const state = order.status === 'payment_pending' ? await this.o.flow.sync(order.id, this.clock()) : null;
    const now = state === null ? order : ((await repo.findOrder(this.db, order.id)) ?? order);
    const base = {
      transactionId,
      orderId: order.id,
      apiHitInterval: PAYMENT_POLL_NEXT_SECONDS,
      apiHitTime: PAYMENT_POLL_TOTAL_SECONDS,
    };
    switch (now.status) {
      case 'placed':
        return { ...base, status: 'SUCCESS' };
      case 'failed':
      case 'cancelled': {
        const payment = await repo.findPayment(this.db, order.id);
        const refund = refundOf(payment);
        if (refund === null) return { ...base, status: 'FAILED', displayMsg: paymentFailedText(payment) };
        // a refund on its way is asked after by SPEC §9's refund polling until the gateway has taken it
        return {
          ...base,
          status: 'FAILED',
          displayMsg: refundText(payment),
          refund,
          apiHitTime: REFUND_POLL_TOTAL_MS / 1000,
          apiHitInterval: REFUND_POLL_INTERVAL_MS / 1000,
        };
      }
      default:
        return { ...base, status: waitingFlag(state), nextCallTime: PAYMENT_POLL_NEXT_SECONDS };
    }
  }

  async summary(principal: Principal, orderId: string): Promise<OrderSummary> {
    const order = await ownedOrder(this.db, principal, orderId);
    const payment = await repo.findPayment(this.db, order.id);
    const [store, extras] = await Promise.all([
      this.o.stores.byId(order.storeId),
      repo.extraCapturesOf(this.db, [order.id]),
    ]);
    const summary = {
      ...summaryOf(order, payment, store?.name ?? '', extras.map(extraPaymentOf)),
      eta: await orderEta(this.db, order, store),
    };
    if (principal.kind !== 'customer') return summary;
    const loyalty = await this.o.loyaltyOf(principal.userId, order.id);
    return {
      ...summary,
      loyaltyEarnedPoints: loyalty.earnedPoints,
      earnableBurnable: loyalty.earnableBurnable,
    };
  }

  private owned(principal: Principal, orderId: string): Promise<repo.OrderRow> {
    return ownedOrder(this.db, principal, orderId);
  }

  /**
   * The customer's browser came back from the gateway. A signed outcome settles the order from the gateway's
   * word at once; a forged or mangled one changes nothing, since the status polling asks the gateway anyway.
   */
  async browserReturned(transactionId: string, fields: Record<string, string>): Promise<void> {
    const order = await repo.findOrderByTransaction(this.db, transactionId);
    const payment = order ? await repo.findPayment(this.db, order.id) : undefined;
    const gateway = this.o.gateways.holding(payment?.gateway);
    if (!payment?.gatewayOrderId || !gateway) return;
    // only a signed callback about this very order settles it now; anything else waits for polling and webhooks
    if (gateway.readCallback(fields) === payment.gatewayOrderId)
      await this.o.flow.sync(payment.orderId, this.clock());
  }

  /** The browser came back from the gateway with a signed outcome: settle the order from the gateway's word. */
  async syncGatewayOrder(gatewayOrderId: string): Promise<void> {
    const payment = await repo.findPaymentByGatewayOrder(this.db, gatewayOrderId);
    if (payment) await this.o.flow.sync(payment.orderId, this.clock());
  }

  /** A webhook whose signature checked out: once per event id, then the same settling as everything else. */
  async receiveWebhook(gateway: string, news: WebhookNews): Promise<void> {
    const { eventId, event: kind, gatewayOrderId } = news;
    if (!(await repo.recordEvent(this.db, { provider: gateway, eventId, kind, gatewayOrderId }))) return;
    await this.syncGatewayOrder(gatewayOrderId);
  }

  /**
   * The reconciler (reconciler.ts): every payment open longer than the transaction timeout is settled by
   * asking the gateway, or lapses; orphans of a crash fail. Answers how many payments were due.
   */
  reconcile(nowMs: number = this.clock(), opts: ReconcileOptions = {}): Promise<number> {
    return this.reconciler.run(nowMs, opts);
  }
}

/** Passes of one confirm: one that replaces, one that makes the order, and one more for a race lost between. */
const REPLACE_PASSES = 3;

function waitingFlag(state: PaymentState | null): PaymentStatus['status'] {
  return state === 'pending' ? 'IN_PROGRESS' : 'WAIT';
}

export function summaryOf(
  order: repo.OrderRow,
  payment: repo.PaymentRow | undefined,
  storeName: string,
  /** what else the gateway took for it, refunded (issue 28 §1; OrderQueries.extraPayments) */
  extraPayments: ExtraPayment[] = [],
): OrderSummary {
  const { cart } = order.snapshot as { cart: Cart };
  const u = order.userDetails as { firstName: string; lastName: string; mobile: string };
  const paidBy: { label: string; value: number }[] = [];
  const type = typeOf(order);
  if (order.walletPaise > 0) paidBy.push({ label: paidByLabel('PIGGYBANK', type), value: order.walletPaise });
  const method = paidWith(order, payment);
  if (order.amountPaise > 0 && payment && method) {
    const card =
      payment.cardBrand && payment.cardLast4 ? ` (${payment.cardBrand} •••• ${payment.cardLast4})` : '';
    paidBy.push({ label: `${paidByLabel(method, type)}${card}`, value: order.amountPaise });
  }
  return {
    id: order.id,
    transactionId: order.transactionId,
    dominosOrderId: orderNumberOf(order),
    deliveryType: cart.deliveryType,
    status: orderStatusOf(order),
    advanceOrder: order.advancedTime !== null,
    advancedTime: order.advancedTime ? Math.floor(order.advancedTime.getTime() / 1000) : null,
    storeId: order.storeId,
    storeName,
    items: cart.validItems.map((i) => ({
      productId: i.product.code,
      name: i.product.name,
      quantity: i.quantity,
      description: i.summary,
      pricePaise: i.totalPriceAfterDiscount,
    })),
    surpriseGift: surpriseGiftOf(order),
    netPrice: order.totalPaise,
    discount: cart.appliedPromo?.discount ?? 0,
    paymentSummary: [
      ...cart.cartCalculations.map((c) => ({ label: c.label, value: c.value, key: c.key })),
      ...paidBy,
    ],
    // a guest's order earns nothing; a customer's points are added by `summary` (the loyalty module's face)
    loyaltyEarnedPoints: 0,
    earnableBurnable: null,
    extraPayments,
    userDetail: { firstName: u.firstName, lastName: u.lastName, mobile: u.mobile },
    deliverTo: order.deliverTo,
    vehicleNumber: (order.vehicle as { number?: string } | null)?.number ?? null,
    placedAt: order.placedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * What paid the order's primary part: the method the customer chose last (a declined card then UPI on the
 * same gateway order is UPI), or the payment row's for orders from before the two were kept in step.
 */
export function paidWith(
  order: Pick<repo.OrderRow, 'primaryPaymentId'>,
  payment: Pick<repo.PaymentRow, 'method'> | undefined,
): PaymentType | null {
  const method = order.primaryPaymentId ?? payment?.method ?? null;
  return isPaymentType(method) ? method : null;
}
