import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CardBrand } from '@crust/domain/card';
import type { Paise } from '@crust/domain/money';
import type { PaymentType } from '@crust/domain/payment-types';
import type { Db } from '../../db/client.ts';
import { gatewayId, GATEWAY_ID } from './ids.ts';
import { type GatewayModes, type ModesChange } from './modes.ts';
import { type Deliver, type DrainResult, WebhookOutbox } from './outbox.ts';
import {
  GatewayError,
  type CallbackParams,
  type CheckoutInput,
  type CheckoutMethod,
  type CheckoutStep,
  type HeaderBag,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type OrderRestriction,
  type PaymentGateway,
  type RestrictableMethod,
  type WebhookReading,
} from './provider.ts';
import * as repo from './repo.ts';
import { PayuBooks } from './sandbox-payu/books.ts';
import { sandboxPayuKeys, type PayuKeys } from './sandbox-payu/fields.ts';
import { CreateOrderSchema, RefundSchema } from './requests.ts';
import { sameSecret } from '../../crypto/same-secret.ts';
import { callbackSigned, hmacHex, readSignedJson, signatureMatches } from './signatures.ts';
import { orderOf, paymentOf, refundOf } from './views.ts';
import {
  SIGNATURE_HEADER,
  WebhookEventSchema,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookFormat,
} from './webhook.ts';

export const SANDBOX_PG_PREFIX = '/sandbox/pg';
/** The gateway code of the sandbox's own protocol (the demo stores' payment options name it). */
export const SANDBOX_GATEWAY_CODE = 'SANDBOX_PG';
/** The names of the card and UPI fields on the sandbox's own forms. */
const SANDBOX_INPUTS = {
  card: { number: 'number', expiryMonth: 'month', expiryYear: 'year', cvv: 'cvv', name: 'name' },
  upi: { vpa: 'vpa' },
} as const;
/**
 * Crust's wallet payment types as the sandbox's wallets (modules/sandbox/pg-forms.ts WALLETS): the wallet page of an
 * order paid by one of them offers only it. Any other (WALLET, the generic one): the page lets the customer choose.
 */
export const SANDBOX_WALLETS: Readonly<Partial<Record<PaymentType, string>>> = {
  AMZPAY_WALLET: 'amazonpay',
  PAYTM_WALLET: 'paytm',
};
/** The 3-D Secure OTP of every sandbox card; the OTP page shows it. */
export const SANDBOX_OTP = '123456';
export const OTP_MAX_ATTEMPTS = 3;
export const UPI_PAYEE = { vpa: 'crust@sandbox', name: 'Crust' } as const;

export interface SandboxGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string;
  deliver: Deliver;
  log: FastifyBaseLogger;
  /** the shuffle-webhooks mode's dice; tests may load them */
  random?: () => number;
  /**
   * How an order of another protocol sends the browser back (a form posted to the merchant) and what its webhooks
   * look like; the sandbox's own protocol needs neither. Keyed by pg_orders.protocol.
   */
  returns?: Partial<
    Record<
      string,
      (
        order: repo.OrderRow,
        payment: repo.PaymentRow,
      ) => { url: string; fields: Record<string, string> } | null
    >
  >;
  webhookFormats?: Partial<Record<string, WebhookFormat>>;
}

/** How a payment ends; the error code and text go to the status API and the webhook. */
export type Outcome =
  { status: 'captured' } | { status: 'failed'; errorCode: string; errorDescription: string };

export const failure = (errorCode: string, errorDescription: string): Outcome => ({
  status: 'failed',
  errorCode,
  errorDescription,
});

/**
 * Who decided an outcome: the bank or UPI app (subject to the timeout and decline modes) or the gateway
 * itself (the customer cancelled, too many wrong OTPs), which no bank can lose or decline.
 */
export type Decider = 'bank' | 'gateway';

