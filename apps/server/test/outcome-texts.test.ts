import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_POLL_TOTAL_SECONDS } from '@crust/domain/constants';
import { renderSms } from '../src/providers/sms/templates.ts';
import { PEPSI, side } from './cart-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  freshMobile,
  lastSms,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 28 §3: the payment page, when its wait runs out, promises "We will text you the result". Whatever decides
 * the payment after that (a webhook, the browser's callback, a status check, the reconciler) texts it, once; an
 * outcome decided while the page waited is not texted, nor an order the customer replaced by paying again.
 */
let t: GatewayTestApp;
/** how far the app's clock is ahead of the real one (orders are made at the database's time) */
let ahead = 0;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => Date.now() + ahead });
});
afterAll(() => t.close());
afterEach(async () => {
  ahead = 0;
  await pg.resetModes();
});

const { pg } = checkout(() => t);
const COLLECT = {
  primaryPaymentId: 'UPI_WALLET' as const,
  instrumentDetails: { upi: { mode: 'COLLECT' as const } },
};
const PAST_THE_WAIT_MS = (PAYMENT_POLL_TOTAL_SECONDS + 5) * 1000;

/** A UPI collect order sent to the customer's app, its mobile fresh so its texts are its own. */
async function collectOpen() {
  const mobile = freshMobile();
  const c = orderClient(t, await newGuest(t));
  const cart = await c.cart();
  const body = (cartNow: { cartId: string; price: number }) =>
    c.body(cartNow, COLLECT, {
      userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
    });
  const result = ok(await c.confirm(body(cart)));
  const paymentId = pg.paymentIdOf(await pg.post(result.formPostUrl!, { vpa: 'asha@okaxis' }));
  return { c, cart, body, mobile, result, paymentId };
}

const numberOf = async (orderId: string) =>
  (await rows<{ number: number }>(t, sql`select number from orders where id = ${orderId}`))[0]!.number;
const smsCount = async (mobile: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` });
  return (JSON.parse(res.body) as { messages: unknown[] }).messages.length;
};

describe('the outcome the payment page promised to text', () => {
  it('a collect approved after the wait ran out: the webhook places it, and the customer is texted once', async () => {
    const { c, mobile, result, paymentId } = await collectOpen();
    ahead = PAST_THE_WAIT_MS;
    await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed' });
    // the page's slow following and the webhooks again change nothing, and text nothing more
    await Promise.all([c.status(result.transactionId), c.status(result.transactionId)]);
    await t.gateway.drainOutbox(new Date(Date.now() + 48 * 3600_000));
    expect(await lastSms(t, mobile)).toBe(
      renderSms({ kind: 'LATE_PLACED', vars: { orderNumber: await numberOf(result.orderId) } }),
    );
    expect(await smsCount(mobile)).toBe(1);
  });

  it('a collect declined after the wait ran out, learnt by a status check: texted as failed', async () => {
    const { c, mobile, result, paymentId } = await collectOpen();
    ahead = PAST_THE_WAIT_MS;
    t.answerWith(() => 500);
    try {
      await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'decline' });
    } finally {
      t.answerWith(() => 200);
    }
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
    expect(await lastSms(t, mobile)).toBe(
      renderSms({ kind: 'LATE_FAILED', vars: { orderNumber: await numberOf(result.orderId) } }),
    );
  });

  it('an outcome decided while the page waited is shown there, not texted', async () => {
    const { c, mobile, result, paymentId } = await collectOpen();
    await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect(await smsCount(mobile)).toBe(0);
  });

  it('an order replaced by paying again after the wait is not texted as failed', async () => {
    const { c, cart, body, mobile, result } = await collectOpen();
    ahead = PAST_THE_WAIT_MS;
    const changed = c.carts.ok(await c.carts.add(cart.cartId, side(PEPSI)));
    const again = ok(await c.confirm(body(changed)));
    expect(again.orderId).not.toBe(result.orderId);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed' });
    expect(await smsCount(mobile)).toBe(0);
  });

  it('a cash order whose COD code is entered after the wait is answered on its screen, not texted', async () => {
    const mobile = freshMobile();
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(
      await c.confirm(
        c.body(
          cart,
          { primaryPaymentId: 'CASH' },
          { userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile } },
        ),
      ),
    );
    expect(result.nextAction).toBe('COD_OTP');
    const code = /(\d{6})/.exec(await lastSms(t, mobile))![1]!;
    ahead = PAST_THE_WAIT_MS;
    expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
    // the code's own text only
    expect(await smsCount(mobile)).toBe(1);
  });
});
