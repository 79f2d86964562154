import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PARTNER_AUTH_CODE_SECONDS,
  PARTNER_CLIENT_IDS,
  type PartnerVendor,
} from '@crust/contract/partner-bridge';
import type { PartnerAccount } from '../../config/partners.ts';
import type { Db } from '../../db/client.ts';
import { sameSecret } from '../../crypto/same-secret.ts';
import type { Deliver } from '../payments/outbox.ts';
import { hmacHex } from '../payments/signatures.ts';
import { NOTIFICATION_SIGNATURE_HEADER, type Notification } from './protocol.ts';
import * as repo from './repo.ts';
import { errorText } from '../../http/error-text.ts';

/** An answer of the partner's server API: an HTTP status and a JSON body. */
export interface PartnerAnswer {
  status: number;
  body: unknown;
}

export interface PartnerSandboxOptions {
  db: Db;
  /** Crust's accounts, as this server is configured with them: the sandbox accepts exactly these */
  accounts: Partial<Record<PartnerVendor, PartnerAccount>>;
  /** where each vendor's notifications go: Crust's webhook for its gateway (…/webhook/paytm_miniapp) */
  notifyUrl: (vendor: PartnerVendor) => string;
  deliver: Deliver;
  log: FastifyBaseLogger;
  clock?: () => number;
}

const ACCESS_TOKEN_SECONDS = 600;
const NOTIFY_LEASE_MS = 60_000;
const MAX_NOTIFY_ATTEMPTS = 15;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const refuse = (status: number, error: string, message: string): PartnerAnswer => ({
  status,
  body: { error, message },
});

/** The Basic credentials and merchant id of a merchant call, as Node hands over the headers. */
export interface MerchantCredentials {
  authorization: string | undefined;
  merchantId: string | undefined;
}

/**
 * The partner hosts (PAYTM, GPAY) played locally for development and tests, never in production (issue 18;
 * docs/partner-sandbox.md): the host's server API that Crust's adapter calls (code exchange, user info, payment
 * orders, payments, refunds), what the host's own page calls (a code after consent, its payment sheet), signed
 * payment notifications to Crust's webhook through an outbox, and the switches. Secrets are checked in constant
 * time; state lives in the database (./repo.ts) so every server process agrees.
 */
export class PartnerSandbox {
  private readonly clock: () => number;

  constructor(private readonly o: PartnerSandboxOptions) {
    this.clock = o.clock ?? Date.now;
  }

  vendors(): PartnerVendor[] {
    return (Object.keys(this.o.accounts) as PartnerVendor[]).filter((v) => this.o.accounts[v]);
  }

  merchantIdOf(vendor: PartnerVendor): string | null {
    return this.o.accounts[vendor]?.merchantId ?? null;
  }

  // ——— what the host's page asks its own server ———

  /** After the host user allowed it: a code for the mini-app that asked (its bridge clientId must be this host's). */
  async issueCode(
    vendor: PartnerVendor,
    input: { clientId: string; mobile: string; name: string },
  ): Promise<PartnerAnswer> {
    const account = this.o.accounts[vendor];
    if (!account) return refuse(404, 'not_found', 'no such partner');
    if (input.clientId !== PARTNER_CLIENT_IDS[vendor])
      return refuse(400, 'invalid_client', 'this host has no such mini-app');
    const switches = await repo.readSwitches(this.o.db, vendor);
    const now = this.clock();
    const code = randomBytes(24).toString('base64url');
    await repo.insertCode(this.o.db, {
      codeHash: sha256(code),
      vendor,
      clientId: account.clientId,
      mobile: input.mobile,
      name: input.name,
      // the "expired codes" switch hands out a code that is already past its five minutes
      expiresAt: new Date(switches.expiredCodes ? now - 1000 : now + PARTNER_AUTH_CODE_SECONDS * 1000),
      createdAt: new Date(now),
    });
    return { status: 200, body: { authCode: code, expiresIn: PARTNER_AUTH_CODE_SECONDS } };
  }

