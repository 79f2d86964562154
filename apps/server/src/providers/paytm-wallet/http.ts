import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { paise, type Paise } from '@crust/domain/money';
import {
  MID_HEADER,
  PAYTM_PATHS,
  type PaytmPath,
  SIGNATURE_HEADER,
  sameHex,
  signRequest,
  signReturn,
} from './protocol.ts';
import {
  PaytmError,
  type PaytmBalance,
  type PaytmErrorCode,
  type PaytmLink,
  type PaytmWallet,
  type PaytmWithdraw,
  type PaytmWithdrawStatus,
} from './provider.ts';

export interface PaytmApiOptions {
  /** Paytm's wallet API; outside production by default this server's /sandbox/paytm/api */
  baseUrl: string;
  merchantId: string;
  merchantKey: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** global fetch unless given one (the in-process sandbox's, ./sandbox-fetch.ts) */
  fetch?: typeof fetch;
}

const Failure = z.object({
  status: z.literal('FAILURE'),
  code: z.string(),
  message: z.string(),
  attemptsLeft: z.number().int().optional(),
});
const answerOf = <T extends z.ZodType>(body: T) =>
  z.union([z.object({ status: z.literal('SUCCESS'), body }), Failure]);

const KNOWN_CODES: readonly PaytmErrorCode[] = [
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_USED',
  'OTP_ATTEMPTS_EXCEEDED',
  'INVALID_TOKEN',
  'BAD_REQUEST',
  'NOT_FOUND',
  'REFUND_EXCEEDS_PAYMENT',
];

const Amount = z.number().int().min(0);
const WithdrawStatus = z.object({
  txnId: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  amountPaise: Amount,
  refundedPaise: Amount,
  code: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The Paytm wallet over HTTP (./protocol.ts). Reads (consult, status) are tried twice; calls that move money
 * (withdraw, refund, add money) are sent once and are safe to repeat anyway, being keyed by Crust's references.
 * Every failure to get an answer is PaytmError UNAVAILABLE, logged without the mobile or the token.
 */
export class PaytmApi implements PaytmWallet {
  private readonly fetch: typeof fetch;

  constructor(private readonly o: PaytmApiOptions) {
    this.fetch = o.fetch ?? globalThis.fetch;
  }

  async sendOtp(input: { mobile: string; email?: string }): Promise<{ state: string }> {
    return this.call(PAYTM_PATHS.sendOtp, input, z.object({ state: z.string() }));
  }

  async verifyOtp(input: { state: string; otp: string }): Promise<PaytmLink> {
    return this.call(
      PAYTM_PATHS.verifyOtp,
      input,
      z.object({ token: z.string(), mobile: z.string(), expiresAt: z.string() }),
    );
  }

  async balance(input: { token: string; amountPaise: Paise }): Promise<PaytmBalance> {
    const b = await this.call(
      PAYTM_PATHS.balance,
      input,
      z.object({ balancePaise: Amount, deficitPaise: Amount }),
      2,
    );
    return { balancePaise: paise(b.balancePaise), deficitPaise: paise(b.deficitPaise) };
  }

  async withdraw(input: { token: string; orderRef: string; amountPaise: Paise }): Promise<PaytmWithdraw> {
    const w = await this.call(
      PAYTM_PATHS.withdraw,
      input,
      z.discriminatedUnion('status', [
        z.object({ status: z.literal('SUCCESS'), txnId: z.string() }),
        z.object({ status: z.literal('FAILED'), txnId: z.string(), code: z.string() }),
        z.object({ status: z.literal('INSUFFICIENT_BALANCE'), deficitPaise: Amount }),
      ]),
    );
    return w.status === 'INSUFFICIENT_BALANCE' ? { ...w, deficitPaise: paise(w.deficitPaise) } : w;
  }

  async addMoney(input: {
    token: string;
    orderRef: string;
    amountPaise: Paise;
    returnUrl: string;
  }): Promise<{ url: string }> {
    return this.call(PAYTM_PATHS.addMoney, input, z.object({ url: z.string() }));
  }

  readAddMoneyReturn(
    fields: Record<string, string>,
  ): { orderRef: string; status: 'SUCCESS' | 'CANCELLED' } | null {
    const { orderRef, requestId, status, signature } = fields;
    if (!orderRef || !requestId || !signature || (status !== 'SUCCESS' && status !== 'CANCELLED'))
      return null;
    const expected = signReturn(this.o.merchantKey, { orderRef, requestId, status });
    return sameHex(expected, signature) ? { orderRef, status } : null;
  }

  async status(orderRef: string): Promise<PaytmWithdrawStatus | null> {
    const s = await this.call(
      PAYTM_PATHS.status,
      { orderRef },
      z.object({ withdraw: WithdrawStatus.nullable() }),
      2,
    );
    if (!s.withdraw) return null;
    return {
      ...s.withdraw,
      amountPaise: paise(s.withdraw.amountPaise),
      refundedPaise: paise(s.withdraw.refundedPaise),
    };
  }

  async refund(input: {
    txnId: string;
    amountPaise: Paise;
    refundRef: string;
  }): Promise<{ refundId: string }> {
    return this.call(PAYTM_PATHS.refund, input, z.object({ refundId: z.string() }));
  }

  async verifyVpa(vpa: string): Promise<{ valid: boolean; name: string | null }> {
    return this.call(
      PAYTM_PATHS.verifyVpa,
      { vpa },
      z.object({ valid: z.boolean(), name: z.string().nullable() }),
      2,
    );
  }

  private async call<T extends z.ZodType>(
    path: PaytmPath,
    input: object,
    body: T,
    tries = 1,
  ): Promise<z.infer<T>> {
    const raw = JSON.stringify(input);
    let problem = '';
    for (let attempt = 1; attempt <= tries; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(this.o.baseUrl.replace(/\/+$/, '') + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [MID_HEADER]: this.o.merchantId,
            [SIGNATURE_HEADER]: signRequest(this.o.merchantKey, path, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(this.o.timeoutMs),
        });
      } catch (err) {
        problem = err instanceof Error ? err.name : 'network';
        continue;
      }
      if (res.status !== 200) {
        problem = `HTTP ${res.status}`;
        if (res.status < 500) break;
        continue;
      }
      const parsed = answerOf(body).safeParse(await res.json().catch(() => null));
      if (!parsed.success) {
        problem = 'unreadable answer';
        continue;
      }
      const answer = parsed.data as { status: 'SUCCESS'; body: z.infer<T> } | z.infer<typeof Failure>;
      if (answer.status === 'SUCCESS') return answer.body;
      const code = (KNOWN_CODES as readonly string[]).includes(answer.code)
        ? (answer.code as PaytmErrorCode)
        : 'UNAVAILABLE';
      throw new PaytmError(code, answer.message, answer.attemptsLeft);
    }
    this.o.log.warn({ path, problem }, 'Paytm wallet unavailable');
    throw new PaytmError('UNAVAILABLE', `Paytm did not answer ${path}: ${problem}`);
  }
}
