import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import type { GatewayTestApp } from './pg-support.ts';
import {
  count,
  createOrderApp,
  freshMobile,
  GIFT_CARD_MOBILE,
  lastSms,
  newGuest,
  ok,
  orderClient,
  rows,
} from './order-support.ts';

/**
 * Issue 11 §1: a gift card's OTP goes only to the number registered to the card; PINs and OTPs of a card are
 * limited per card across orders and sessions (5 wrong an hour, then locked for the rest of the hour); COD
 * and gift-card codes texted to one number are limited (5 an hour), with one order's resend 45 s apart.
 * Every limit is raced with parallel requests.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const EV = 'EVCRUST2000';
const EV_PIN = '8642';
const GC = 'GCCRUST2000';

/** Each test starts with every card and number unlimited (the limits are what the tests race). */
beforeEach(async () => {
  await t.database.db.execute(sql`delete from limit_slots`);
});

const smsTo = (mobile: string) =>
  count(t, sql`select count(*) as n from sandbox_sms where mobile = ${mobile}`);

/** The wrong guesses that were compared with a code: each order counts its own. */
const checkedGuesses = async (orderIds: string[]) => {
  const found = await rows<{ n: number | string }>(
    t,
    sql`select coalesce(sum(code_attempts), 0) as n from orders where id in ${orderIds}`,
  );
  return Number(found[0]!.n);
};

/** A new guest's order paid by a voucher, waiting for its PIN or OTP. */
async function voucherOrder(code: string, mobile = freshMobile()) {
  const c = orderClient(t, await newGuest(t));
  const cart = await c.cart();
  const result = ok(
    await c.confirm(
      c.body(
        cart,
        { primaryPaymentId: code === GC ? 'CASHCRD' : 'EVOUCHER', instrumentDetails: { evoucherCode: code } },
        { userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile } },
      ),
    ),
  );
  return { c, result, mobile };
}

const codeOf = (o: { status: string; errors?: { code: string }[]; data?: { nextAction: string } }) =>
  o.status === 'SUCCESS' ? o.data!.nextAction : o.errors![0]!.code;

/** The limit's window seen from an hour later: its slots are older than the window. */
const anHourPasses = () =>
  t.database.db.execute(sql`update limit_slots set taken_at = taken_at - interval '61 minutes'`);

describe("a gift card's OTP goes only to the card's registered number", () => {
  it('not to the number the orderer typed, on the first send and on a resend', async () => {
    const { c, result, mobile } = await voucherOrder(GC);
    expect(result).toMatchObject({ nextAction: 'EV_OTP', codeSentTo: '••••3210' });
    expect(await smsTo(mobile)).toBe(0);
    expect(await lastSms(t, GIFT_CARD_MOBILE)).toMatch(/is your Crust code to pay with your gift card/);
    // a resend 45 s later: the card's number again
    await anHourPasses();
    ok(await c.code(result.orderId, { resend: true }));
    expect(await smsTo(mobile)).toBe(0);
    const code = /(\d{6})/.exec(await lastSms(t, GIFT_CARD_MOBILE))![1]!;
    expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
  });
});

