import type { FastifyBaseLogger } from 'fastify';
import { API_PATHS } from '@crust/contract/paths';
import type {
  PaytmBalanceQuery,
  PaytmBalanceResult,
  PaytmOtpSendBody,
  PaytmOtpSendResult,
  PaytmOtpVerifyBody,
  PaytmOtpVerifyResult,
  PaytmSubmitResult,
  PaytmUpiVerifyBody,
  PaytmUpiVerifyResult,
} from '@crust/contract/paytm';
import { maskedName } from '@crust/domain/masked-name';
import { MESSAGES } from '@crust/domain/messages';
import { paise } from '@crust/domain/money';
import type { Db } from '../../db/client.ts';
import { httpError, tooMany, type Result } from '../../http/errors.ts';
import { giveBack, takeSlot, takeSlots } from '../../http/limits.ts';
import type { Principal } from '../../http/principal.ts';
import { PaytmError, type PaytmWallet } from '../../providers/paytm-wallet/provider.ts';
import type { PaytmNext, PaytmOrder, PaytmSide } from '../orders/paytm-face.ts';
import { minutesText } from '../orders/code-limits.ts';
import {
  paytmOtpGuessesOf,
  paytmOtpResendOf,
  paytmOtpSendsTo,
  upiVerifiesBy,
  upiVerifiesFrom,
} from './limits.ts';
import * as repo from './repo.ts';
import { TokenSeal } from './seal.ts';
import { PAYTM_TEXTS } from './texts.ts';

/** What the paytm module reads and settles of orders (OrderService's face; decision 013). */
export interface PaytmOrders {
  /** the caller's order by its transaction id; 404 for anyone else's */
  paytmOrder(principal: Principal, transactionId: string): Promise<PaytmOrder>;
  /** the order settled from Paytm's word on its withdraw (PaymentFlow: once) */
  settlePaytm(orderId: string): Promise<PaytmOrder>;
}

export interface PaytmServiceOptions {
  db: Db;
  wallet: PaytmWallet;
  orders: PaytmOrders;
  /** seals the wallets' access tokens */
  secret: string;
  /** Crust's public origin, for the add-money page's way back; null: a same-origin path (the sandbox) */
  publicUrl: string | null;
  /** the merchant's UPI id (the deeplink call) */
  merchantVpa: string;
  log: FastifyBaseLogger;
  clock?: () => number;
}

const fail = (code: string, displayMsg: string, field?: string): Result<never> => ({
  ok: false,
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});

const masked = (mobile: string) => `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`;

/** The web's Paytm form (apps/web/src/app/paths.ts), where the add-money page's way back lands. */
const PAYTM_FORM = '/paytmForm';

/**
 * The Paytm wallet (issue 18 §2; docs/paytm-wallet.md): links the payer's wallet by Paytm's OTP, reads its balance
 * against an order, and submits the order, where Paytm withdraws the order's amount once (by the order's
 * reference) and the order is settled through the payment flow like any gateway's (decision 018). A customer's
 * link is kept for their next orders; a guest's is for the order only.
 */
export class PaytmService implements PaytmSide {
  private readonly db: Db;
  private readonly clock: () => number;
  private readonly seal: TokenSeal;

  constructor(private readonly o: PaytmServiceOptions) {
    this.db = o.db;
    this.clock = o.clock ?? Date.now;
    this.seal = new TokenSeal(o.secret);
  }

  /** Checkout's question: how does this PAYTM_WALLET order go on (link, withdraw, or add money first)? */
  async nextFor(order: PaytmOrder): Promise<PaytmNext> {
    const link = await this.linkOf(order);
    if (!link) return { kind: 'link' };
    try {
      const { deficitPaise } = await this.o.wallet.balance({
        token: link.token,
        amountPaise: paise(order.amountPaise),
      });
      if (deficitPaise === 0) return { kind: 'withdraw' };
      return {
        kind: 'add_money',
        deficitPaise,
        redirectUrl: await this.addMoneyUrl(order, link.token, deficitPaise),
      };
    } catch (err) {
      if (err instanceof PaytmError && err.code === 'INVALID_TOKEN') {
        await repo.dropLink(this.db, link.owner, link.sealed);
        return { kind: 'link' };
      }
      // Paytm did not answer the consult: the withdraw decides (it answers a shortfall itself)
      this.o.log.warn({ err, orderId: order.id }, 'Paytm balance unknown');
      return { kind: 'withdraw' };
    }
  }