  /** The payment sheet reads what it shows from here: the amount the merchant's server fixed, never the page's. */
  async sheetOrder(vendor: PartnerVendor, orderRef: string): Promise<PartnerAnswer> {
    const order = await repo.findOrder(this.o.db, vendor, orderRef);
    if (!order) return refuse(404, 'not_found', 'no such order');
    const paid = await repo.capturedOf(this.o.db, vendor, orderRef);
    return {
      status: 200,
      body: {
        orderRef,
        amountPaise: order.amountPaise,
        description: order.description,
        merchantId: order.merchantId,
        receipt: order.receipt,
        paid: paid ? { paymentId: paid.paymentId } : null,
      },
    };
  }

  /**
   * The host user's Pay or Decline on the sheet. An order is paid once: a second Pay answers the first capture.
   * The "decline" switch turns every Pay into a decline. A notification goes to Crust either way.
   */
  async pay(vendor: PartnerVendor, orderRef: string, decision: 'pay' | 'decline'): Promise<PartnerAnswer> {
    const order = await repo.findOrder(this.o.db, vendor, orderRef);
    if (!order) return refuse(404, 'not_found', 'no such order');
    const already = await repo.capturedOf(this.o.db, vendor, orderRef);
    if (already) return { status: 200, body: { paymentId: already.paymentId, status: 'captured' } };
    const switches = await repo.readSwitches(this.o.db, vendor);
    const declined = decision === 'decline' || switches.decline;
    const now = new Date(this.clock());
    const paymentId = `pp_${randomBytes(10).toString('hex')}`;
    const payment = await this.o.db.transaction(async (tx) => {
      const made = await repo.insertPayment(tx, {
        paymentId,
        orderRef,
        vendor,
        status: declined ? 'failed' : 'captured',
        amountPaise: order.amountPaise,
        errorCode: declined ? (decision === 'decline' ? 'USER_DECLINED' : 'PARTNER_DECLINED') : null,
        createdAt: now,
      });
      if (!made) return undefined;
      const note: Notification = {
        eventId: `evt_${randomBytes(10).toString('hex')}`,
        event: made.status === 'captured' ? 'payment.captured' : 'payment.failed',
        payment: paymentOf(made),
      };
      await repo.queueNotification(tx, {
        vendor,
        eventId: note.eventId,
        body: JSON.stringify(note),
        at: now,
      });
      return made;
    });
    // a racing Pay captured first: that capture is the order's payment
    const answer = payment ?? (await repo.capturedOf(this.o.db, vendor, orderRef));
    if (!answer) throw new Error('a partner payment vanished between its insert and its read');
    await this.drain();
    return { status: 200, body: { paymentId: answer.paymentId, status: answer.status } };
  }

  // ——— the server API Crust's adapter calls ———