/** Where the customer's browser goes after a payment step. */
export type NextStep =
  /** 303 to the merchant's callback with the signed outcome */
  | { kind: 'callback'; url: string; payment: repo.PaymentRow }
  /** a form the browser posts to the merchant (Razorpay's callback_url, PayU's surl/furl) */
  | { kind: 'post'; action: string; fields: Record<string, string>; payment: repo.PaymentRow }
  /** the outcome is in, but the browser is not sent back (lost-callback mode) */
  | { kind: 'closed'; payment: repo.PaymentRow }
  /** no outcome, and none will reach this browser (timeout mode) */
  | { kind: 'processing'; payment: repo.PaymentRow }
  /** no outcome yet: waiting for the customer's UPI app */
  | { kind: 'waiting'; payment: repo.PaymentRow };

/** What a payment attempt records about how it is paid: never a card number or CVV. */
export type PaymentDetails =
  | { method: 'card'; cardBrand: CardBrand; cardLast4: string; cardBin: string }
  | { method: 'netbanking'; bank: string }
  | { method: 'wallet'; wallet: string }
  | { method: 'upi_intent' }
  | { method: 'upi_collect'; vpa: string };

/** What another protocol fixed about an attempt before it starts (PayU: its PayU id, surl and furl). */
export interface PaymentAttempt {
  id?: string;
  callbackUrl?: string;
  failureUrl?: string;
}

const lookupable = (id: string) => GATEWAY_ID.test(id);

/** The merchant's restriction on an order's ways to pay; null: any way. */
export function restrictionOf(order: Pick<repo.OrderRow, 'restrictions'>): OrderRestriction | null {
  return (order.restrictions as OrderRestriction | null) ?? null;
}

/** Two restrictions say the same (jsonb keeps its own key order, so they are compared field by field). */
function sameRestriction(a: OrderRestriction | null, b: OrderRestriction | null): boolean {
  if (a === null || b === null) return a === b;
  const list = (x: readonly string[] | null) => (x === null ? null : x.join(','));
  return (
    list(a.methods) === list(b.methods) && list(a.cardBins) === list(b.cardBins) && a.reason === b.reason
  );
}

/** The restrictable method a checkout method belongs to. */
export function restrictableOf(method: CheckoutMethod): RestrictableMethod {
  return method === 'upi_intent' || method === 'upi_collect' ? 'upi' : method;
}

/**
 * Whether the order may be paid this way; a card, once its number is known (`cardBin`), must also begin with
 * an allowed prefix. Without `cardBin` only the method is checked (the pages that offer the card form).
 */
export function allowedFor(
  order: Pick<repo.OrderRow, 'restrictions'>,
  method: CheckoutMethod,
  cardBin?: string,
): boolean {
  const r = restrictionOf(order);
  if (!r) return true;
  if (!r.methods.includes(restrictableOf(method))) return false;
  if (method !== 'card' || r.cardBins === null || cardBin === undefined) return true;
  return r.cardBins.some((prefix) => cardBin.startsWith(prefix));
}

/**
 * The sandbox payment gateway: a local Razorpay/PayU-like gateway whose whole state is in the database
 * (its own pg_* tables), so it survives restarts and serves several server processes. Crust's checkout
 * uses it through the PaymentGateway interface; the hosted pages (modules/sandbox/pg-*.ts) drive the
 * customer's side through the other methods.
 */
export class SandboxGateway implements PaymentGateway {
  readonly code = SANDBOX_GATEWAY_CODE;
  readonly keyId: string;
  /** the PayU protocol's books, for its routes (modules/sandbox/pg-payu-*.ts) */
  readonly payu: PayuBooks;
  private readonly outbox: WebhookOutbox;

  constructor(
    private readonly db: Db,
    private readonly o: SandboxGatewayOptions,
  ) {
    this.keyId = o.keyId;
    this.payu = new PayuBooks(db);
    this.outbox = new WebhookOutbox(db, {
      formats: o.webhookFormats ?? {},
      url: o.webhookUrl,
      secret: o.webhookSecret,
      deliver: o.deliver,
      log: o.log,
      random: o.random ?? Math.random,
    });
  }