  /**
   * UPI verify: whether a UPI id exists, and its holder's name masked ("M**** I***"). Only for the caller's own
   * order waiting for a UPI payment (404 for anyone else's, 403 for one not paying by UPI now), and under the
   * caller's and the address's hourly limits, taken before Paytm is asked (429 with Retry-After): otherwise
   * Crust's merchant account names the holder of any `<mobile>@paytm` for anyone who asks.
   */
  async verifyVpa(
    principal: Principal,
    body: PaytmUpiVerifyBody,
    clientAddress: string,
  ): Promise<Result<PaytmUpiVerifyResult>> {
    const order = await this.o.orders.paytmOrder(principal, body.orderTransactionId);
    if (!order.upi || order.status !== 'payment_pending')
      throw httpError(403, 'UPI_VERIFY_NOT_ALLOWED', PAYTM_TEXTS.upiVerifyNoOrder);
    const taken = await takeSlots(
      this.db,
      [upiVerifiesBy(principal.userId), upiVerifiesFrom(clientAddress)],
      new Date(this.clock()),
    );
    if (!taken.ok)
      throw tooMany(
        'UPI_VERIFY_LIMIT',
        PAYTM_TEXTS.upiVerifyLimit(minutesText(taken.retryAfterSec)),
        taken.retryAfterSec,
      );
    const answer = await this.call(() => this.o.wallet.verifyVpa(body.vpa));
    return {
      ok: true,
      data: { valid: answer.valid, name: answer.valid && answer.name ? maskedName(answer.name) : null },
    };
  }

  /** Deeplink: the Paytm app's and any UPI app's intent for the caller's open Paytm order. */
  async deeplink(principal: Principal, transactionId: string) {
    const order = await this.open(principal, transactionId);
    if (!order.ok) return order;
    const o = order.data;
    const amount = (o.amountPaise / 100).toFixed(2);
    const upi = new URLSearchParams({
      pa: this.o.merchantVpa,
      pn: 'Crust',
      am: amount,
      cu: 'INR',
      tr: o.orderRef ?? o.id,
      tn: `Crust order ${o.transactionId}`,
    });
    return {
      ok: true as const,
      data: {
        deepLink: `paytmmp://cash_wallet?featuretype=money_transfer&${upi.toString()}`,
        upiLink: `upi://pay?${upi.toString()}`,
        amountPaise: o.amountPaise,
      },
    };
  }

  /** Wallet balance: linked?, the balance and what is short of the order, and where the payer goes next. */
  async balance(principal: Principal, q: PaytmBalanceQuery): Promise<Result<PaytmBalanceResult>> {
    const order = await this.o.orders.paytmOrder(principal, q.orderTransactionId);
    if (!order.paytm) return fail('PAYTM_NOT_CHOSEN', PAYTM_TEXTS.notPaytm);
    const base = { transactionId: order.transactionId, cartId: order.cartId, amountPaise: order.amountPaise };
    const ended = endedAction(order);
    const link = await this.linkOf(order);
    const linked = link !== null && (q.mobile === undefined || link.mobile === q.mobile);
    const none = { balancePaise: null, deficitPaise: null };
    if (ended)
      return {
        ok: true,
        data: { ...base, ...none, linked, mobile: link?.mobile ?? order.mobile, nextAction: ended },
      };
    if (!linked || !link)
      return {
        ok: true,
        data: { ...base, ...none, linked: false, mobile: q.mobile ?? order.mobile, nextAction: 'PAYTM_LINK' },
      };
    if (q.consultBalance === 'false')
      return {
        ok: true,
        data: { ...base, ...none, linked, mobile: link.mobile, nextAction: 'PAYTM_WITHDRAW_MONEY' },
      };
    try {
      const b = await this.o.wallet.balance({ token: link.token, amountPaise: paise(order.amountPaise) });
      const short = b.deficitPaise > 0;
      return {
        ok: true,
        data: {
          ...base,
          linked,
          mobile: link.mobile,
          balancePaise: b.balancePaise,
          deficitPaise: b.deficitPaise,
          nextAction: short ? 'PAYTM_ADD_MONEY' : 'PAYTM_WITHDRAW_MONEY',
          ...(short ? { redirectUrl: await this.addMoneyUrl(order, link.token, b.deficitPaise) } : {}),
        },
      };
    } catch (err) {
      if (!(err instanceof PaytmError) || err.code !== 'INVALID_TOKEN') throw unavailable(err);
      await repo.dropLink(this.db, link.owner, link.sealed);
      return {
        ok: true,
        data: { ...base, ...none, linked: false, mobile: order.mobile, nextAction: 'PAYTM_LINK' },
      };
    }
  }

