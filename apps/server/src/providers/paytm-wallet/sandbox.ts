import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { MID_HEADER, PAYTM_PATHS, SIGNATURE_HEADER, sameHex, signRequest, signReturn } from './protocol.ts';
import { PaytmError } from './provider.ts';
import * as repo from './repo.ts';

/** A new wallet's balance: modest, so a normal order is short and the add-money page has something to do. */
export const OPENING_BALANCE_PAISE = 15_000;
export const OTP_LIFE_MS = 5 * 60_000;
/** Guesses at one OTP, counted before each check. */
export const OTP_ATTEMPTS = 3;
export const TOKEN_LIFE_MS = 30 * 24 * 3_600_000;

export interface PaytmSandboxOptions {
  db: Db;
  merchantId: string;
  merchantKey: string;
  /** Paytm texts its OTPs: into Crust's SMS sandbox inbox, where people and tests read them */
  text: (mobile: string, body: string) => Promise<void>;
  log: FastifyBaseLogger;
  clock?: () => number;
}

/** An answer of the protocol (./protocol.ts) before it is put on the wire. */
export interface SandboxAnswer {
  status: number;
  body: unknown;
}

const Mobile = z.string().regex(/^[6-9]\d{9}$/);
const Amount = z.number().int().min(100).max(10_000_000);
const Ref = z.string().min(1).max(64);
const bodies = {
  [PAYTM_PATHS.sendOtp]: z.object({ mobile: Mobile, email: z.string().max(200).optional() }),
  [PAYTM_PATHS.verifyOtp]: z.object({ state: Ref, otp: z.string().max(10) }),
  [PAYTM_PATHS.balance]: z.object({ token: z.string().max(200), amountPaise: z.number().int().min(0) }),
  [PAYTM_PATHS.withdraw]: z.object({ token: z.string().max(200), orderRef: Ref, amountPaise: Amount }),
  [PAYTM_PATHS.addMoney]: z.object({
    token: z.string().max(200),
    orderRef: Ref,
    amountPaise: Amount,
    returnUrl: z.string().max(500),
  }),
  [PAYTM_PATHS.status]: z.object({ orderRef: Ref }),
  [PAYTM_PATHS.refund]: z.object({ txnId: Ref, amountPaise: Amount, refundRef: Ref }),
  [PAYTM_PATHS.verifyVpa]: z.object({ vpa: z.string().max(300) }),
} as const;

const VPA = /^[a-z0-9._-]{2,100}@[a-z][a-z0-9]{1,63}$/i;

/** Where the sandbox's hosted add-money page lives. */
export const ADD_MONEY_PAGE = '/sandbox/paytm/add-money';

/**
 * Paytm's wallet, played locally (never in production): wallets by mobile with a balance, linking by an OTP it
 * texts, access tokens, consult balance, withdraw (once per order reference; never below zero), a hosted
 * add-money page, refunds to the wallet and UPI id checks. Everything is in its own `sandbox_paytm_*` tables, so
 * several server processes play one Paytm. `answer` is the protocol's HTTP API (mounted under /sandbox/paytm/api
 * and answered in process by ./sandbox-fetch.ts).
 */
export class PaytmSandbox {
  private readonly db: Db;
  private readonly clock: () => number;

  constructor(private readonly o: PaytmSandboxOptions) {
    this.db = o.db;
    this.clock = o.clock ?? Date.now;
  }