describe('PIN and OTP guesses are limited per card, across orders and sessions', () => {
  it('an e-voucher PIN: 24 wrong guesses at once over 4 orders of 4 sessions check 5; then the card is locked', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => voucherOrder(EV)));
    const guesses = orders.flatMap(({ c, result }) =>
      Array.from({ length: 6 }, (_, i) => c.code(result.orderId, { code: String(1000 + i) })),
    );
    const answers = (await Promise.all(guesses)).map(codeOf);
    expect(await checkedGuesses(orders.map((o) => o.result.orderId))).toBe(5);
    expect(answers.filter((a) => a === 'CARD_CODE_LOCKED').length).toBeGreaterThanOrEqual(1);
    // the right PIN, from a new session and order, within the hour: not even checked
    const late = await voucherOrder(EV);
    const locked = await late.c.code(late.result.orderId, { code: EV_PIN });
    expect(locked).toMatchObject({ status: 'FAILED', errors: [{ code: 'CARD_CODE_LOCKED' }] });
    expect(locked.status === 'FAILED' && locked.errors[0]!.displayMsg).toBe(
      'Too many wrong codes have been entered for this card, so it is locked for 60 minutes. Please choose another way to pay.',
    );
    // an hour on, the card takes its PIN again
    await anHourPasses();
    const after = await voucherOrder(EV);
    expect(ok(await after.c.code(after.result.orderId, { code: EV_PIN })).nextAction).toBe('THANKYOU');
  });

  it("the right PIN clears the card's earlier slips", async () => {
    const first = await voucherOrder(EV);
    for (const wrong of ['1111', '2222', '3333'])
      expect(codeOf(await first.c.code(first.result.orderId, { code: wrong }))).toBe('CODE_INCORRECT');
    expect(ok(await first.c.code(first.result.orderId, { code: EV_PIN })).nextAction).toBe('THANKYOU');
    expect(
      await count(t, sql`select count(*) as n from limit_slots where key = ${`voucher-code|card|${EV}`}`),
    ).toBe(0);
  });

  it("a gift card's OTP: 15 wrong guesses at once over 3 orders check 5, and then even the right code is refused", async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await voucherOrder(GC));
    const guesses = orders.flatMap(({ c, result }) =>
      Array.from({ length: 5 }, (_, i) => c.code(result.orderId, { code: String(100_000 + i) })),
    );
    await Promise.all(guesses);
    expect(await checkedGuesses(orders.map((o) => o.result.orderId))).toBe(5);
    const late = await voucherOrder(GC);
    const code = /(\d{6})/.exec(await lastSms(t, GIFT_CARD_MOBILE))![1]!;
    expect(codeOf(await late.c.code(late.result.orderId, { code }))).toBe('CARD_CODE_LOCKED');
  });
});

describe('codes texted to one number are limited', () => {
  /** A new guest's cash order to `mobile`: a new customer, so a COD OTP is asked. */
  async function cashConfirm(mobile: string) {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const body: ConfirmOrderBody = c.body(
      cart,
      { primaryPaymentId: 'CASH' },
      { userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile } },
    );
    return { c, answer: await c.confirm(body) };
  }

  it('12 cash orders to one number at once send 5 COD codes; the rest are told why', async () => {
    const mobile = freshMobile();
    const all = await Promise.all(Array.from({ length: 12 }, () => cashConfirm(mobile)));
    const answers = all.map((x) => x.answer);
    expect(await smsTo(mobile)).toBe(5);
    expect(answers.filter((a) => codeOf(a) === 'COD_OTP')).toHaveLength(5);
    const refused = answers.filter((a) => codeOf(a) === 'CODE_SEND_LIMIT');
    expect(refused).toHaveLength(7);
    expect(refused[0]!.status === 'FAILED' && refused[0]!.errors[0]!.displayMsg).toMatch(
      /^Too many codes have been sent to this number\. Please try again in \d+ minutes?, or choose another way to pay\.$/,
    );
    // the refused orders went no further: failed, nothing held
    const failed = await count(
      t,
      sql`select count(*) as n from orders where mobile = ${mobile} and status = 'failed'`,
    );
    expect(failed).toBe(7);
  });

  it("one order's resends: 10 at once send one, 45 s after the last; the number's hourly limit holds across orders", async () => {
    const mobile = freshMobile();
    const { c, answer } = await cashConfirm(mobile);
    const orderId = ok(answer).orderId;
    // too soon after the first
    expect(codeOf(await c.code(orderId, { resend: true }))).toBe('RESEND_TOO_SOON');
    await t.database.db.execute(
      sql`update limit_slots set taken_at = taken_at - interval '46 seconds' where key like 'order-code-resend|%'`,
    );
    const resends = (
      await Promise.all(Array.from({ length: 10 }, () => c.code(orderId, { resend: true })))
    ).map(codeOf);
    expect(resends.filter((r) => r === 'COD_OTP')).toHaveLength(1);
    expect(resends.filter((r) => r === 'RESEND_TOO_SOON')).toHaveLength(9);
    expect(await smsTo(mobile)).toBe(2);
    // the last code sent is the one that counts
    const code = /(\d{6})/.exec(await lastSms(t, mobile))![1]!;
    // more orders to the same number: 3 more codes make 5 in the hour, then no more
    const more = await Promise.all(Array.from({ length: 6 }, () => cashConfirm(mobile)));
    expect(more.filter((m) => codeOf(m.answer) === 'COD_OTP')).toHaveLength(3);
    expect(await smsTo(mobile)).toBe(5);
    expect(ok(await c.code(orderId, { code })).nextAction).toBe('THANKYOU');
  });
});