  /**
   * OTP send: Paytm texts the wallet's owner an OTP. The number's hourly slot and the order's 45-second slot are
   * taken first, so parallel sends text at most that many; a send Paytm certainly did not take gives them back.
   */
  async sendOtp(principal: Principal, body: PaytmOtpSendBody): Promise<Result<PaytmOtpSendResult>> {
    const order = await this.open(principal, body.orderTransactionId);
    if (!order.ok) return order;
    const now = new Date(this.clock());
    const taken = await takeSlots(
      this.db,
      [paytmOtpSendsTo(body.mobile), paytmOtpResendOf(order.data.id)],
      now,
    );
    if (!taken.ok)
      return taken.limit.key === paytmOtpResendOf(order.data.id).key
        ? fail('PAYTM_OTP_TOO_SOON', PAYTM_TEXTS.otpResendTooSoon)
        : fail('PAYTM_OTP_SEND_LIMIT', PAYTM_TEXTS.otpSendLimit(minutesText(taken.retryAfterSec)));
    let state: string;
    try {
      ({ state } = await this.o.wallet.sendOtp({
        mobile: body.mobile,
        ...(body.email ? { email: body.email } : {}),
      }));
    } catch (err) {
      // a refusal in Paytm's words sent nothing; an unanswered call may have, so it keeps counting
      if (err instanceof PaytmError && err.code !== 'UNAVAILABLE') await giveBack(this.db, taken.slots);
      throw unavailable(err);
    }
    await repo.insertOtpRequest(this.db, {
      state,
      orderId: order.data.id,
      ownerId: principal.userId,
      mobile: body.mobile,
      createdAt: now,
    });
    return { ok: true, data: { state, codeSentTo: masked(body.mobile) } };
  }

  /**
   * OTP verify: links the wallet. The OTP must be one sent for this order, to this number, at this caller's
   * request; each guess takes the order's slot first, and Paytm counts its own (3 per OTP) atomically too.
   */
  async verifyOtp(principal: Principal, body: PaytmOtpVerifyBody): Promise<Result<PaytmOtpVerifyResult>> {
    const order = await this.open(principal, body.orderTransactionId);
    if (!order.ok) return order;
    if (body.cartId !== order.data.cartId) return fail('ORDER_NOT_CONFIRMED', MESSAGES.orderNotConfirmed);
    const request = await repo.findOtpRequest(this.db, body.state);
    if (
      !request ||
      request.orderId !== order.data.id ||
      request.ownerId !== principal.userId ||
      request.mobile !== body.mobile
    )
      return fail('PAYTM_OTP_EXPIRED', PAYTM_TEXTS.otpExpired, 'otp');
    const slot = await takeSlot(this.db, paytmOtpGuessesOf(order.data.id), new Date(this.clock()));
    if (!slot.ok)
      return fail('PAYTM_OTP_LIMIT', PAYTM_TEXTS.otpVerifyLimit(minutesText(slot.retryAfterSec)), 'otp');
    let link;
    try {
      link = await this.o.wallet.verifyOtp({ state: body.state, otp: body.otp });
    } catch (err) {
      if (!(err instanceof PaytmError)) throw err;
      switch (err.code) {
        case 'INVALID_OTP':
          return fail('PAYTM_OTP_INCORRECT', PAYTM_TEXTS.otpIncorrect(err.attemptsLeft ?? 0), 'otp');
        case 'OTP_EXPIRED':
        case 'OTP_USED':
          return fail('PAYTM_OTP_EXPIRED', PAYTM_TEXTS.otpExpired, 'otp');
        case 'OTP_ATTEMPTS_EXCEEDED':
          return fail('PAYTM_OTP_ATTEMPTS', PAYTM_TEXTS.otpAttempts, 'otp');
        default:
          throw unavailable(err);
      }
    }
    const owner = principal.kind === 'customer' ? `customer:${principal.userId}` : `order:${order.data.id}`;
    await repo.saveLink(this.db, {
      owner,
      mobile: link.mobile,
      token: this.seal.seal(link.token, owner),
      expiresAt: new Date(link.expiresAt),
      linkedAt: new Date(this.clock()),
    });
    return { ok: true, data: { linked: true, mobile: link.mobile } };
  }