  /** One call of the protocol: the merchant and signature checked over the raw body, then the work. */
  async answer(path: string, headers: Headers, rawBody: string): Promise<SandboxAnswer> {
    const signature = headers.get(SIGNATURE_HEADER) ?? '';
    if (
      headers.get(MID_HEADER) !== this.o.merchantId ||
      !sameHex(signRequest(this.o.merchantKey, path, rawBody), signature)
    )
      return {
        status: 401,
        body: { status: 'FAILURE', code: 'UNAUTHORIZED', message: 'Bad merchant or signature' },
      };
    if (!(path in bodies))
      return { status: 404, body: { status: 'FAILURE', code: 'NOT_FOUND', message: 'No such call' } };
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      json = null;
    }
    try {
      const body = await this.work(path as keyof typeof bodies, json);
      return { status: 200, body: { status: 'SUCCESS', body } };
    } catch (err) {
      if (!(err instanceof PaytmError)) throw err;
      return {
        status: 200,
        body: {
          status: 'FAILURE',
          code: err.code,
          message: err.message,
          ...(err.attemptsLeft === undefined ? {} : { attemptsLeft: err.attemptsLeft }),
        },
      };
    }
  }

  private async work(path: keyof typeof bodies, json: unknown): Promise<unknown> {
    const parsed = bodies[path].safeParse(json);
    if (!parsed.success) throw new PaytmError('BAD_REQUEST', 'Malformed request');
    const input = parsed.data as never;
    switch (path) {
      case PAYTM_PATHS.sendOtp:
        return this.sendOtp(input);
      case PAYTM_PATHS.verifyOtp:
        return this.verifyOtp(input);
      case PAYTM_PATHS.balance:
        return this.balance(input);
      case PAYTM_PATHS.withdraw:
        return this.withdraw(input);
      case PAYTM_PATHS.addMoney:
        return this.addMoney(input);
      case PAYTM_PATHS.status:
        return this.status(input);
      case PAYTM_PATHS.refund:
        return this.refund(input);
      case PAYTM_PATHS.verifyVpa:
        return this.verifyVpa(input);
      default: {
        const never: never = path;
        throw new Error(`unknown Paytm call ${String(never)}`);
      }
    }
  }

  private now() {
    return new Date(this.clock());
  }

  private codeHash(state: string, code: string) {
    return createHmac('sha256', this.o.merchantKey).update(`otp|${state}|${code}`).digest('hex');
  }

  private async sendOtp(input: { mobile: string }): Promise<{ state: string }> {
    await repo.account(this.db, input.mobile, nameOf(input.mobile), OPENING_BALANCE_PAISE);
    const state = `st_${randomBytes(12).toString('base64url')}`;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertOtp(this.db, {
      state,
      mobile: input.mobile,
      codeHash: this.codeHash(state, code),
      expiresAt: new Date(this.clock() + OTP_LIFE_MS),
    });
    await this.o.text(
      input.mobile,
      `${code} is your Paytm OTP to link your Paytm wallet with Crust. It is valid for 5 minutes. Do not share it with anyone.`,
    );
    return { state };
  }

  private async verifyOtp(input: { state: string; otp: string }) {
    const found = await repo.findOtp(this.db, input.state);
    if (!found) throw new PaytmError('OTP_EXPIRED', 'This OTP has expired. Please request a new one.');
    if (found.usedAt) throw new PaytmError('OTP_USED', 'This OTP has already been used.');
    if (found.expiresAt.getTime() <= this.clock())
      throw new PaytmError('OTP_EXPIRED', 'This OTP has expired. Please request a new one.');
    const row = await repo.takeOtpAttempt(this.db, input.state, OTP_ATTEMPTS);
    if (!row)
      throw new PaytmError('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Please request a new OTP.');
    if (!sameHex(this.codeHash(input.state, input.otp), row.codeHash)) {
      const left = OTP_ATTEMPTS - row.attempts;
      if (left <= 0)
        throw new PaytmError('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong attempts. Please request a new OTP.');
      throw new PaytmError('INVALID_OTP', 'The OTP is incorrect.', left);
    }
    if (!(await repo.useOtp(this.db, input.state, this.now())))
      throw new PaytmError('OTP_USED', 'This OTP has already been used.');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock() + TOKEN_LIFE_MS);
    await repo.insertToken(this.db, { tokenHash: tokenHash(token), mobile: row.mobile, expiresAt });
    return { token, mobile: row.mobile, expiresAt: expiresAt.toISOString() };
  }

  private async walletOf(token: string): Promise<string> {
    const found = await repo.findToken(this.db, tokenHash(token), this.now());
    if (!found) throw new PaytmError('INVALID_TOKEN', 'The wallet is not linked. Please link it again.');
    return found.mobile;
  }

  private async balance(input: { token: string; amountPaise: number }) {
    const mobile = await this.walletOf(input.token);
    const account = await repo.account(this.db, mobile, nameOf(mobile), OPENING_BALANCE_PAISE);
    return {
      balancePaise: account.balancePaise,
      deficitPaise: Math.max(0, input.amountPaise - account.balancePaise),
    };
  }

  private async withdraw(input: { token: string; orderRef: string; amountPaise: number }) {
    const mobile = await this.walletOf(input.token);
    const known = await repo.findTxn(this.db, 'withdraw', input.orderRef);
    if (known) return withdrawAnswer(known);
    const id = `ptw_${randomBytes(9).toString('base64url')}`;
    if ((await repo.readModes(this.db)).refuseWithdraw) {
      await repo.insertTxn(this.db, {
        id,
        kind: 'withdraw',
        mobile,
        ref: input.orderRef,
        amountPaise: input.amountPaise,
        status: 'FAILED',
        code: 'WALLET_BLOCKED',
      });
    } else {
      const short = await this.db
        .transaction(async (tx) => {
          // the reference first: a parallel withdraw for the same order waits on it, then finds this one
          const mine = await repo.insertTxn(tx, {
            id,
            kind: 'withdraw',
            mobile,
            ref: input.orderRef,
            amountPaise: input.amountPaise,
            status: 'SUCCESS',
          });
          if (mine && !(await repo.debit(tx, mobile, input.amountPaise))) throw new Short();
          return null;
        })
        .catch((err: unknown) => {
          if (err instanceof Short) return err;
          throw err;
        });
      if (short) {
        const account = await repo.account(this.db, mobile, nameOf(mobile), OPENING_BALANCE_PAISE);
        return {
          status: 'INSUFFICIENT_BALANCE',
          deficitPaise: Math.max(1, input.amountPaise - account.balancePaise),
        };
      }
    }
    const txn = await repo.findTxn(this.db, 'withdraw', input.orderRef);
    if (!txn) throw new Error(`withdraw for ${input.orderRef} vanished`);
    return withdrawAnswer(txn);
  }

  private async addMoney(input: { token: string; orderRef: string; amountPaise: number; returnUrl: string }) {
    const mobile = await this.walletOf(input.token);
    if (!isReturnUrl(input.returnUrl))
      throw new PaytmError('BAD_REQUEST', 'returnUrl must be a path or an http(s) URL');
    const open = await repo.openAddMoney(this.db, input.orderRef, input.amountPaise);
    const id = open?.id ?? `am_${randomBytes(9).toString('base64url')}`;
    if (!open)
      await repo.insertAddMoney(this.db, {
        id,
        mobile,
        orderRef: input.orderRef,
        amountPaise: input.amountPaise,
        returnUrl: input.returnUrl,
      });
    return { url: `${ADD_MONEY_PAGE}?request=${id}` };
  }

  private async status(input: { orderRef: string }) {
    const txn = await repo.findTxn(this.db, 'withdraw', input.orderRef);
    return {
      withdraw: txn
        ? {
            txnId: txn.id,
            status: txn.status,
            amountPaise: txn.amountPaise,
            refundedPaise: txn.refundedPaise,
            code: txn.code,
            createdAt: txn.createdAt.toISOString(),
          }
        : null,
    };
  }

  private async refund(input: { txnId: string; amountPaise: number; refundRef: string }) {
    const known = await repo.findTxn(this.db, 'refund', input.refundRef);
    if (known) return { refundId: known.id };
    const withdraw = await repo.findTxnById(this.db, input.txnId);
    if (!withdraw || withdraw.kind !== 'withdraw' || withdraw.status !== 'SUCCESS')
      throw new PaytmError('NOT_FOUND', 'No such successful withdraw');
    const id = `ptr_${randomBytes(9).toString('base64url')}`;
    await this.db.transaction(async (tx) => {
      const mine = await repo.insertTxn(tx, {
        id,
        kind: 'refund',
        mobile: withdraw.mobile,
        ref: input.refundRef,
        txnId: withdraw.id,
        amountPaise: input.amountPaise,
        status: 'SUCCESS',
      });
      if (!mine) return;
      if (!(await repo.addRefunded(tx, withdraw.id, input.amountPaise)))
        throw new PaytmError('REFUND_EXCEEDS_PAYMENT', 'The refund is more than what is left of the payment');
      await repo.credit(tx, withdraw.mobile, input.amountPaise);
    });
    const txn = await repo.findTxn(this.db, 'refund', input.refundRef);
    return { refundId: txn?.id ?? id };
  }

  private async verifyVpa(input: { vpa: string }) {
    const vpa = input.vpa.trim().toLowerCase();
    if (!VPA.test(vpa) || vpa.startsWith('invalid') || vpa.startsWith('unknown'))
      return { valid: false, name: null };
    const handle = vpa.split('@')[0]!;
    return { valid: true, name: /^\d{10}$/.test(handle) ? nameOf(handle) : titleOf(handle) };
  }

  // ——— the hosted add-money page and the test switches (modules/sandbox/paytm-routes.ts) ———

  async addMoneyRequest(id: string) {
    const row = await repo.findAddMoney(this.db, id);
    if (!row) return null;
    const account = await repo.account(this.db, row.mobile, nameOf(row.mobile), OPENING_BALANCE_PAISE);
    return { ...row, balancePaise: account.balancePaise };
  }

  /**
   * The page's answer: the top-up (credited once, however often the form is posted) or the cancel, then the
   * signed way back to the merchant. Null for an unknown request.
   */
  async finishAddMoney(id: string, answer: 'SUCCESS' | 'CANCELLED'): Promise<string | null> {
    const row = await repo.findAddMoney(this.db, id);
    if (!row) return null;
    if (row.status === 'OPEN')
      await this.db.transaction(async (tx) => {
        if (!(await repo.closeAddMoney(tx, id, answer)) || answer !== 'SUCCESS') return;
        await repo.insertTxn(tx, {
          id: `pta_${randomBytes(9).toString('base64url')}`,
          kind: 'add',
          mobile: row.mobile,
          ref: id,
          amountPaise: row.amountPaise,
          status: 'SUCCESS',
        });
        await repo.credit(tx, row.mobile, row.amountPaise);
      });
    const now = await repo.findAddMoney(this.db, id);
    const status = now?.status === 'SUCCESS' ? 'SUCCESS' : 'CANCELLED';
    const fields = { orderRef: row.orderRef, requestId: id, status };
    const query = new URLSearchParams({ ...fields, signature: signReturn(this.o.merchantKey, fields) });
    return `${row.returnUrl}${row.returnUrl.includes('?') ? '&' : '?'}${query.toString()}`;
  }

  async account(mobile: string) {
    const row = await repo.account(this.db, mobile, nameOf(mobile), OPENING_BALANCE_PAISE);
    return { mobile: row.mobile, name: row.name, balancePaise: row.balancePaise };
  }

  async setBalance(mobile: string, balancePaise: number) {
    await repo.setBalance(this.db, mobile, nameOf(mobile), balancePaise);
    return this.account(mobile);
  }

  async setModes(modes: { refuseWithdraw: boolean }) {
    await repo.setModes(this.db, modes.refuseWithdraw, this.now());
    return repo.readModes(this.db);
  }

  modes() {
    return repo.readModes(this.db);
  }
}

class Short extends Error {}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function withdrawAnswer(txn: repo.TxnRow) {
  return txn.status === 'SUCCESS'
    ? { status: 'SUCCESS', txnId: txn.id }
    : { status: 'FAILED', txnId: txn.id, code: txn.code ?? 'DECLINED' };
}

/** A same-origin path (not `//host`, not `/\host`) or an http(s) URL. */
function isReturnUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\') && !url.includes('#');
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}

/** The sandbox's account holders: a name the same mobile always gets. */
const NAMES = ['Asha Verma', 'Rahul Sharma', 'Priya Nair', 'Vikram Singh', 'Meera Iyer', 'Arjun Rao'];
function nameOf(mobile: string): string {
  return NAMES[Number(mobile.slice(-2)) % NAMES.length]!;
}

const titleOf = (handle: string) =>
  handle
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
