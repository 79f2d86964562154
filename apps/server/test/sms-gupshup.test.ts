import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { loadConfig } from '../src/config/app-config.ts';
import { slotsUsed } from '../src/http/limits.ts';
import { otpResendSpacing, otpSendsFromAddress, otpSendsToNumber } from '../src/modules/auth/limits.ts';
import { codeResendOf, codeSendsTo } from '../src/modules/orders/code-limits.ts';
import { OrderEvents, type OrderEvent } from '../src/modules/orders/events.ts';
import { outcomeTexts } from '../src/modules/orders/outcome-sms.ts';
import { GupshupSms } from '../src/providers/sms/gupshup.ts';
import { SmsError } from '../src/providers/sms/provider.ts';
import { authClient } from './auth-support.ts';
import { json } from './helpers.ts';
import { freePort } from './live-server.ts';
import { createOrderApp, freshMobile, newGuest, ok, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { inbox, smsModes, sqlRows } from './sms-support.ts';

/**
 * The real Gupshup adapter over real HTTP (issue 14 §2): a server with SMS_PROVIDER=gupshup whose SMS_BASE_URL is
 * its own Gupshup sandbox, listening on a port of its own. Texts go out through fetch, are checked as Gupshup and
 * the DLT scrubber would check them, land in the inbox, and come back as delivery reports.
 */
const TIMEOUT_MS = 1_500;
let t: GatewayTestApp;
let port: number;

beforeAll(async () => {
  port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { sms } = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    SMS_PROVIDER: 'gupshup',
    SMS_BASE_URL: `${base}/sandbox/sms/gupshup/GatewayAPI/rest`,
  });
  t = await createOrderApp({ port, sms: { ...sms, timeoutMs: TIMEOUT_MS } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());
beforeEach(() => smsModes(t, { fail: null, dlr: 'DELIVERED' }));

const auth = authClient(() => t);
let addresses = 0;
const sendOtp = (mobile: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.otpSend,
    payload: { mobile },
    remoteAddress: `10.99.0.${++addresses}`,
  });
const SMS_FAILED = {
  status: 'FAILED',
  errors: [{ code: 'SMS_FAILED', displayMsg: 'We could not send the SMS. Please try again.' }],
};

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

const reportOf = (messageId: string) =>
  until(async () => {
    const rows = await sqlRows<{ status: string; cause: string; phone_last4: string }>(
      t,
      sql`select status, cause, phone_last4 from sms_delivery_reports where message_id = ${messageId}`,
    );
    return rows[0];
  }, `the delivery report of ${messageId}`);

const used = (limit: Parameters<typeof slotsUsed>[1]) => slotsUsed(t.database.db, limit, new Date());

describe('texts through the Gupshup adapter to the Gupshup sandbox, over HTTP', () => {
  it('a login OTP arrives with its message id, logs in, and its delivery report is recorded', async () => {
    const mobile = auth.freshMobile();
    await auth.login(mobile);
    const [text] = await inbox(t, mobile);
    expect(text!.body).toMatch(/^\d{6} is your Crust verification code\./);
    expect(text!.messageId).toMatch(/^\d{19}-\d{9}$/);
    expect(await reportOf(text!.messageId!)).toEqual({
      status: 'DELIVERED',
      cause: 'SUCCESS',
      phone_last4: mobile.slice(-4),
    });
  });

  it('records a failed delivery as Gupshup reports it', async () => {
    await smsModes(t, { dlr: 'FAILED' });
    const mobile = auth.freshMobile();
    expect((await sendOtp(mobile)).statusCode).toBe(200);
    const [text] = await inbox(t, mobile);
    expect(await reportOf(text!.messageId!)).toMatchObject({ status: 'FAILED', cause: 'ABSENT_SUBSCRIBER' });
  });

  it('a COD code arrives and confirms the order', async () => {
    const c = orderClient(t, await newGuest(t));
    const mobile = freshMobile();
    const cart = await c.cart();
    const body = c.body(cart, {}, { userDetails: { firstName: 'Ravi', lastName: 'K', email: '', mobile } });
    const result = ok(await c.confirm(body));
    expect(result.nextAction).toBe('COD_OTP');
    const [text] = await inbox(t, mobile);
    expect(text!.body).toMatch(/is your Crust code to confirm your order \(cash on delivery\)/);
    expect(text!.messageId).toMatch(/^\d{19}-\d{9}$/);
    const code = /\b(\d{6})\b/.exec(text!.body)![1]!;
    expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
  });
});

describe('when Gupshup fails', () => {
  it.each([
    ['refuses (its error answer)', 'error'],
    ['does not answer in time', 'timeout'],
  ] as const)(
    'and %s, the login OTP answers 503 SMS_FAILED; the customer can try again at once',
    async (_what, fail) => {
      await smsModes(t, { fail });
      const mobile = auth.freshMobile();
      const started = Date.now();
      const res = await sendOtp(mobile);
      expect(res.statusCode).toBe(503);
      expect(json(res)).toEqual(SMS_FAILED);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(await inbox(t, mobile)).toEqual([]);
      // nobody holds the code: its challenge is gone
      const rows = await sqlRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from otp_challenges where mobile = ${mobile}`,
      );
      expect(rows[0]!.n).toBe(0);
      // no wait before the next try; a text that may still arrive keeps counting against the hour
      expect(await used(otpResendSpacing(mobile))).toBe(0);
      expect(await used(otpSendsToNumber(mobile))).toBe(fail === 'timeout' ? 1 : 0);
      expect(await used(otpSendsFromAddress(`10.99.0.${addresses}`))).toBe(fail === 'timeout' ? 1 : 0);

      await smsModes(t, { fail: null });
      const again = await sendOtp(mobile);
      expect(again.statusCode, again.body).toBe(200);
      const [text] = await inbox(t, mobile);
      const validated = await auth.validate(
        mobile,
        json(again).data.requestId,
        /\b(\d{6})\b/.exec(text!.body)![1]!,
      );
      expect(json(validated).status).toBe('SUCCESS');
    },
  );

  it('a COD code that failed can be asked for again; a resend that failed leaves the code the customer has', async () => {
    const c = orderClient(t, await newGuest(t));
    const mobile = freshMobile();
    const cart = await c.cart();
    const body = c.body(cart, {}, { userDetails: { firstName: 'Ravi', lastName: 'K', email: '', mobile } });
    const key = randomUUID();

    await smsModes(t, { fail: 'error' });
    const failed = await c.confirmRaw(body, key);
    expect(failed.statusCode).toBe(503);
    expect(json(failed)).toEqual(SMS_FAILED);
    await smsModes(t, { fail: null });
    // the same request again: the order is there, waiting for its code, and "Resend" works at once
    const result = ok(await c.confirm(body, key));
    expect(result.nextAction).toBe('COD_OTP');
    expect(await used(codeResendOf(result.orderId))).toBe(0);
    expect(await used(codeSendsTo(mobile))).toBe(0);
    ok(await c.code(result.orderId, { resend: true }));
    const [sent] = await inbox(t, mobile);
    const code = /\b(\d{6})\b/.exec(sent!.body)![1]!;

    // a resend Gupshup refuses: 503, and the code already texted still confirms the order
    await t.database.db.execute(
      sql`update limit_slots set taken_at = taken_at - interval '1 minute' where key = ${codeResendOf(result.orderId).key}`,
    );
    await smsModes(t, { fail: 'error' });
    const resend = await t.app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.orderCode, { orderId: result.orderId }),
      headers: { ...c.who.headers, 'idempotency-key': randomUUID() },
      payload: { resend: true },
    });
    expect(resend.statusCode).toBe(503);
    expect(json(resend)).toEqual(SMS_FAILED);
    await smsModes(t, { fail: null });
    expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
  });

  it('a late outcome text that failed is logged and the order moves on (an after-commit subscriber)', async () => {
    const events = new OrderEvents(t.app.log);
    const after: string[] = [];
    events.subscribe(outcomeTexts(t.app.deps.sms, t.database.db));
    events.subscribe({ name: 'next', after: (e) => void after.push(e.kind) });
    const mobile = freshMobile();
    const order = { id: 'O-late', mobile, number: 48213377 } as OrderEvent['order'];
    const placeLate = () =>
      events.transaction(t.database.db, async (_tx, raise) => {
        await raise({ kind: 'placed', order, late: true });
        return 'placed';
      });

    await smsModes(t, { fail: 'error' });
    expect(await placeLate()).toBe('placed');
    expect(after).toEqual(['placed']);
    expect(await inbox(t, mobile)).toEqual([]);

    await smsModes(t, { fail: null });
    await placeLate();
    expect((await inbox(t, mobile))[0]!.body).toBe(
      'Crust: your payment went through and order 48213377 is confirmed. Track it in the app.',
    );
  });

  it('a text that does not match its registered DLT template is refused, and is never a silent success', async () => {
    // an adapter whose template ids are crossed: each text names another kind's template
    const { templateIds } = t.config.sms;
    const crossed = new GupshupSms({
      account: { ...t.config.sms, templateIds: { ...templateIds, LOGIN_OTP: templateIds.COD_CODE } },
      timeoutMs: TIMEOUT_MS,
      log: t.app.log,
    });
    const mobile = auth.freshMobile();
    const err = await crossed.send(mobile, { kind: 'LOGIN_OTP', vars: { code: '123456' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).reason).toBe('refused');
    expect((err as SmsError).message).toContain('690 TEMPLATE_CONTENT_MISMATCH');
    expect(await inbox(t, mobile)).toEqual([]);
  });

  it('a wrong password is refused with Gupshup’s AUTH FAILED', async () => {
    const wrong = new GupshupSms({
      account: { ...t.config.sms, password: `${t.config.sms.password}x` },
      timeoutMs: TIMEOUT_MS,
      log: t.app.log,
    });
    const err = await wrong.send('9811111111', { kind: 'LOGIN_OTP', vars: { code: '123456' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as SmsError).message).toContain('102 AUTH FAILED');
  });
});