  /**
   * Submit order: Paytm withdraws the order's amount from the linked wallet, once for the order however many submits
   * race (Paytm keys it by the order's reference), and the order is settled from Paytm's word through the payment
   * flow: THANKYOU; PAYTM_ADD_MONEY when the wallet is short (nothing was taken); PAY_PAGE when Paytm refused, the
   * order then failed so the customer can pay another way.
   */
  async submit(principal: Principal, transactionId: string): Promise<Result<PaytmSubmitResult>> {
    const order = await this.o.orders.paytmOrder(principal, transactionId);
    if (!order.paytm) return fail('PAYTM_NOT_CHOSEN', PAYTM_TEXTS.notPaytm);
    const base = { transactionId: order.transactionId, orderId: order.id };
    const ended = endedAction(order);
    if (ended) return { ok: true, data: { ...base, nextAction: ended, ...refusedText(ended, order) } };
    const link = await this.linkOf(order);
    if (!link) return { ok: true, data: { ...base, nextAction: 'PAYTM_LINK' } };
    if (!order.orderRef) return fail('ORDER_NOT_CONFIRMED', MESSAGES.orderNotConfirmed);
    let withdraw;
    try {
      withdraw = await this.o.wallet.withdraw({
        token: link.token,
        orderRef: order.orderRef,
        amountPaise: paise(order.amountPaise),
      });
    } catch (err) {
      if (!(err instanceof PaytmError) || err.code !== 'INVALID_TOKEN') throw unavailable(err);
      await repo.dropLink(this.db, link.owner, link.sealed);
      return { ok: true, data: { ...base, nextAction: 'PAYTM_LINK' } };
    }
    if (withdraw.status === 'INSUFFICIENT_BALANCE')
      return {
        ok: true,
        data: {
          ...base,
          nextAction: 'PAYTM_ADD_MONEY',
          redirectUrl: await this.addMoneyUrl(order, link.token, withdraw.deficitPaise),
        },
      };
    const settled = await this.o.orders.settlePaytm(order.id);
    const next = endedAction(settled) ?? 'PAYTM_WITHDRAW_MONEY';
    return { ok: true, data: { ...base, nextAction: next, ...refusedText(next, settled) } };
  }

  /**
   * The add-money page's way back: Paytm's signed answer, and the payer on to the Paytm form, which submits the
   * order again. Nothing moves here (the browser carries no session); the submit decides.
   */
  addMoneyReturn(transactionId: string, fields: Record<string, string>): string {
    const answer = this.o.wallet.readAddMoneyReturn(fields);
    const status = answer?.status ?? 'UNKNOWN';
    return `${PAYTM_FORM}?${new URLSearchParams({ transactionId, addMoney: status }).toString()}`;
  }

  /** The caller's order, paid by Paytm and still open; a refusal otherwise. */
  private async open(principal: Principal, transactionId: string): Promise<Result<PaytmOrder>> {
    const order = await this.o.orders.paytmOrder(principal, transactionId);
    if (!order.paytm) return fail('PAYTM_NOT_CHOSEN', PAYTM_TEXTS.notPaytm);
    if (order.status !== 'payment_pending') return fail('ORDER_NOT_CONFIRMED', MESSAGES.orderNotConfirmed);
    return { ok: true, data: order };
  }

  /** The payer's link: the customer's own (kept between orders), else one made for this very order. */
  private async linkOf(order: PaytmOrder) {
    const owners = [`customer:${order.ownerId}`, `order:${order.id}`];
    const row = await repo.findLink(this.db, owners, new Date(this.clock()));
    if (!row) return null;
    const token = this.seal.open(row.token, row.owner);
    return token ? { owner: row.owner, sealed: row.token, token, mobile: row.mobile } : null;
  }

  private async addMoneyUrl(order: PaytmOrder, token: string, deficitPaise: number): Promise<string> {
    const back = `${this.o.publicUrl ?? ''}${API_PATHS.paytmAddMoneyReturn}?transactionId=${order.transactionId}`;
    const { url } = await this.call(() =>
      this.o.wallet.addMoney({
        token,
        orderRef: order.orderRef ?? order.id,
        amountPaise: paise(deficitPaise),
        returnUrl: back,
      }),
    );
    return url;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw unavailable(err);
    }
  }
}

/** Where an order that is no longer waiting for its payment sends the payer. */
function endedAction(order: PaytmOrder): 'THANKYOU' | 'PAY_PAGE' | null {
  if (order.status === 'placed') return 'THANKYOU';
  if (order.status === 'payment_pending') return null;
  return 'PAY_PAGE';
}

const refusedText = (next: string, order: PaytmOrder) =>
  next === 'PAY_PAGE' ? { displayMsg: order.refusal ?? PAYTM_TEXTS.walletRefused } : {};

/** Paytm's silence (or a refusal Crust cannot explain) as a 503 the client retries; anything else as it is. */
function unavailable(err: unknown): Error {
  if (err instanceof PaytmError) return httpError(503, 'PAYTM_UNAVAILABLE', PAYTM_TEXTS.unavailable);
  return err instanceof Error ? err : new Error(String(err));
}
