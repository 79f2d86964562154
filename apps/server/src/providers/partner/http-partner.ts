import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { PartnerAccount } from '../../config/partners.ts';
import type { HeaderBag } from '../payments/provider.ts';
import { readSignedJson, signatureMatches } from '../payments/signatures.ts';
import {
  ErrorAnswerSchema,
  MERCHANT_HEADER,
  NOTIFICATION_SIGNATURE_HEADER,
  NotificationSchema,
  OrderAnswerSchema,
  PARTNER_PATHS,
  PaymentAnswerSchema,
  PaymentsAnswerSchema,
  RefundAnswerSchema,
  TokenAnswerSchema,
  UserAnswerSchema,
} from './protocol.ts';
import {
  PartnerError,
  type PartnerNoticeReading,
  type PartnerOrder,
  type PartnerPayment,
  type PartnerProvider,
  type PartnerRefund,
  type PartnerUser,
} from './provider.ts';

export interface HttpPartnerOptions {
  vendor: PartnerVendor;
  account: PartnerAccount;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** fetch by default; the in-process sandbox's outside production (./in-process-fetch.ts) */
  fetch?: typeof fetch;
}

type Answer = { status: number; body: unknown };

/**
 * A partner's server API over HTTP (./protocol.ts). The client secret goes only in the code exchange and the
 * merchant's Basic credentials, to the configured base URL; every call has the account's deadline, and anything
 * but a protocol answer (a timeout, a 5xx, a body that is not JSON) is UNAVAILABLE, never a guess.
 */
export class HttpPartner implements PartnerProvider {
  readonly vendor: PartnerVendor;
  readonly merchantId: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly o: HttpPartnerOptions) {
    this.vendor = o.vendor;
    this.merchantId = o.account.merchantId;
    this.fetch = o.fetch ?? fetch;
  }

  async userOf(authCode: string): Promise<PartnerUser> {
    const { account } = this.o;
    const token = await this.call('POST', PARTNER_PATHS.token, {
      body: {
        grantType: 'authorization_code',
        code: authCode,
        clientId: account.clientId,
        clientSecret: account.clientSecret,
      },
    });
    if (token.status === 400) throw new PartnerError('CODE_INVALID', 'the partner refused the auth code');
    const { accessToken } = this.parse(token, TokenAnswerSchema, 'token');
    const user = await this.call('GET', PARTNER_PATHS.userinfo, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return this.parse(user, UserAnswerSchema, 'userinfo');
  }

  async createOrder(input: {
    receipt: string;
    amountPaise: number;
    description: string;
  }): Promise<PartnerOrder> {
    const res = await this.call('POST', PARTNER_PATHS.orders, {
      merchant: true,
      body: { merchantId: this.merchantId, ...input },
    });
    if (res.status === 409)
      throw new PartnerError('REFUSED', 'the receipt names another amount at the partner');
    return this.parse(res, OrderAnswerSchema, 'order');
  }

  async paymentsOf(orderRef: string): Promise<PartnerPayment[]> {
    const res = await this.call('GET', PARTNER_PATHS.orderPayments(orderRef), { merchant: true });
    if (res.status === 404) return [];
    return this.parse(res, PaymentsAnswerSchema, 'payments').payments;
  }

  async fetchPayment(paymentId: string): Promise<PartnerPayment | null> {
    const res = await this.call('GET', PARTNER_PATHS.payment(paymentId), { merchant: true });
    if (res.status === 404) return null;
    return this.parse(res, PaymentAnswerSchema, 'payment');
  }

  async refund(paymentId: string, amountPaise: number, receipt: string): Promise<PartnerRefund> {
    const res = await this.call('POST', PARTNER_PATHS.refunds(paymentId), {
      merchant: true,
      body: { amountPaise, receipt },
    });
    if (res.status === 404) throw new PartnerError('NOT_FOUND', 'no such payment at the partner');
    if (res.status === 400 || res.status === 409)
      throw new PartnerError('REFUSED', 'the partner refused the refund');
    return this.parse(res, RefundAnswerSchema, 'refund');
  }

  readNotification(rawBody: Buffer, headers: HeaderBag): PartnerNoticeReading {
    const signature = headers[NOTIFICATION_SIGNATURE_HEADER];
    const signed =
      typeof signature === 'string' && signatureMatches(this.o.account.notificationKey, rawBody, signature);
    const notice = readSignedJson(rawBody, signed, NotificationSchema);
    if (notice.kind !== 'read') return notice;
    const { eventId, event, payment } = notice.body;
    return { kind: 'news', notice: { eventId, event, orderRef: payment.orderRef } };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; merchant?: boolean },
  ): Promise<Answer> {
    const { account } = this.o;
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.merchant) {
      const basic = Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64');
      headers.authorization = `Basic ${basic}`;
      headers[MERCHANT_HEADER] = account.merchantId;
    }
    let res: Response;
    try {
      res = await this.fetch(`${account.baseUrl}${path}`, {
        method,
        headers,
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (err) {
      this.o.log.warn({ err, vendor: this.vendor, path: pathName(path) }, 'partner unreachable');
      throw new PartnerError('UNAVAILABLE', 'the partner did not answer in time');
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    if (res.status >= 500 || body === null) {
      this.o.log.warn({ vendor: this.vendor, path: pathName(path), status: res.status }, 'partner failed');
      throw new PartnerError('UNAVAILABLE', `the partner answered ${res.status}`);
    }
    return { status: res.status, body };
  }

  private parse<T extends z.ZodType>(res: Answer, schema: T, what: string): z.infer<T> {
    if (res.status === 200) {
      const parsed = schema.safeParse(res.body);
      if (parsed.success) return parsed.data;
    }
    const error = ErrorAnswerSchema.safeParse(res.body);
    this.o.log.warn(
      { vendor: this.vendor, what, status: res.status, error: error.success ? error.data.error : undefined },
      'partner refused a call',
    );
    // a refused client secret is this server's configuration, not the customer's code
    throw new PartnerError(res.status === 401 ? 'UNAVAILABLE' : 'REFUSED', `partner ${what}: ${res.status}`);
  }
}

/** A path for the logs: ids of payments and orders are not secrets, but codes and tokens never appear in one. */
const pathName = (path: string) => path.split('/').slice(0, 2).join('/');
