import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailsResponseSchema } from '@crust/contract/history';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { WATCH_EVERY_MS } from '../src/modules/orders/reconciler.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { storeStaff } from './tracking-support.ts';
import {
  checkout,
  createOrderApp,
  gatewayOrderIdOf,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 28 §1: every capture on an order's gateway order is accounted for. A card payment's bank page left open,
 * the order paid by UPI, then the bank page completed: one order placed, one payment kept, the other refunded
 * once, whatever order and however often the news arrives. Every check reads the database (and the sandbox
 * gateway's own refund list), so the file is the evidence on PGlite and on PostgreSQL.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { pg, follow } = checkout(() => t);

beforeEach(async () => {
  await pg.resetModes();
  t.answerWith(() => 200);
  await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
  t.deliveries.length = 0;
});

/** A card order confirmed and its card payment brought to the bank's OTP page. */
async function cardPageOpen() {
  const c = orderClient(t, await newGuest(t));
  const cart = await c.cart();
  const result = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
  expect(result.nextAction).toBe('PROCESS_PAYMENT');
  const gatewayOrderId = gatewayOrderIdOf(result);
  const card = await pg.cardToOtp(gatewayOrderId);
  return { c, result, gatewayOrderId, card };
}

/** The same gateway order paid by a UPI collect request the customer's app approves; answers the payment id. */
async function payByUpi(gatewayOrderId: string): Promise<string> {
  const upi = pg.paymentIdOf(
    await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/upi_collect`, { vpa: 'asha@okaxis' }),
  );
  const done = await pg.post(`/sandbox/pg/upi/collect/${upi}`, { decision: 'approve' });
  expect(done.body).toContain('Payment approved.');
  return upi;
}

const refundsOf = (paymentId: string) =>
  rows<{ id: string; receipt: string; amount_paise: number }>(
    t,
    sql`select id, receipt, amount_paise from pg_refunds where payment_id = ${paymentId}`,
  );
const refundsOfOrder = (gatewayOrderId: string) =>
  rows<{ payment_id: string; receipt: string }>(
    t,
    sql`select r.payment_id, r.receipt from pg_refunds r join pg_payments p on p.id = r.payment_id
        where p.order_id = ${gatewayOrderId}`,
  );
const keptOf = async (orderId: string) =>
  (
    await rows<{ gateway_payment_id: string }>(
      t,
      sql`select gateway_payment_id from payments where order_id = ${orderId}`,
    )
  )[0]!.gateway_payment_id;
const extrasOf = (orderId: string) =>
  rows<{ gateway_payment_id: string; state: string; reason: string; amount_paise: number }>(
    t,
    sql`select gateway_payment_id, state, reason, amount_paise from extra_captures where order_id = ${orderId}`,
  );

/** One order placed on one payment, and the other capture refunded once, in full, with its own receipt. */
async function expectOneKeptOneRefunded(
  orderId: string,
  gatewayOrderId: string,
  amountPaise: number,
  payments: [string, string],
) {
  expect(await orderRow(t, orderId)).toMatchObject({ status: 'placed', state: 'success' });
  const kept = await keptOf(orderId);
  expect(payments).toContain(kept);
  const other = payments.find((p) => p !== kept)!;
  expect(await refundsOfOrder(gatewayOrderId)).toEqual([{ payment_id: other, receipt: `extra-${other}` }]);
  expect(await refundsOf(other)).toMatchObject([{ amount_paise: amountPaise }]);
  expect(await extrasOf(orderId)).toEqual([
    { gateway_payment_id: other, state: 'refunded', reason: 'DUPLICATE', amount_paise: amountPaise },
  ]);
  expect(await t.gateway.fetchPayment(other)).toMatchObject({
    status: 'captured',
    amountRefundedPaise: amountPaise,
  });
  expect(await t.gateway.fetchPayment(kept)).toMatchObject({ status: 'captured', amountRefundedPaise: 0 });
}

describe('a second capture on one order', () => {
  it('card page open, paid by UPI, then the OTP completed: the order keeps the UPI payment and refunds the card once', async () => {
    const { c, result, gatewayOrderId, card } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    await follow(await pg.get(`/sandbox/pg/payments/${upi}`));
    await t.gateway.drainOutbox(new Date());
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
    expect(await keptOf(result.orderId)).toBe(upi);

    // the bank page, still open, is completed: the gateway captures the card too
    const otp = await pg.submitOtp(card, '123456');
    await follow(otp);
    await t.gateway.drainOutbox(new Date());
    expect(await keptOf(result.orderId)).toBe(upi);
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);

    // the refund's webhook, more callbacks, status calls and reconciler passes: still one refund
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    await follow(otp);
    await c.status(result.transactionId);
    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    await t.app.deps.orders.reconcile(Date.now() + 3 * 3600_000);
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);

    // the customer (thank-you page, order history) and the store are told
    const told = [{ amountPaise: result.amountPaise, refund: 'DONE' }];
    expect((await c.summary(result.orderId)).extraPayments).toEqual(told);
    const details = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.orderDetails, { orderId: result.orderId }),
      headers: c.who.headers,
    });
    expect(OrderDetailsResponseSchema.parse(json(details)).data.orderDetails.extraPayments).toEqual(told);
    const queue = await (await storeStaff(t, 1001)).queue(1001);
    const onCard = queue.orders.find((o) => o.id === result.orderId);
    expect(onCard?.payment.extraPayments).toEqual(told);
  });

  it('both captured before Crust heard of either, then callbacks, webhooks and status calls all at once: one order, one refund', async () => {
    await pg.setModes({ duplicateWebhooks: 3, shuffleWebhooks: true });
    const { c, result, gatewayOrderId, card } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    const otp = await pg.submitOtp(card, '123456');
    const upiBack = await pg.get(`/sandbox/pg/payments/${upi}`);
    const callbacks = [String(otp.headers.location), String(upiBack.headers.location)];
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });

    await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => t.app.inject({ method: 'GET', url: callbacks[i % 2]! })),
      t.gateway.drainOutbox(new Date()),
      t.gateway.drainOutbox(new Date()),
      ...Array.from({ length: 4 }, () => c.status(result.transactionId)),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
    ]);
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);
  });

  it('the second capture’s callback and webhooks are lost: the reconciler finds it and refunds it once', async () => {
    const { result, gatewayOrderId, card } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    await follow(await pg.get(`/sandbox/pg/payments/${upi}`));
    await t.gateway.drainOutbox(new Date());
    expect(await keptOf(result.orderId)).toBe(upi);

    // the bank page completes, but its callback is lost and Crust's webhook receiver is down
    await pg.setModes({ lostCallback: true });
    t.answerWith(() => 500);
    const otp = await pg.submitOtp(card, '123456');
    expect(otp.body).toContain('id="payment-closed"');
    await t.gateway.drainOutbox(new Date());
    expect(await refundsOfOrder(gatewayOrderId)).toEqual([]);

    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);
    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    expect(await refundsOfOrder(gatewayOrderId)).toHaveLength(1);
  });

  it('a decided payment with a bank page still open is asked about at most every 2 minutes by the reconciler', async () => {
    const { result, gatewayOrderId } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    await follow(await pg.get(`/sandbox/pg/payments/${upi}`));
    expect(await keptOf(result.orderId)).toBe(upi);
    const asked = vi.spyOn(t.gateway, 'paymentsOf');
    try {
      const start = Date.now() + 121_000;
      const askedForOrder = () => asked.mock.calls.filter(([id]) => id === gatewayOrderId).length;
      for (const s of [0, 15, 30, 119]) await t.app.deps.orders.reconcile(start + s * 1000);
      expect(askedForOrder()).toBe(1);
      await t.app.deps.orders.reconcile(start + WATCH_EVERY_MS);
      expect(askedForOrder()).toBe(2);
    } finally {
      asked.mockRestore();
    }
  });

  it('a refund the gateway refused stays due and is made once by the reconciler', async () => {
    const { c, result, gatewayOrderId, card } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    await follow(await pg.get(`/sandbox/pg/payments/${upi}`));
    const refund = t.gateway.refund.bind(t.gateway);
    t.gateway.refund = () => Promise.reject(new Error('gateway down'));
    try {
      await follow(await pg.submitOtp(card, '123456'));
      await t.gateway.drainOutbox(new Date());
    } finally {
      t.gateway.refund = refund;
    }
    expect(await extrasOf(result.orderId)).toMatchObject([{ gateway_payment_id: card, state: 'due' }]);
    expect(await refundsOfOrder(gatewayOrderId)).toEqual([]);
    expect((await c.summary(result.orderId)).extraPayments).toEqual([
      { amountPaise: result.amountPaise, refund: 'PENDING' },
    ]);

    await Promise.all([
      t.app.deps.orders.reconcile(Date.now() + 121_000),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
    ]);
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);
  });
  it('a refund made whose answer was lost (as if the process died before marking it) is marked, never made again', async () => {
    const { result, gatewayOrderId, card } = await cardPageOpen();
    const upi = await payByUpi(gatewayOrderId);
    await follow(await pg.get(`/sandbox/pg/payments/${upi}`));
    const refund = t.gateway.refund.bind(t.gateway);
    t.gateway.refund = async (...args) => {
      await refund(...args);
      throw new Error('connection reset');
    };
    try {
      await follow(await pg.submitOtp(card, '123456'));
    } finally {
      t.gateway.refund = refund;
    }
    expect(await extrasOf(result.orderId)).toMatchObject([{ gateway_payment_id: card, state: 'due' }]);
    expect(await refundsOfOrder(gatewayOrderId)).toHaveLength(1);

    await Promise.all([
      t.gateway.drainOutbox(new Date()),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
    ]);
    await expectOneKeptOneRefunded(result.orderId, gatewayOrderId, result.amountPaise, [upi, card]);
  });
});

describe('a capture of another amount', () => {
  it('is not placed on: the order fails and what was captured is refunded in full, once', async () => {
    const { c, result, gatewayOrderId, card } = await cardPageOpen();
    const tampered = result.amountPaise - 100;
    await t.database.db.execute(sql`update pg_payments set amount_paise = ${tampered} where id = ${card}`);
    await follow(await pg.submitOtp(card, '123456'));
    await Promise.all([
      t.gateway.drainOutbox(new Date()),
      c.status(result.transactionId),
      c.status(result.transactionId),
    ]);
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    await t.app.deps.orders.reconcile(Date.now() + 121_000);

    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
    const [payment] = await rows<{ failure_code: string }>(
      t,
      sql`select failure_code from payments where order_id = ${result.orderId}`,
    );
    expect(payment!.failure_code).toBe('AMOUNT_MISMATCH');
    expect(await refundsOfOrder(gatewayOrderId)).toEqual([
      { payment_id: card, receipt: `refund-${result.orderId}` },
    ]);
    expect(await refundsOf(card)).toMatchObject([{ amount_paise: tampered }]);
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
  });
});
