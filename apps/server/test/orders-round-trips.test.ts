import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayTestApp } from './pg-support.ts';
import { createOrderApp, freshMobile, lastSms, newGuest, ok, orderClient } from './order-support.ts';
import { countRoundTrips } from './statement-count.ts';

/**
 * A card confirm, counted on 2026-11-26: 13 statements in 11 transactions before the gateway order was noted from
 * the rows in hand (note, read, move, re-read for the answer), 8 in 7 after.
 */
const CARD_STATEMENTS = 8;
const CARD_TRANSACTIONS = 7;

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * What one cash confirm of a known customer costs the database (issue 12 §2; bench:orders makes this request):
 * a regression in round trips fails here, since a timing could not be asserted.
 */
describe('round trips of a cash confirm', () => {
  it('a known customer’s cash order: THANKYOU within the counted statements and transactions', async () => {
    const mobile = freshMobile();
    const details = {
      userDetails: { firstName: 'Bench', lastName: 'Guest', email: 'b@example.com', mobile },
    };
    // the mobile's first order goes through the COD OTP, as bench:orders warms its guests
    const c = orderClient(t, await newGuest(t));
    const first = ok(await c.confirm(c.body(await c.cart(), {}, details)));
    expect(first.nextAction).toBe('COD_OTP');
    const code = /(\d{6})/.exec(await lastSms(t, mobile))?.[1];
    expect(ok(await c.code(first.orderId, { code: code! })).nextAction).toBe('THANKYOU');

    // warm: a first measured-shape order, so caches are filled as in a running server
    ok(await c.confirm(c.body(await c.cart(), {}, details)));
    const cart = await c.cart();
    let answer: Awaited<ReturnType<typeof c.confirm>> | undefined;
    const trips = await countRoundTrips(t.database, async () => {
      answer = await c.confirm(c.body(cart, {}, details));
    });
    expect(ok(answer!).nextAction).toBe('THANKYOU');
    // 10 until issue 30 §5: the reports' rollups follow the placed order in its transaction (one statement)
    expect(trips.statements, trips.sql.join('\n')).toBeLessThanOrEqual(11);
    expect(trips.transactions, trips.sql.join('\n')).toBeLessThanOrEqual(3);
  });

  it('a card confirm: the order and payment in one transaction, the gateway order noted in one more statement', async () => {
    const c = orderClient(t, await newGuest(t));
    // warm: caches filled as in a running server
    expect(ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' }))).nextAction).toBe(
      'PROCESS_PAYMENT',
    );
    const cart = await c.cart();
    let answer: Awaited<ReturnType<typeof c.confirm>> | undefined;
    const trips = await countRoundTrips(t.database, async () => {
      answer = await c.confirm(c.body(cart, { primaryPaymentId: 'CC' }));
    });
    expect(ok(answer!).nextAction).toBe('PROCESS_PAYMENT');
    // the sandbox gateway is in this process and database: its own order's statements are counted too
    expect(trips.statements, trips.sql.join('\n')).toBeLessThanOrEqual(CARD_STATEMENTS);
    expect(trips.transactions, trips.sql.join('\n')).toBeLessThanOrEqual(CARD_TRANSACTIONS);
  });
});