  // ——— the merchant's side: PaymentGateway ———

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const parsed = CreateOrderSchema.safeParse(input);
    if (!parsed.success)
      throw new GatewayError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'bad order', 400);
    const { amountPaise, receipt, notes, restrict } = parsed.data;
    await this.latency();
    const restrictions = restrict ?? null;
    const row = await repo.insertOrFindOrder(this.db, {
      id: gatewayId('order'),
      receipt,
      amountPaise,
      currency: 'INR',
      notes,
      callbackUrl: notes.callbackUrl,
      restrictions,
    });
    if (
      row.amountPaise !== amountPaise ||
      row.callbackUrl !== notes.callbackUrl ||
      !sameRestriction(restrictionOf(row), restrictions)
    )
      throw new GatewayError('RECEIPT_IN_USE', 'This receipt already names another order', 409);
    return orderOf(row);
  }

  /**
   * An order made through another protocol's API (Razorpay's POST /v1/orders): no callback yet (each payment
   * names its own) and no restriction. The same receipt and amount answer the same order, as createOrder does.
   */
  async openOrder(input: {
    amountPaise: Paise;
    receipt: string;
    notes: Record<string, string>;
    protocol: 'razorpay' | 'payu';
  }): Promise<repo.OrderRow> {
    await this.latency();
    const row = await repo.insertOrFindOrder(this.db, {
      id: gatewayId('order'),
      receipt: input.receipt,
      amountPaise: input.amountPaise,
      currency: 'INR',
      notes: input.notes,
      callbackUrl: '',
      protocol: input.protocol,
    });
    if (row.amountPaise !== input.amountPaise || row.protocol !== input.protocol)
      throw new GatewayError('RECEIPT_IN_USE', 'This receipt already names another order', 400);
    return row;
  }

  /** Where the browser of a hosted checkout goes back to (Razorpay's embedded checkout names it per visit). */
  async setOrderCallback(orderId: string, url: string): Promise<void> {
    await repo.setOrderCallback(this.db, orderId, url);
  }

  orderByReceipt(receipt: string): Promise<repo.OrderRow | undefined> {
    return repo.findOrderByReceipt(this.db, receipt);
  }

  refundsOf(paymentId: string): Promise<repo.RefundRow[]> {
    return lookupable(paymentId) ? repo.refundsOfPayment(this.db, paymentId) : Promise.resolve([]);
  }

  checkout(input: CheckoutInput): Promise<CheckoutStep> {
    const id = input.gatewayOrderId;
    switch (input.method) {
      case 'card':
        return Promise.resolve({
          kind: 'form',
          action: this.formPostUrl(id, 'card'),
          fields: {},
          inputs: SANDBOX_INPUTS.card,
        });
      case 'upi_collect':
        return Promise.resolve({
          kind: 'form',
          action: this.formPostUrl(id, 'upi_collect'),
          fields: {},
          inputs: SANDBOX_INPUTS.upi,
        });
      case 'upi_intent': {
        const link = this.upiIntentLink({ gatewayOrderId: id, amountPaise: input.amountPaise });
        return Promise.resolve({ kind: 'upi_intent', link, appUrl: this.upiAppUrl(link) });
      }
      case 'netbanking':
        return Promise.resolve({ kind: 'page', url: this.checkoutUrl(id, 'netbanking') });
      case 'wallet': {
        const wallet = input.wallet && SANDBOX_WALLETS[input.wallet];
        return Promise.resolve({ kind: 'page', url: this.checkoutUrl(id, 'wallet', wallet) });
      }
      default: {
        const never: never = input.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  }

  readWebhook(rawBody: Buffer, headers: HeaderBag): WebhookReading {
    const signature = headers[SIGNATURE_HEADER];
    const signed = typeof signature === 'string' && this.verifySignature(rawBody, signature);
    const event = readSignedJson(rawBody, signed, WebhookEventSchema);
    if (event.kind !== 'read') return event;
    const { id, payload } = event.body;
    return {
      kind: 'news',
      news: { eventId: id, event: event.body.event, gatewayOrderId: payload.payment.gatewayOrderId },
    };
  }

  readCallback(fields: Record<string, string>): string | null {
    const { gatewayOrderId, paymentId, status, signature } = fields;
    if (!gatewayOrderId || !paymentId || !status || !signature) return null;
    const signed = this.verifyCallback({ gatewayOrderId, paymentId, status: status as never, signature });
    return signed ? gatewayOrderId : null;
  }

  /** The hosted page of one method; a wallet page given the sandbox's name of a wallet offers only that one. */
  checkoutUrl(gatewayOrderId: string, method: CheckoutMethod, wallet?: string): string {
    const chosen = method === 'wallet' && wallet ? `&wallet=${encodeURIComponent(wallet)}` : '';
    return `${SANDBOX_PG_PREFIX}/pay/${encodeURIComponent(gatewayOrderId)}?method=${method}${chosen}`;
  }

  formPostUrl(gatewayOrderId: string, method: 'card' | 'upi_collect'): string {
    return `${SANDBOX_PG_PREFIX}/pay/${encodeURIComponent(gatewayOrderId)}/${method}`;
  }

  upiAppUrl(intentLink: string): string | null {
    const query = intentLink.slice(intentLink.indexOf('?'));
    return `${SANDBOX_PG_PREFIX}/upi/pay${query}`;
  }

  upiIntentLink(order: Pick<GatewayOrder, 'gatewayOrderId' | 'amountPaise'>): string {
    const am = (order.amountPaise / 100).toFixed(2);
    return `upi://pay?pa=${UPI_PAYEE.vpa}&pn=${UPI_PAYEE.name}&am=${am}&tr=${encodeURIComponent(order.gatewayOrderId)}&cu=INR`;
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    await this.latency();
    const row = lookupable(paymentId) ? await repo.findPayment(this.db, paymentId) : undefined;
    return row ? paymentOf(row) : null;
  }

  async paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]> {
    await this.latency();
    if (!lookupable(gatewayOrderId)) return [];
    return (await repo.paymentsOfOrder(this.db, gatewayOrderId)).map(paymentOf);
  }

  async fetchOrder(gatewayOrderId: string): Promise<GatewayOrder | null> {
    await this.latency();
    const row = await this.order(gatewayOrderId);
    return row ? orderOf(row) : null;
  }

  verifySignature(rawBody: string | Buffer, signature: string): boolean {
    return signatureMatches(this.o.webhookSecret, rawBody, signature);
  }

  verifyCallback(params: CallbackParams): boolean {
    return signatureMatches(this.o.keySecret, callbackSigned(params), params.signature);
  }

  /** The HTTP API's Basic auth: the key id and secret, the secret compared in constant time. */
  authenticates(keyId: string, keySecret: string): boolean {
    return sameSecret(keyId, this.o.keyId) && sameSecret(keySecret, this.o.keySecret);
  }

  async refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund> {
    const parsed = RefundSchema.safeParse({ amountPaise, receipt: refundReceipt });
    if (!parsed.success)
      throw new GatewayError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'bad refund', 400);
    const { receipt } = parsed.data;
    await this.latency();
    const payment = lookupable(paymentId) ? await repo.findPayment(this.db, paymentId) : undefined;
    if (!payment) throw new GatewayError('NOT_FOUND', 'No such payment', 404);
    const modes = await repo.readModes(this.db);
    const now = new Date();
    const made = await this.db.transaction(async (tx) => {
      const refund = await repo.insertRefund(tx, {
        id: gatewayId('rfnd'),
        paymentId,
        amountPaise,
        receipt,
        createdAt: now,
      });
      // the receipt was used before: answer that refund (checked below), change nothing
      if (!refund) return null;
      const refunded = await repo.addRefunded(tx, paymentId, amountPaise, now);
      if (!refunded) {
        if (payment.status !== 'captured')
          throw new GatewayError('PAYMENT_NOT_CAPTURED', 'Only a captured payment can be refunded', 400);
        throw new GatewayError('REFUND_EXCEEDS_PAYMENT', 'The refund is more than is left to refund', 400);
      }
      await this.enqueue(tx, [this.event('refund.processed', refunded, now, refundOf(refund))], modes, now);
      return refund;
    });
    const refund = made ?? (await repo.findRefundByReceipt(this.db, receipt));
    if (!refund) throw new Error(`refund for receipt ${receipt} vanished`);
    if (refund.paymentId !== paymentId || refund.amountPaise !== amountPaise)
      throw new GatewayError('RECEIPT_IN_USE', 'This refund receipt already names another refund', 409);
    return refundOf(refund);
  }

  // ——— the customer's side: what the hosted pages do ———

  order(gatewayOrderId: string): Promise<repo.OrderRow | undefined> {
    return lookupable(gatewayOrderId) ? repo.findOrder(this.db, gatewayOrderId) : Promise.resolve(undefined);
  }

  payment(paymentId: string): Promise<repo.PaymentRow | undefined> {
    return lookupable(paymentId) ? repo.findPayment(this.db, paymentId) : Promise.resolve(undefined);
  }

  /**
   * A new attempt to pay the order; GatewayError ORDER_ALREADY_PAID once a payment has been captured, and
   * METHOD_NOT_ALLOWED (with the merchant's reason) for a method or card the order is restricted against.
   * `attempt` carries what another protocol fixed before: PayU's txnid named its PayU id, surl and furl.
   */
  async startPayment(
    order: repo.OrderRow,
    details: PaymentDetails,
    attempt: PaymentAttempt = {},
  ): Promise<repo.PaymentRow> {
    const fresh = await repo.findOrder(this.db, order.id);
    if (!fresh) throw new GatewayError('NOT_FOUND', 'No such order', 404);
    if (fresh.status === 'paid')
      throw new GatewayError('ORDER_ALREADY_PAID', 'This order is already paid', 409);
    if (!allowedFor(fresh, details.method, details.method === 'card' ? details.cardBin : undefined))
      throw new GatewayError(
        'METHOD_NOT_ALLOWED',
        restrictionOf(fresh)?.reason ?? 'This way to pay cannot be used for this order',
        400,
      );
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const payment = await repo.insertPayment(tx, {
        id: attempt.id ?? gatewayId('pay'),
        orderId: order.id,
        amountPaise: order.amountPaise,
        ...details,
        callbackUrl: attempt.callbackUrl ?? null,
        failureUrl: attempt.failureUrl ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.markOrderAttempted(tx, order.id);
      return payment;
    });
  }

  /**
   * The 3-D Secure step: the right OTP captures the payment (as the bank decides); a wrong one answers
   * the attempts left, and the last wrong one fails the payment.
   */
  async submitOtp(
    paymentId: string,
    otp: string,
  ): Promise<{ kind: 'wrong'; attemptsLeft: number } | { kind: 'step'; step: NextStep }> {
    const attempt = await repo.takeOtpAttempt(this.db, paymentId, OTP_MAX_ATTEMPTS);
    // no longer pending (a parallel submit finished it): show where it ended
    if (attempt === undefined) return { kind: 'step', step: await this.stepOf(paymentId) };
    if (otp.trim() === SANDBOX_OTP)
      return { kind: 'step', step: await this.complete(paymentId, { status: 'captured' }, 'bank') };
    if (attempt < OTP_MAX_ATTEMPTS) return { kind: 'wrong', attemptsLeft: OTP_MAX_ATTEMPTS - attempt };
    const tooMany = failure('OTP_ATTEMPTS_EXCEEDED', 'The OTP was entered wrongly too many times');
    return { kind: 'step', step: await this.complete(paymentId, tooMany, 'gateway') };
  }

  /**
   * Ends a pending payment with the outcome the customer's bank, wallet or UPI app gave, as the modes
   * say: timeout leaves it pending and without callback, decline turns a success into a bank decline,
   * lost-callback keeps the browser from being sent back.
   */
  async complete(paymentId: string, proposed: Outcome, decider: Decider): Promise<NextStep> {
    const modes = await repo.readModes(this.db);
    await this.latency(modes);
    const now = new Date();
    if (decider === 'bank' && modes.timeout) {
      await repo.dropCallback(this.db, paymentId, now);
      return this.stepOf(paymentId);
    }
    const outcome =
      decider === 'bank' && modes.decline && proposed.status === 'captured'
        ? failure('PAYMENT_DECLINED', 'The bank declined the payment (sandbox decline mode)')
        : proposed;
    await this.settle(paymentId, outcome, modes.lostCallback, modes, now);
    return this.stepOf(paymentId);
  }

  /**
   * Ends a payment left pending (timeout mode, an unanswered UPI request), late: the webhook goes out as
   * for any outcome. This is how a test makes the late success that follows a failure Crust declared.
   */
  async resolve(paymentId: string, status: 'captured' | 'failed'): Promise<GatewayPayment> {
    const payment = await this.payment(paymentId);
    if (!payment) throw new GatewayError('NOT_FOUND', 'No such payment', 404);
    const outcome =
      status === 'captured'
        ? { status }
        : failure('BANK_TIMEOUT', 'The bank did not confirm the payment in time');
    const modes = await repo.readModes(this.db);
    const settled = await this.settle(paymentId, outcome, false, modes, new Date());
    if (!settled)
      throw new GatewayError('PAYMENT_NOT_PENDING', `The payment is already ${payment.status}`, 409);
    return paymentOf(settled);
  }

  /** Where the browser of this payment goes now. */
  async stepOf(paymentId: string): Promise<NextStep> {
    const payment = await repo.findPayment(this.db, paymentId);
    if (!payment) throw new GatewayError('NOT_FOUND', 'No such payment', 404);
    const pending = payment.status === 'created';
    if (pending) return { kind: payment.callbackDropped ? 'processing' : 'waiting', payment };
    if (payment.callbackDropped) return { kind: 'closed', payment };
    const order = await repo.findOrder(this.db, payment.orderId);
    if (!order) throw new GatewayError('NOT_FOUND', 'No such order', 404);
    const returning = this.o.returns?.[order.protocol];
    if (returning) {
      // a return with nowhere to go (PayU: no surl known for the attempt) leaves the browser on the gateway
      const back = returning(order, payment);
      return back
        ? { kind: 'post', action: back.url, fields: back.fields, payment }
        : { kind: 'closed', payment };
    }
    return { kind: 'callback', url: this.callbackUrl(order, payment), payment };
  }

  /** PayU's key and salt, as the sandbox plays PayU (sandboxPayuKeys). */
  get payuKeys(): PayuKeys {
    return sandboxPayuKeys(this.o);
  }

  /** The merchant's callback path with the outcome and its signature (Razorpay style). */
  callbackUrl(order: repo.OrderRow, payment: repo.PaymentRow): string {
    const signed = {
      gatewayOrderId: order.id,
      paymentId: payment.id,
      status: payment.status,
    };
    const query = new URLSearchParams({
      ...signed,
      signature: hmacHex(this.o.keySecret, callbackSigned(signed)),
    });
    return `${order.callbackUrl}${order.callbackUrl.includes('?') ? '&' : '?'}${query.toString()}`;
  }

  /** The newest UPI intent payment of the order made at or after `since`: what a waiting intent page shows. */
  async intentPaymentSince(orderId: string, since: Date): Promise<repo.PaymentRow | undefined> {
    const payments = await repo.paymentsOfOrder(this.db, orderId);
    return payments.filter((p) => p.method === 'upi_intent' && p.createdAt >= since).at(-1);
  }

  /** Pending UPI collect requests to this VPA, newest first: the sandbox UPI app's inbox. */
  async collectRequests(vpa: string): Promise<repo.PaymentRow[]> {
    return repo.pendingCollects(this.db, vpa.toLowerCase());
  }

  webhooksOf(gatewayOrderId: string) {
    return lookupable(gatewayOrderId) ? repo.webhooksOfOrder(this.db, gatewayOrderId) : Promise.resolve([]);
  }

  // ——— modes and the outbox ———

  modes(): Promise<GatewayModes> {
    return repo.readModes(this.db);
  }

  changeModes(change: ModesChange): Promise<GatewayModes> {
    return repo.changeModes(this.db, change, new Date());
  }

  async resetModes(): Promise<GatewayModes> {
    await repo.resetModes(this.db);
    return repo.readModes(this.db);
  }

  /** Delivers the webhooks due at `now`; failures are retried by later drains (outbox.ts). */
  async drainOutbox(now: Date): Promise<DrainResult> {
    const modes = await repo.readModes(this.db);
    return this.outbox.drain(now, modes.shuffleWebhooks);
  }

  /**
   * Drains the outbox every `intervalMs` in this process (never two drains at once); the answer stops it
   * and waits for a drain under way, so the database is not closed beneath it.
   */
  startOutboxTimer(intervalMs: number): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.drainOutbox(new Date())
        .catch((err: unknown) => this.o.log.error({ err }, 'sandbox gateway outbox drain failed'))
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  // ——— inside ———

  /**
   * The outcome, the order's state and the webhooks in one transaction: a payment settles once, and
   * its webhooks exist exactly when its outcome does. undefined when it was not pending.
   */
  private async settle(
    paymentId: string,
    outcome: Outcome,
    callbackDropped: boolean,
    modes: GatewayModes,
    now: Date,
  ): Promise<repo.PaymentRow | undefined> {
    return this.db.transaction(async (tx) => {
      const settled = await repo.settlePayment(tx, paymentId, {
        status: outcome.status,
        errorCode: outcome.status === 'failed' ? outcome.errorCode : null,
        errorDescription: outcome.status === 'failed' ? outcome.errorDescription : null,
        callbackDropped,
        at: now,
      });
      if (!settled) return undefined;
      const events =
        settled.status === 'captured'
          ? [
              // auto-capture, as Razorpay does it: authorized, then captured, two events
              this.event('payment.authorized', { ...settled, status: 'authorized' }, now),
              this.event('payment.captured', settled, now),
            ]
          : [this.event('payment.failed', settled, now)];
      if (settled.status === 'captured') await repo.markOrderPaid(tx, settled.orderId);
      await this.enqueue(tx, events, modes, now);
      return settled;
    });
  }

  private event(
    name: WebhookEventName,
    payment: repo.PaymentRow,
    now: Date,
    refund?: GatewayRefund,
  ): WebhookEvent {
    return {
      id: gatewayId('evt'),
      entity: 'event',
      event: name,
      createdAt: Math.floor(now.getTime() / 1000),
      payload: { payment: paymentOf(payment), ...(refund ? { refund } : {}) },
    };
  }

  private async enqueue(tx: Db, events: WebhookEvent[], modes: GatewayModes, now: Date): Promise<void> {
    const orderId = events[0]?.payload.payment.gatewayOrderId;
    const order = orderId ? await repo.findOrder(tx, orderId) : undefined;
    // another protocol's webhooks (Razorpay's JSON, PayU's forms) are its WebhookFormat's, posted to its own URL
    const format = order ? this.o.webhookFormats?.[order.protocol] : undefined;
    const protocol =
      format && order ? { name: order.protocol, body: (e: WebhookEvent) => format.body(e, order) } : null;
    await repo.insertWebhooks(tx, this.outbox.rowsFor(events, modes.duplicateWebhooks, now, protocol));
  }

  private async latency(modes?: GatewayModes): Promise<void> {
    const { latencyMs } = modes ?? (await repo.readModes(this.db));
    if (latencyMs > 0) await sleep(latencyMs);
  }
}
