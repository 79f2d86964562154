import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPI_VERIFIES_PER_ADDRESS, UPI_VERIFIES_PER_SESSION } from '../src/modules/paytm/limits.ts';
import { json } from './helpers.ts';
import { newGuest, ok, orderClient } from './order-support.ts';
import { paytmOrder, upiOrder, upiVerifyRaw } from './paytm-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';

/**
 * Issue 28 §5: Paytm's UPI verify names the holder of any UPI id (`<mobile>@paytm` too) on Crust's merchant
 * account, so it answers only a caller paying their own order by UPI, masks the name, and is limited per session
 * and per client address, the slots taken before Paytm is asked.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true });
});
afterAll(() => t.close());

type Answer = { status: string; data?: { valid: boolean; name: string | null }; errors?: { code: string }[] };
let addresses = 0;
/** a client address no other test counts against */
const freshAddress = () => `10.28.5.${(addresses += 1)}`;
const codeOf = (res: { body: string }) => json<Answer>(res).errors?.[0]?.code;

describe('UPI verify answers only for the caller’s own order paying by UPI', () => {
  it('masks the holder’s name, as the payment apps do', async () => {
    const who = await newGuest(t);
    const { transactionId } = await upiOrder(t, who);
    const res = await upiVerifyRaw(t, who, { vpa: '9876543210@paytm', orderTransactionId: transactionId });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json<Answer>(res);
    expect(data?.valid).toBe(true);
    expect(data?.name).toMatch(/^\S\*+( \S\*+)*$/u);
  });

  it('refuses without such an order: none, someone else’s (404), one not paying by UPI (403)', async () => {
    const who = await newGuest(t);
    const other = await newGuest(t);
    const theirs = await upiOrder(t, other);
    const none = await upiVerifyRaw(t, who, {
      vpa: 'asha.verma@paytm',
      orderTransactionId: `T${'0'.repeat(20)}`,
    });
    expect([none.statusCode, codeOf(none)], none.body).toEqual([404, 'ORDER_NOT_FOUND']);
    const notMine = await upiVerifyRaw(t, who, {
      vpa: 'asha.verma@paytm',
      orderTransactionId: theirs.transactionId,
    });
    expect([notMine.statusCode, codeOf(notMine)], notMine.body).toEqual([404, 'ORDER_NOT_FOUND']);

    const paytm = await paytmOrder(t, who);
    const byWallet = await upiVerifyRaw(t, who, {
      vpa: 'asha.verma@paytm',
      orderTransactionId: paytm.result.transactionId,
    });
    expect([byWallet.statusCode, codeOf(byWallet)], byWallet.body).toEqual([403, 'UPI_VERIFY_NOT_ALLOWED']);
    const c = orderClient(t, who);
    const card = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const byCard = await upiVerifyRaw(t, who, {
      vpa: 'asha.verma@paytm',
      orderTransactionId: card.transactionId,
    });
    expect([byCard.statusCode, codeOf(byCard)], byCard.body).toEqual([403, 'UPI_VERIFY_NOT_ALLOWED']);
  });

  it('a paid order’s UPI ids are not checked any more', async () => {
    const who = await newGuest(t);
    const c = orderClient(t, who);
    const cash = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CASH' })));
    const res = await upiVerifyRaw(t, who, {
      vpa: 'asha.verma@paytm',
      orderTransactionId: cash.transactionId,
    });
    expect([res.statusCode, codeOf(res)], res.body).toEqual([403, 'UPI_VERIFY_NOT_ALLOWED']);
  });
});

describe('UPI verify limits, taken before Paytm is asked', () => {
  it(`one session: ${UPI_VERIFIES_PER_SESSION} an hour however many arrive at once, then 429 with Retry-After`, async () => {
    const who = await newGuest(t);
    const { transactionId } = await upiOrder(t, who);
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: UPI_VERIFIES_PER_SESSION + 15 }, (_, i) =>
        upiVerifyRaw(
          t,
          who,
          { vpa: `98765${String(i).padStart(5, '0')}@paytm`, orderTransactionId: transactionId },
          address,
        ),
      ),
    );
    const named = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(named).toHaveLength(UPI_VERIFIES_PER_SESSION);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(codeOf(r)).toBe('UPI_VERIFY_LIMIT');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // another session from another address is not stopped by this one's count
    const other = await newGuest(t);
    const theirs = await upiOrder(t, other);
    const next = await upiVerifyRaw(
      t,
      other,
      { vpa: 'asha.verma@paytm', orderTransactionId: theirs.transactionId },
      freshAddress(),
    );
    expect(next.statusCode, next.body).toBe(200);
  });

  it(`one address: ${UPI_VERIFIES_PER_ADDRESS} an hour across new sessions`, async () => {
    const address = freshAddress();
    const sessions = 4;
    const payers = await Promise.all(
      Array.from({ length: sessions }, async () => {
        const who = await newGuest(t);
        return { who, order: await upiOrder(t, who) };
      }),
    );
    const answers = await Promise.all(
      payers.flatMap(({ who, order }) =>
        Array.from({ length: UPI_VERIFIES_PER_SESSION }, (_, i) =>
          upiVerifyRaw(
            t,
            who,
            { vpa: `91234${String(i).padStart(5, '0')}@paytm`, orderTransactionId: order.transactionId },
            address,
          ),
        ),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(UPI_VERIFIES_PER_ADDRESS);
    expect(codes.filter((s) => s === 429)).toHaveLength(
      sessions * UPI_VERIFIES_PER_SESSION - UPI_VERIFIES_PER_ADDRESS,
    );
  });
});