  /** Code → access token. The client's secret is checked first; a code is spent once, by exactly one caller. */
  async token(
    vendor: PartnerVendor,
    input: { grantType?: unknown; code?: unknown; clientId?: unknown; clientSecret?: unknown },
  ): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const account = this.o.accounts[vendor];
    if (!account) return refuse(404, 'not_found', 'no such partner');
    if (!this.client(account, input.clientId, input.clientSecret))
      return refuse(401, 'invalid_client', 'unknown client or wrong secret');
    if (input.grantType !== 'authorization_code' || typeof input.code !== 'string')
      return refuse(400, 'invalid_request', 'grantType authorization_code and a code');
    const now = new Date(this.clock());
    const user = await repo.spendCode(this.o.db, {
      codeHash: sha256(input.code),
      vendor,
      clientId: account.clientId,
      now,
    });
    if (!user) return refuse(400, 'invalid_grant', 'the code is unknown, expired or used');
    const accessToken = randomBytes(24).toString('base64url');
    await repo.insertToken(this.o.db, {
      tokenHash: sha256(accessToken),
      vendor,
      mobile: user.mobile,
      name: user.name,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    });
    return { status: 200, body: { accessToken, expiresIn: ACCESS_TOKEN_SECONDS } };
  }

  async userinfo(vendor: PartnerVendor, authorization: string | undefined): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const user = token
      ? await repo.findToken(this.o.db, sha256(token), vendor, new Date(this.clock()))
      : undefined;
    if (!user) return refuse(401, 'invalid_token', 'unknown or expired access token');
    return { status: 200, body: { mobile: user.mobile, name: user.name } };
  }

  async createOrder(
    vendor: PartnerVendor,
    who: MerchantCredentials,
    input: { merchantId?: unknown; receipt?: unknown; amountPaise?: unknown; description?: unknown },
  ): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const account = this.merchant(vendor, who);
    if (!account) return refuse(401, 'invalid_client', 'merchant credentials refused');
    const { receipt, amountPaise, description } = input;
    if (
      input.merchantId !== account.merchantId ||
      typeof receipt !== 'string' ||
      receipt.length === 0 ||
      receipt.length > 64 ||
      typeof amountPaise !== 'number' ||
      !Number.isInteger(amountPaise) ||
      amountPaise < 1 ||
      typeof description !== 'string'
    )
      return refuse(400, 'invalid_request', 'merchantId, receipt, amountPaise and description');
    const order = await repo.orderForReceipt(this.o.db, {
      orderRef: `po_${randomBytes(10).toString('hex')}`,
      vendor,
      merchantId: account.merchantId,
      receipt,
      amountPaise,
      description: description.slice(0, 200),
      createdAt: new Date(this.clock()),
    });
    if (order.amountPaise !== amountPaise)
      return refuse(409, 'receipt_in_use', 'this receipt names another amount');
    return { status: 200, body: orderOf(order) };
  }

  async orderPayments(
    vendor: PartnerVendor,
    who: MerchantCredentials,
    orderRef: string,
  ): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const account = this.merchant(vendor, who);
    if (!account) return refuse(401, 'invalid_client', 'merchant credentials refused');
    const order = await repo.findOrder(this.o.db, vendor, orderRef);
    if (!order || order.merchantId !== account.merchantId) return refuse(404, 'not_found', 'no such order');
    const payments = await repo.paymentsOfOrder(this.o.db, vendor, orderRef);
    return { status: 200, body: { payments: payments.map(paymentOf) } };
  }

  async payment(vendor: PartnerVendor, who: MerchantCredentials, paymentId: string): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const account = this.merchant(vendor, who);
    if (!account) return refuse(401, 'invalid_client', 'merchant credentials refused');
    const payment = await repo.findPayment(this.o.db, vendor, paymentId);
    if (!payment) return refuse(404, 'not_found', 'no such payment');
    return { status: 200, body: paymentOf(payment) };
  }

  /** A refund, once per receipt, never more than what is left of the payment. */
  async refund(
    vendor: PartnerVendor,
    who: MerchantCredentials,
    paymentId: string,
    input: { amountPaise?: unknown; receipt?: unknown },
  ): Promise<PartnerAnswer> {
    await this.slow(vendor);
    const account = this.merchant(vendor, who);
    if (!account) return refuse(401, 'invalid_client', 'merchant credentials refused');
    const { amountPaise, receipt } = input;
    if (
      typeof receipt !== 'string' ||
      typeof amountPaise !== 'number' ||
      !Number.isInteger(amountPaise) ||
      amountPaise < 1
    )
      return refuse(400, 'invalid_request', 'amountPaise and receipt');
    const earlier = await repo.refundByReceipt(this.o.db, receipt);
    if (earlier) return { status: 200, body: refundOf(earlier) };
    const payment = await repo.findPayment(this.o.db, vendor, paymentId);
    if (!payment) return refuse(404, 'not_found', 'no such payment');
    const made = await this.o.db
      .transaction(async (tx) => {
        const row = {
          refundId: `pr_${randomBytes(10).toString('hex')}`,
          paymentId,
          receipt,
          amountPaise,
          createdAt: new Date(this.clock()),
        };
        if (!(await repo.insertRefund(tx, row))) return 'raced' as const;
        if (!(await repo.takeRefund(tx, paymentId, amountPaise))) throw new RefundRefused();
        return row;
      })
      .catch((err: unknown) => {
        if (err instanceof RefundRefused) return 'refused' as const;
        throw err;
      });
    if (made === 'refused') return refuse(400, 'refund_refused', 'not captured, or more than is left');
    if (made === 'raced') {
      const winner = await repo.refundByReceipt(this.o.db, receipt);
      if (!winner) throw new Error('a partner refund vanished');
      return { status: 200, body: refundOf(winner) };
    }
    return { status: 200, body: refundOf(made) };
  }

  // ——— notifications and switches ———

  /** Posts due notifications, signed with each vendor's key; a failure is retried later with backoff. */
  async drain(): Promise<{ delivered: number; failed: number }> {
    const now = new Date(this.clock());
    const rows = await repo.claimDueNotifications(
      this.o.db,
      now,
      new Date(now.getTime() + NOTIFY_LEASE_MS),
      50,
    );
    const result = { delivered: 0, failed: 0 };
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const vendor = row.vendor as PartnerVendor;
      const account = this.o.accounts[vendor];
      let problem: string | null = account ? null : 'no account';
      if (account) {
        try {
          const { status } = await this.o.deliver(this.o.notifyUrl(vendor), row.body, {
            'content-type': 'application/json',
            [NOTIFICATION_SIGNATURE_HEADER]: hmacHex(account.notificationKey, row.body),
          });
          if (status < 200 || status >= 300) problem = `HTTP ${status}`;
        } catch (err) {
          problem = errorText(err);
        }
      }
      if (problem === null) {
        await repo.markNotification(this.o.db, row.id, { deliveredAt: new Date(this.clock()) });
        result.delivered++;
        continue;
      }
      result.failed++;
      const next =
        row.attempts >= MAX_NOTIFY_ATTEMPTS
          ? null
          : new Date(now.getTime() + Math.min(1000 * 2 ** (row.attempts - 1), 300_000));
      await repo.markNotification(this.o.db, row.id, {
        nextAttemptAt: next,
        lastError: problem.slice(0, 300),
      });
      this.o.log.debug({ vendor, eventId: row.eventId, problem }, 'partner notification failed; will retry');
    }
    return result;
  }

  /** Delivers notifications every `intervalMs` until the answer is called (which waits for a drain under way). */
  startNotifier(intervalMs: number): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = running
        .then(() => this.drain())
        .catch((err: unknown) => this.o.log.warn({ err }, 'partner notifications not delivered'));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  notifications(vendor: PartnerVendor) {
    return repo.notificationsOf(this.o.db, vendor);
  }

  switches(vendor: PartnerVendor): Promise<repo.PartnerSwitches> {
    return repo.readSwitches(this.o.db, vendor);
  }

  changeSwitches(
    vendor: PartnerVendor,
    change: Partial<repo.PartnerSwitches>,
  ): Promise<repo.PartnerSwitches> {
    return repo.changeSwitches(this.o.db, vendor, change, new Date(this.clock()));
  }

  async resetSwitches(vendor: PartnerVendor): Promise<repo.PartnerSwitches> {
    await repo.resetSwitches(this.o.db, vendor);
    return this.switches(vendor);
  }

  private client(account: PartnerAccount, clientId: unknown, secret: unknown): boolean {
    // both compared, in constant time, whatever the first says
    const idOk = sameSecret(typeof clientId === 'string' ? clientId : '', account.clientId);
    const secretOk = sameSecret(typeof secret === 'string' ? secret : '', account.clientSecret);
    return idOk && secretOk;
  }

  private merchant(vendor: PartnerVendor, who: MerchantCredentials): PartnerAccount | null {
    const account = this.o.accounts[vendor];
    if (!account) return null;
    const basic = /^Basic (\S+)$/.exec(who.authorization ?? '')?.[1];
    const [id = '', ...rest] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const merchantOk = sameSecret(who.merchantId ?? '', account.merchantId);
    return this.client(account, id, rest.join(':')) && merchantOk ? account : null;
  }

  /** The "slow partner" switch: the server API waits before it answers. */
  private async slow(vendor: PartnerVendor): Promise<void> {
    const { slowMs } = await repo.readSwitches(this.o.db, vendor);
    if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
  }
}

class RefundRefused extends Error {}

function orderOf(row: repo.PartnerOrderRow) {
  return {
    orderRef: row.orderRef,
    receipt: row.receipt,
    amountPaise: row.amountPaise,
    merchantId: row.merchantId,
    description: row.description,
  };
}

function paymentOf(row: repo.PartnerPaymentRow): Notification['payment'] {
  return {
    paymentId: row.paymentId,
    orderRef: row.orderRef,
    status: row.status === 'captured' ? 'captured' : 'failed',
    amountPaise: row.amountPaise,
    refundedPaise: row.refundedPaise,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

function refundOf(row: repo.PartnerRefundRow) {
  return {
    refundId: row.refundId,
    paymentId: row.paymentId,
    amountPaise: row.amountPaise,
    receipt: row.receipt,
    createdAt: row.createdAt.toISOString(),
  };
}
