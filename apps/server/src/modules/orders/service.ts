import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from '@crust/contract/account';
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
import { addressLine } from '@crust/domain/address';
import { checkoutDetailsErrors, type CheckoutField } from '@crust/domain/checkout-customer';
import { isDuplicateOrder } from '@crust/domain/checkout-duplicate';
import { TRAIN_MESSAGES, trainDeliverTo, type TrainBooking } from '@crust/domain/train';
import type { CartLine } from '@crust/domain/cart-model';
import {
  DUPLICATE_ORDER_WINDOW_MINUTES,
  OTP_ATTEMPTS,
  PAYMENT_POLL_NEXT_SECONDS,
  PAYMENT_POLL_TOTAL_SECONDS,
} from '@crust/domain/constants';
import { distanceKm } from '@crust/domain/geo';
import { MESSAGES } from '@crust/domain/messages';
import { paise, type Paise } from '@crust/domain/money';
import { checkCombination, checkWalletSplit, splitWithWallet } from '@crust/domain/payment-combinations';
import type { PaymentState } from '@crust/domain/payment-state';
import { isPaymentType, type PaymentType } from '@crust/domain/payment-types';
import { cashWords, paidByLabel } from '@crust/domain/payment-words';
import { promoPaymentRefusal } from '@crust/domain/promo-payment';
import { isDeliveryType, type DeliveryType } from '@crust/domain/delivery-types';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError, type Result } from '../../http/errors.ts';
import { clearLimit, giveBack, slotsOf, takeSlot, takeSlots } from '../../http/limits.ts';
import type { Gateways } from '../../providers/payments/gateways.ts';
import { partnerGatewayCode } from '../../providers/partner/gateway.ts';
import type { CheckoutStep, PaymentGateway, WebhookNews } from '../../providers/payments/provider.ts';
import { SmsError, type SmsProvider } from '../../providers/sms/provider.ts';
import { listAddresses } from '../account/service.ts';
import { verifyPassword } from '../../crypto/passwords.ts';
import { newOtpCode } from '../auth/service.ts';
import type { CartService } from '../cart/service.ts';
import type { PaymentOptionsService } from '../payments/service.ts';
import type { Principal } from '../../http/principal.ts';
import { randomId, sameHash } from '../../http/session-tokens.ts';
import type { RailService } from '../rail/service.ts';
import type { StoreDirectory } from '../stores/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { smsFailed } from '../sms/failure.ts';
import { firstStepDone, FIRST_STEP_RESUME_MS } from './first-step.ts';
import { cardCodeGuesses, codeResendOf, codeSendsTo, minutesText } from './code-limits.ts';
import { takeCouponUse } from './coupon-use.ts';
import { gatewayRestrictionOf, paymentConditionOfOrder } from './promo-payment.ts';
import { checkoutMethodOf, nextActionOf, partnerOf, payByOfMethod, payByOfOrder } from './next-action.ts';
import type { PaytmNext, PaytmOrder, PaytmSide } from './paytm-face.ts';
import { extraPaymentOf } from './extra-captures.ts';
import type { PaymentFlow } from './payment-flow.ts';
import { type OrderEvents, Refusal } from './events.ts';
import { orderNumberOf, orderStatusOf } from './order-facts.ts';
import { newOrderNumber } from './order-number.ts';
import { Reconciler, type ReconcileOptions } from './reconciler.ts';
import * as repo from './repo.ts';
import { storeRefusal } from './store-checks.ts';
import { ownedOrder, ownedOrderByTransaction } from './owned.ts';
import { ORDER_TEXTS, paymentFailedText } from './texts.ts';

const fail = (code: string, displayMsg: string, field?: string): Result<never> => ({
  ok: false,
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});

/** The checkout form's fields as the contract names them, for a refusal's `field`. */
const FIELD_PATHS: Record<CheckoutField, string> = {
  name: 'orderDetails.userDetails.firstName',
  email: 'orderDetails.userDetails.email',
  mobile: 'orderDetails.userDetails.mobile',
  address: 'orderDetails.address',
  vehicleNumber: 'orderDetails.vehicleDetails.number',
  vehicleColour: 'orderDetails.vehicleDetails.colour',
  vehicleModel: 'orderDetails.vehicleDetails.model',
  stationId: 'orderDetails.stationId',
};

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

interface Fresh {
  cartVersion: number;
  totalPaise: number;
  walletPaise: number;
  primary: PaymentType | null;
  upiMode: 'INTENT' | 'COLLECT' | null;
  /** the partner host whose sheet pays it (issue 18), else null */
  partner: PartnerVendor | null;
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

  constructor(private readonly o: OrderServiceOptions) {
    this.db = o.db;
    this.clock = o.clock ?? Date.now;
    this.reconciler = new Reconciler(o.db, o.flow, o.log ?? null);
  }

  /**
   * `answerInside`, when given, is called with the answer inside the transaction that placed the order, when the
   * order is placed there (a known customer's cash order, a wallet-only order): the route stores the idempotency
   * key's answer with it, so the whole confirm commits once (issue 12 §2).
   */
  async confirm(
    principal: Principal,
    body: ConfirmOrderBody,
    answerInside?: (tx: Db, answer: Result<ConfirmAnswer>) => Promise<void>,
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

  private async confirmOnce(
    principal: Principal,
    body: ConfirmOrderBody,
    answerInside?: (tx: Db, answer: Result<ConfirmAnswer>) => Promise<void>,
  ): Promise<Result<ConfirmAnswer> | typeof REPLACED> {
    const { orderDetails: od, paymentDetails: pd } = body;
    const ownerId = principal.userId;
    const customer = principal.kind === 'customer';
    const wallet = pd.secondaryPaymentId === 'PIGGYBANK';

    let cart: Cart;
    let lines: CartLine[];
    try {
      ({ cart, lines } = await this.o.carts.forCheckout(ownerId, od.cartId, { walletUsed: wallet }));
    } catch (err) {
      // the cart is spent once its order is placed: a late or racing confirm gets that order's answer
      const active =
        err instanceof HttpError ? await repo.findActiveOrderOfCart(this.db, od.cartId) : undefined;
      if (active && active.ownerId === ownerId) return this.answerFor(active);
      throw err;
    }
    if (cart.validItems.length === 0 || cart.deliveryType !== od.deliveryType)
      return fail('REVIEW_CART', MESSAGES.reviewCart);
    if (cart.invalidItems.length > 0) return fail('ITEMS_UNAVAILABLE', MESSAGES.someItemsUnavailable);

    const store = await this.o.stores.byId(cart.storeId);
    if (!store) throw httpError(404, 'STORE_NOT_FOUND', MESSAGES.storeTroubleSelectOther);
    const now = this.clock();
    const refusal = storeRefusal(store, od, now);
    if (refusal) return fail(refusal.code, refusal.displayMsg, refusal.field);

    // a train order: the ticket's journey as it is now must still take an order to that station from this store
    let train: TrainBooking | null = null;
    if (od.deliveryType === 'IRCTC') {
      const irctc = od.customerIrctcDetails;
      if (!irctc)
        return fail('INVALID_DETAILS', TRAIN_MESSAGES.pnrMandatory, 'orderDetails.customerIrctcDetails.pnr');
      const booked = await this.o.trains.bookable({ ...irctc, storeId: cart.storeId });
      if (!booked.ok) return booked;
      train = booked.data;
    }

    // where it goes: a delivery address the store still serves, or the store itself
    let address: Address | AddressLike | null = null;
    if (od.deliveryType === 'D') {
      if (!od.address) return fail('INVALID_DETAILS', ORDER_TEXTS.addressNotFound, FIELD_PATHS.address);
      if ('addressId' in od.address) {
        const id = od.address.addressId;
        const saved = customer
          ? (await listAddresses(this.db, ownerId)).find((a) => a.addressId === id)
          : undefined;
        if (!saved) return fail('INVALID_DETAILS', ORDER_TEXTS.addressNotFound, FIELD_PATHS.address);
        address = saved;
      } else {
        address = od.address.address;
      }
      const km = distanceKm(
        { latitude: address.latitude, longitude: address.longitude },
        { latitude: store.latitude, longitude: store.longitude },
      );
      if (km * 1000 > store.deliveryRadiusM) return fail('NOT_SERVICEABLE', MESSAGES.weDoNotDeliverHere);
    }
    const u = od.userDetails;
    const errors = checkoutDetailsErrors(od.deliveryType, {
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      mobile: u.mobile,
      address: address
        ? { latitude: address.latitude, longitude: address.longitude, locality: address.locality }
        : null,
      vehicle: od.vehicleDetails ?? null,
      stationId: od.stationId ?? null,
      stations: store.stations.map((b) => b.stationId),
    });
    const firstError = Object.entries(errors)[0];
    if (firstError) {
      const [field, text] = firstError;
      return fail(
        'INVALID_DETAILS',
        text,
        field === 'deliveryType' ? undefined : FIELD_PATHS[field as CheckoutField],
      );
    }

    if (od.expectedTotalPaise !== cart.price) {
      // reading the cart settled it (a coupon that no longer applies was dropped): say why, once, here
      const why = [...new Set([...cart.notices, MESSAGES.reviewCart])];
      return fail('REVIEW_CART', why.join('. '));
    }

    // how it is paid (SPEC §5 Payment combinations)
    const primary = pd.primaryPaymentId === 'PIGGYBANK' ? null : pd.primaryPaymentId;
    // a coupon only some ways to pay may pay for (SPEC §3 explicitPromo): REMOVE_PROMO, before anything else
    const condition = paymentConditionOfOrder(cart);
    if (condition) {
      const refusal = promoPaymentRefusal(condition, {
        primary,
        wallet: wallet || pd.primaryPaymentId === 'PIGGYBANK',
        cardInitialDigits: pd.cardInitialDigits ?? null,
      });
      if (refusal)
        return {
          ok: true,
          data: {
            nextAction: 'REMOVE_PROMO',
            promoCode: condition.promoCode,
            paymentOptions: [...condition.paymentOptions],
            displayMsg: refusal,
          },
        };
    }
    if (wallet && !customer) return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletForCustomers);
    // SPEC §5: no Crust wallet inside a partner's mini-app, known from the session's token, never from the client
    if (principal.partner && (wallet || pd.primaryPaymentId === 'PIGGYBANK'))
      return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotInMiniApp);
    // SPEC §5: no wallet on a train order or while the chain has switched it off (an explicit promo is REMOVE_PROMO)
    if (wallet && (od.deliveryType === 'IRCTC' || (await this.o.paymentOptions.walletHidden())))
      return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotHere);
    const combination = checkCombination({
      wallet,
      primary,
      hasEdvItems: cart.isEDVOApplied,
      hasCoupon: cart.appliedPromo !== null,
    });
    if (!combination.ok) return fail('PAYMENT_COMBINATION', combination.error);
    const balance = wallet ? await this.walletFor(ownerId, cart.cartId) : paise(0);
    const split = splitWithWallet(paise(cart.price), balance);
    const splitCheck = wallet ? checkWalletSplit(split, primary) : { ok: true as const };
    if (!splitCheck.ok) return fail('WALLET_INSUFFICIENT', splitCheck.error);
    const amountPaise = cart.price - split.walletPaise;
    if (amountPaise > 0 && primary === null) return fail('PAYMENT_REQUIRED', ORDER_TEXTS.choosePayment);
    if (amountPaise > 0 && primary !== null) {
      if (!(await this.o.paymentOptions.isEnabled(cart.storeId, od.deliveryType, primary)))
        return fail('PAYMENT_OPTION_DISABLED', ORDER_TEXTS.optionUnavailable);
    }
    let method: PaymentType | null = amountPaise > 0 ? primary : null;
    const upiMode = method === 'UPI_WALLET' ? (pd.instrumentDetails?.upi?.mode ?? 'INTENT') : null;
    let voucherCode: string | null = null;
    if (method === 'EVOUCHER' || method === 'CASHCRD') {
      const code = pd.instrumentDetails?.evoucherCode?.toUpperCase() ?? '';
      const voucher = code ? await repo.findVoucher(this.db, code) : undefined;
      // the e-voucher field takes gift cards too; the gift-card option only gift cards
      const fits = method === 'EVOUCHER' || voucher?.kind === 'GC';
      if (!voucher || !fits || voucher.expiresAt.getTime() < now)
        return fail('EVOUCHER_INVALID', ORDER_TEXTS.voucherInvalid);
      if (voucher.balancePaise < amountPaise) return fail('EVOUCHER_BALANCE', ORDER_TEXTS.voucherBalance);
      // a gift card's code goes only to the number registered to the card, never to one the orderer types
      if (voucher.kind === 'GC' && !voucher.mobile)
        return fail('EVOUCHER_INVALID', ORDER_TEXTS.giftCardNoMobile);
      voucherCode = voucher.code;
      // a gift card typed into the e-voucher field is paid, and named, as the gift card it is
      if (voucher.kind === 'GC') method = 'CASHCRD';
    }

    if (!od.duplicateConfirmed) {
      const since = new Date(now - DUPLICATE_ORDER_WINDOW_MINUTES * 60_000);
      const recent = await repo.recentOrders(this.db, { ownerId, mobile: u.mobile }, since);
      const duplicate = isDuplicateOrder(
        { customerId: customer ? ownerId : null, mobile: u.mobile, items: lines },
        recent.map((r) => ({
          customerId: r.ownerId,
          mobile: r.mobile,
          items: (r.snapshot as { lines: CartLine[] }).lines,
          placedAtMs: r.createdAt.getTime(),
          status: 'PENDING',
        })),
        now,
        DUPLICATE_ORDER_WINDOW_MINUTES,
      );
      if (duplicate) return fail('DUPLICATE_ORDER', MESSAGES.duplicateOrderWarning);
    }

    // inside a partner's mini-app, its own way to pay goes through the partner (its payment sheet)
    const partner =
      principal.partner && method !== null && method === (await this.o.partnerPrimary?.(principal.partner))
        ? principal.partner
        : null;

    const fresh: Fresh = {
      cartVersion: cart.version,
      totalPaise: cart.price,
      walletPaise: split.walletPaise,
      primary: method,
      upiMode,
      partner,
    };
    const orderId = randomId('O', 10);
    let inserted: repo.OrderRow | undefined;
    let insertedPayment: repo.PaymentRow | undefined;
    // the first payment step, when it needs nobody outside the database, is taken in the order's transaction
    let done: Result<ConfirmOrderResult> | undefined;
    try {
      inserted = await this.o.events.transaction(this.db, async (tx, raise) => {
        const row = await repo.insertOrder(
          tx,
          {
            id: orderId,
            transactionId: randomId('T', 10),
            ownerId,
            cartId: cart.cartId,
            cartVersion: cart.version,
            storeId: cart.storeId,
            deliveryType: od.deliveryType,
            // the lines as confirmed, and what the order asks of Pizza Pals (read by the loyalty module's events)
            snapshot: {
              cart,
              lines,
              enroll: od.enroll ?? null,
              train,
              loyaltyCardCode: od.loyaltyRegistrationRequest?.loyaltyCardCode ?? null,
              // the partner whose gateway pays it (issue 18): kept with the order, so a resumed first step agrees
              ...(partner ? { partner } : {}),
            },
            totalPaise: cart.price,
            walletPaise: split.walletPaise,
            amountPaise,
            primaryPaymentId: method,
            upiMode,
            mobile: u.mobile,
            userDetails: u,
            address,
            deliverTo: address
              ? addressLine({
                  houseNo: address.houseNo,
                  street: address.address,
                  locality: address.locality,
                  city: address.city,
                })
              : train
                ? trainDeliverTo(train)
                : `${store.name}, ${store.address}`,
            vehicle: od.vehicleDetails ?? null,
            stationId: od.stationId ?? null,
            advancedTime: od.advancedTime ? new Date(od.advancedTime * 1000) : null,
            zeroContact: od.zeroContactDelivery,
            instructions: od.deliveryInstructions ?? null,
            promoCode: cart.appliedPromo?.code ?? null,
            voucherCode,
          },
          newOrderNumber,
        );
        if (!row) return undefined;
        const payment = await repo.insertPayment(tx, orderId, method ?? 'PIGGYBANK');
        insertedPayment = payment;
        await raise({ kind: 'opened', order: row });
        // every condition the coupon declares, again, inside the transaction (first order, staff, limits)
        const couponRefusal = row.promoCode
          ? await takeCouponUse(tx, {
              code: row.promoCode,
              customerId: ownerId,
              isCustomer: customer,
              cartId: cart.cartId,
              orderId,
            })
          : null;
        if (couponRefusal) throw new Refusal(`PROMO_${couponRefusal.code}`, couponRefusal.displayMsg);
        if (await this.placedAtOnce(tx, row)) {
          const moved = await this.o.flow.applyIn(tx, raise, row, payment, 'authorised');
          const answer = answerOf(moved.order, moved.payment, null, null);
          // last in the transaction: nothing after it may roll back what it stored
          if (answerInside) await answerInside(tx, answer);
          done = answer;
          return moved.order;
        }
        return row;
      });
    } catch (err) {
      if (err instanceof Refusal) return fail(err.code, err.displayMsg);
      throw err;
    }
    if (!inserted) {
      const active = await repo.findActiveOrderOfCart(this.db, cart.cartId);
      // the order in the way ended meanwhile (replaced by a racing confirm, lapsed): try again
      if (!active) return REPLACED;
      return this.answerExisting(active, fresh);
    }
    if (done) return done;
    return this.start(inserted, insertedPayment);
  }

  /**
   * Whether a new order is paid for as it is made, by nobody outside the database: the wallet pays it all, or a
   * customer known by an earlier placed order pays cash within the amount that asks no COD OTP.
   */
  private async placedAtOnce(tx: Db, order: repo.OrderRow): Promise<boolean> {
    const by = payByOfOrder(order);
    if (by.kind === 'wallet_only') return true;
    if (by.kind !== 'cash' || order.amountPaise > this.o.codOtpAbovePaise) return false;
    return repo.hasPlacedOrder(tx, { ownerId: order.ownerId, mobile: order.mobile });
  }

  /**
   * What the wallet can pay towards this cart: the available balance, plus what is held for the cart's own
   * unpaid order (a second confirm of it, or a retry after a crash, would otherwise see that part as spent,
   * take the order for changed, and drop it rather than answer it).
   */
  private async walletFor(ownerId: string, cartId: string): Promise<Paise> {
    const [available, active] = await Promise.all([
      this.o.wallets.balance(ownerId),
      repo.findActiveOrderOfCart(this.db, cartId),
    ]);
    const held = active?.ownerId === ownerId && active.status === 'payment_pending' ? active.walletPaise : 0;
    return paise(available + held);
  }

  /**
   * The first step of a new order's payment. `payment`, when the caller has it as this confirm inserted it,
   * lets a gateway order be noted and answered from the rows in hand (issue 12 §2).
   */
  private async start(order: repo.OrderRow, payment?: repo.PaymentRow): Promise<Result<ConfirmOrderResult>> {
    const by = payByOfOrder(order);
    switch (by.kind) {
      case 'wallet_only':
        await this.o.flow.apply(order.id, 'authorised');
        return this.answerFor(order);
      case 'cash': {
        const known = await repo.hasPlacedOrder(this.db, { ownerId: order.ownerId, mobile: order.mobile });
        if (known && order.amountPaise <= this.o.codOtpAbovePaise) {
          await this.o.flow.apply(order.id, 'authorised');
          return this.answerFor(order);
        }
        return this.firstCode(order);
      }
      case 'voucher': {
        const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
        if (voucher?.kind === 'GC') return this.firstCode(order);
        return this.answerFor(order);
      }
      case 'gateway':
      case 'paytm': {
        const partner = partnerOf(order);
        // the Paytm wallet (decision 018) and a partner host (decision 017) are gateways of their own, never a
        // payment option's default
        const gateway =
          by.kind === 'paytm'
            ? (this.o.paytm?.gateway ?? null)
            : partner
              ? this.o.gateways.byCode(partnerGatewayCode(partner))
              : this.o.gateways.forOption(
                  await this.o.paymentOptions.providerOf(
                    order.storeId,
                    typeOf(order),
                    order.primaryPaymentId ?? '',
                  ),
                );
        if (!gateway) {
          await this.o.flow.apply(order.id, 'expired', { failureCode: 'NO_GATEWAY' });
          return fail('PAYMENT_UNAVAILABLE', ORDER_TEXTS.paymentUnavailable(cashWords(typeOf(order))));
        }
        try {
          // a payment-restricted coupon: the gateway takes only the ways to pay (and cards) it allows
          const restrict = gatewayRestrictionOf(order);
          const made = await gateway.createOrder({
            amountPaise: paise(order.amountPaise),
            currency: 'INR',
            receipt: order.id,
            notes: { callbackUrl: callbackPathOf(order), orderId: order.id },
            ...(restrict ? { restrict } : {}),
          });
          const noted = { gatewayOrderId: made.gatewayOrderId, gateway: gateway.code };
          const opened = payment && (await this.o.flow.openIn(payment, noted));
          if (opened) return await this.answerOf(order, opened, null);
          // the payment moved since this confirm made it (a racing confirm redoing the first step); a twin's
          // gateway order, noted first, stays the one to pay
          await repo.noteGatewayOrder(this.db, order.id, noted);
          await this.o.flow.apply(order.id, 'gateway_order_created');
        } catch (err) {
          if (err instanceof HttpError) throw err;
          this.o.log?.warn({ err, orderId: order.id, gateway: gateway.code }, 'gateway order not made');
          await this.o.flow.apply(order.id, 'expired', { failureCode: 'GATEWAY_ERROR' });
          return fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
        }
        return this.answerFor(order);
      }
      default: {
        const never: never = by;
        throw new Error(`unknown way to pay ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * A confirm for a cart that already has an active order: the same order and choices get the same answer
   * (a double tap, a second tab); a changed cart, total or way to pay replaces an order that is not paid
   * (REPLACED: the caller then makes the new order), even one with a payment still open at the gateway (a UPI
   * collect nobody approved, a bank page left open): the customer left it to pay this way, and should it still
   * capture, the payment arrives after the failure and is refunded (payment-state: failed + captured).
   */
  private async answerExisting(
    found: repo.OrderRow,
    fresh: Fresh,
  ): Promise<Result<ConfirmOrderResult> | typeof REPLACED> {
    const active = await this.started(found);
    if (active.status === 'placed') return this.answerFor(active);
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
        await repo.updateOrder(this.db, active.id, {
          primaryPaymentId: fresh.primary,
          upiMode: fresh.upiMode,
        });
        // what pays is what the customer chose last: the summary and "Last used" say so
        if (fresh.primary) await repo.setPaymentMethod(this.db, active.id, fresh.primary);
      }
      return this.answerFor(active);
    }
    if (sameMoney && sameGateway && active.primaryPaymentId === fresh.primary) return this.answerFor(active);
    // something changed: the old order goes unless it was paid meanwhile (then the customer is shown that order)
    const state = await this.o.flow.sync(active.id, this.clock());
    if (state === 'success') return this.answerFor(active);
    if (state === 'created' || state === 'pending') {
      // conditional on the payment's version: of two confirms replacing it at once, one expires it
      const after = await this.o.flow.apply(active.id, 'expired', { failureCode: 'REPLACED' });
      if (after === 'success') return this.answerFor(active);
    }
    return REPLACED;
  }

  /**
   * A racing confirm can find the order between its insert and the end of its first payment step (the
   * gateway order, the returning customer's cash order placed, the COD or gift-card code sent). Answering
   * then would say "payment failed" for a gateway order not made yet, or ask for a code nobody sent; so it
   * waits for that step, and every tab gets the answer the first one got. An order whose step is still not
   * done FIRST_STEP_RESUME_MS after it was made lost its confirm (a crash; docs/checkout.md "After a
   * crash"): this confirm does the step itself, so a retried request ends on the same order.
   */
  private async started(order: repo.OrderRow): Promise<repo.OrderRow> {
    const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
    const deadline = Date.now() + FIRST_STEP_WAIT_MS;
    for (;;) {
      const [now, payment] = await Promise.all([
        repo.findOrder(this.db, order.id),
        repo.findPayment(this.db, order.id),
      ]);
      if (!now || !payment) throw new Error(`order ${order.id} vanished`);
      if (firstStepDone(now, payment, voucher?.kind ?? null)) return now;
      if (Date.now() - now.createdAt.getTime() >= FIRST_STEP_RESUME_MS) {
        await this.start(now);
        continue;
      }
      if (Date.now() >= deadline) throw httpError(409, 'ORDER_IN_PROGRESS', ORDER_TEXTS.orderInProgress);
      await sleep(FIRST_STEP_POLL_MS);
    }
  }

  private async answerFor(order: repo.OrderRow): Promise<Result<ConfirmOrderResult>> {
    const [now, payment] = await Promise.all([
      repo.findOrder(this.db, order.id),
      repo.findPayment(this.db, order.id),
    ]);
    if (!now || !payment) throw new Error(`order ${order.id} vanished`);
    const voucher = now.voucherCode ? await repo.findVoucher(this.db, now.voucherCode) : undefined;
    return this.answerOf(
      now,
      payment,
      voucher ? { kind: voucher.kind as 'EV' | 'GC', mobile: voucher.mobile } : null,
    );
  }

  /**
   * answerOf, with the gateway asked how the browser goes on when the order is paid there and still open, and the
   * paytm side asked how a Paytm wallet order goes on (link, withdraw, add money).
   */
  private async answerOf(
    order: repo.OrderRow,
    payment: repo.PaymentRow,
    voucher: { kind: 'EV' | 'GC'; mobile: string | null } | null,
  ): Promise<Result<ConfirmOrderResult>> {
    const [step, paytm] = await Promise.all([
      this.checkoutOf(order, payment),
      this.paytmNextOf(order, payment),
    ]);
    return answerOf(order, payment, step, voucher, paytm);
  }

  private async paytmNextOf(order: repo.OrderRow, payment: repo.PaymentRow): Promise<PaytmNext | null> {
    const by = payByOfOrder(order);
    if (by.kind !== 'paytm' || !this.o.paytm || order.status !== 'payment_pending') return null;
    if (payment.state !== 'created' && payment.state !== 'pending') return null;
    return this.o.paytm.nextFor(paytmOrderOf(order, payment));
  }

  /** One of the caller's orders by its transaction id, as the paytm module sees it (404 for anyone else's). */
  async paytmOrder(principal: Principal, transactionId: string): Promise<PaytmOrder> {
    const order = await ownedOrderByTransaction(this.db, principal, transactionId);
    // past a train's payment cut-off the wallet is never asked: the order fails before any withdraw
    if (!(await this.o.flow.refuseLate(order.id)))
      return paytmOrderOf(order, await repo.findPayment(this.db, order.id));
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

  /** How the customer's browser pays an open gateway order by the chosen method; null when it cannot. */
  private async checkoutOf(order: repo.OrderRow, payment: repo.PaymentRow): Promise<CheckoutStep | null> {
    const by = payByOfOrder(order);
    if (order.status !== 'payment_pending' || by.kind !== 'gateway') return null;
    if (!payment.gatewayOrderId || (payment.state !== 'created' && payment.state !== 'pending')) return null;
    const gateway = this.o.gateways.holding(payment.gateway);
    if (!gateway) return null;
    const who = order.userDetails as { firstName?: string; lastName?: string; email?: string };
    const name = [who.firstName, who.lastName].filter(Boolean).join(' ');
    try {
      return await gateway.checkout({
        gatewayOrderId: payment.gatewayOrderId,
        amountPaise: paise(order.amountPaise),
        method: checkoutMethodOf(by.page, order.upiMode),
        callbackPath: callbackPathOf(order),
        customer: {
          mobile: order.mobile,
          ...(who.email ? { email: who.email } : {}),
          ...(name ? { name } : {}),
        },
        description: `Crust order ${orderNumberOf(order)}`,
      });
    } catch (err) {
      this.o.log?.warn({ err, orderId: order.id, gateway: gateway.code }, 'gateway checkout failed');
      return null;
    }
  }

  /**
   * The order's first code (COD, or a gift card's): when the number has had its codes for the hour, the
   * order cannot go on, so it fails (its wallet part given back) and the customer is told why. A confirm
   * redoing the first step of an order whose confirm died (or was merely slow) sends no second code.
   */
  private async firstCode(order: repo.OrderRow): Promise<Result<ConfirmOrderResult>> {
    const refused = await this.sendCode(order, 'first');
    // a racing first step holds the order's resend slot: its code is the order's
    if (!refused || refused.code === 'RESEND_TOO_SOON') return this.answerFor(order);
    await this.o.flow.apply(order.id, 'expired', { failureCode: 'CODE_SEND_LIMIT' });
    return fail(refused.code, refused.displayMsg);
  }

  /**
   * Texts the order a new code: a COD OTP to the order's mobile, a gift card's OTP to the card's registered
   * mobile. The slots are taken before the text: one per order every 45 s, and CODE_SENDS_PER_MOBILE an
   * hour to one number, so parallel confirms and resends to a number send at most that many. Answers the
   * refusal when a slot was not free.
   *
   * When the SMS provider does not take the text, this throws HTTP 503 SMS_FAILED and the customer can ask for
   * the code again at once: the order's 45-second wait is given back, and so is the number's hourly slot when
   * the text certainly did not leave (after a timeout it may still arrive, so it keeps counting). A resend that
   * certainly failed leaves the order its previous code, which the customer may be holding. A first code
   * stays on the order whatever happened, so a retried confirm answers COD_OTP / EV_OTP with "Resend" at hand
   * rather than waiting for a first step that was done.
   */
  private async sendCode(
    order: repo.OrderRow,
    which: 'first' | 'again' = 'again',
  ): Promise<{ code: string; displayMsg: string } | null> {
    if (which === 'first' && (await repo.findOrder(this.db, order.id))?.codeHash) return null;
    const by = payByOfOrder(order);
    const voucher =
      by.kind === 'voucher' && order.voucherCode
        ? await repo.findVoucher(this.db, order.voucherCode)
        : undefined;
    const to = voucher ? voucher.mobile : order.mobile;
    if (!to) return { code: 'EVOUCHER_INVALID', displayMsg: ORDER_TEXTS.giftCardNoMobile };
    const now = new Date(this.clock());
    const taken = await takeSlots(this.db, [codeResendOf(order.id), codeSendsTo(to)], now);
    if (!taken.ok)
      return taken.limit.key === codeResendOf(order.id).key
        ? { code: 'RESEND_TOO_SOON', displayMsg: ORDER_TEXTS.codeResendTooSoon }
        : {
            code: 'CODE_SEND_LIMIT',
            displayMsg: ORDER_TEXTS.codeSendLimit(minutesText(taken.retryAfterSec)),
          };
    const code = newOtpCode();
    const change = {
      codeHash: this.codeHash(order.id, code),
      codeAttempts: 0,
      codeSentAt: now,
    };
    if (which === 'first') {
      if (!(await repo.setFirstCode(this.db, order.id, change))) {
        // another first step's code went out: no second text, and these slots were never spent
        await giveBack(this.db, taken.slots);
        return null;
      }
    } else {
      await repo.updateOrder(this.db, order.id, change);
    }
    try {
      await this.o.sms.send(
        to,
        voucher
          ? { kind: 'GIFT_CARD_OTP', vars: { code } }
          : { kind: 'COD_CODE', vars: { code, cash: cashWords(typeOf(order)) } },
      );
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      if (which === 'again' && !err.maybeSent)
        await repo.restoreCode(this.db, order.id, change.codeHash, order);
      await giveBack(this.db, err.maybeSent ? slotsOf(taken.slots, [codeResendOf(order.id)]) : taken.slots);
      throw smsFailed();
    }
    return null;
  }

  private codeHash(orderId: string, code: string): string {
    return createHmac('sha256', this.o.secret).update(`order-code|${orderId}|${code}`).digest('hex');
  }

  /** The COD OTP, a gift card's OTP or an e-voucher's PIN (SPEC §3 COD_OTP, EV_OTP, EV_PIN). */
  async submitCode(
    principal: Principal,
    orderId: string,
    body: OrderCodeBody,
  ): Promise<Result<ConfirmOrderResult>> {
    const order = await this.owned(principal, orderId);
    if (order.status !== 'payment_pending') return this.answerFor(order);
    const by = payByOfOrder(order);
    const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
    const usesOtp = by.kind === 'cash' || voucher?.kind === 'GC';
    if (by.kind !== 'cash' && by.kind !== 'voucher') return this.answerFor(order);

    if ('resend' in body) {
      if (!usesOtp) return this.answerFor(order);
      const refused = await this.sendCode(order);
      if (refused) return fail(refused.code, refused.displayMsg);
      return this.answerFor(order);
    }

    // a card's PIN or OTP: its guesses are counted per card, across orders and sessions, before checking
    const guesses = voucher ? cardCodeGuesses(voucher.code) : null;
    if (guesses) {
      const slot = await takeSlot(this.db, guesses, new Date(this.clock()));
      if (!slot.ok) {
        await this.o.flow.apply(order.id, 'declined', { failureCode: 'CARD_CODE_LOCKED' });
        return fail('CARD_CODE_LOCKED', ORDER_TEXTS.cardCodeLocked(minutesText(slot.retryAfterSec)));
      }
    }
    const right = usesOtp
      ? order.codeHash !== null && sameHash(this.codeHash(order.id, body.code), order.codeHash)
      : voucher?.pinHash !== null &&
        voucher?.pinHash !== undefined &&
        (await verifyPassword(body.code, voucher.pinHash));
    // the card's owner got it right: their earlier slips no longer count against the card
    if (right && guesses) await clearLimit(this.db, guesses.key);
    if (!right) {
      const tries = await repo.countWrongCode(this.db, order.id);
      if (tries >= OTP_ATTEMPTS) {
        await this.o.flow.apply(order.id, 'declined', { failureCode: 'CODE_ATTEMPTS_EXCEEDED' });
        return fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
      }
      return fail('CODE_INCORRECT', ORDER_TEXTS.codeIncorrect, 'code');
    }
    try {
      await this.o.flow.apply(order.id, 'authorised');
    } catch (err) {
      if (err instanceof Refusal) return fail(err.code, err.displayMsg);
      throw err;
    }
    return this.answerFor(order);
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
        return { ...base, status: 'FAILED', displayMsg: paymentFailedText(payment) };
      }
      default:
        return { ...base, status: waitingFlag(state), nextCallTime: PAYMENT_POLL_NEXT_SECONDS };
    }
  }

  async summary(principal: Principal, orderId: string): Promise<OrderSummary> {
    const order = await this.owned(principal, orderId);
    const payment = await repo.findPayment(this.db, order.id);
    const [store, extras] = await Promise.all([
      this.o.stores.byId(order.storeId),
      repo.extraCapturesOf(this.db, [order.id]),
    ]);
    const summary = summaryOf(order, payment, store?.name ?? '', extras.map(extraPaymentOf));
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

/** What answerExisting answers when it replaced the cart's open order: the confirm goes round again. */
const REPLACED = Symbol('replaced');
/** Passes of one confirm: one that replaces, one that makes the order, and one more for a race lost between. */
const REPLACE_PASSES = 3;

/** How long, and how often, a racing confirm looks for the first payment step of the order it lost to. */
const FIRST_STEP_WAIT_MS = 30_000;
const FIRST_STEP_POLL_MS = 25;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface AddressLike {
  latitude: number;
  longitude: number;
  locality: string;
  houseNo: string;
  address: string;
  city: string;
}

/** Where the gateway sends the customer's browser back (the callback route, then /paymentTransaction). */
const callbackPathOf = (order: Pick<repo.OrderRow, 'transactionId'>) =>
  `/api/v1/payments/callback?transactionId=${order.transactionId}`;

/** A confirm's answer from the order's rows as they are (nextActionOf); FAILED is a refusal. */
function answerOf(
  order: repo.OrderRow,
  payment: repo.PaymentRow,
  step: CheckoutStep | null,
  voucher: { kind: 'EV' | 'GC'; mobile: string | null } | null,
  paytm: PaytmNext | null = null,
): Result<ConfirmOrderResult> {
  const result = nextActionOf(order, payment, step, voucher, paytm);
  if (result.nextAction === 'FAILED')
    return payment.failureCode === 'TRAIN_PAY_LATE'
      ? fail('TRAIN_PAY_LATE', paymentFailedText(payment))
      : fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
  return { ok: true, data: result };
}

function paytmOrderOf(order: repo.OrderRow, payment: repo.PaymentRow | undefined): PaytmOrder {
  const by = payByOfOrder(order);
  const who = order.userDetails as { email?: string };
  return {
    id: order.id,
    transactionId: order.transactionId,
    ownerId: order.ownerId,
    status: order.status,
    amountPaise: order.amountPaise,
    mobile: order.mobile,
    email: who.email ?? null,
    cartId: order.cartId,
    orderRef: payment?.gatewayOrderId ?? null,
    paytm: by.kind === 'paytm',
    upi: by.kind === 'gateway' && by.page === 'upi',
    refusal: payment?.failureCode === 'TRAIN_PAY_LATE' ? paymentFailedText(payment) : null,
  };
}

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
    netPrice: order.totalPaise,
    discount: cart.appliedPromo?.discount ?? 0,
    paymentSummary: [...cart.cartCalculations.map((c) => ({ label: c.label, value: c.value })), ...paidBy],
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

/** The order's type as it was ordered. */
export function typeOf(order: Pick<repo.OrderRow, 'deliveryType'>): DeliveryType {
  return isDeliveryType(order.deliveryType) ? order.deliveryType : 'D';
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
