import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { json } from './helpers.ts';
import { createGatewayApp, eventsOf, gatewayClient, type GatewayTestApp } from './pg-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp();
});
afterAll(() => t.close());
const c = gatewayClient(() => t);
beforeEach(async () => {
  await c.resetModes();
  await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
  t.deliveries.length = 0;
});

const DEFAULTS = {
  latencyMs: 0,
  decline: false,
  timeout: false,
  lostCallback: false,
  duplicateWebhooks: 1,
  shuffleWebhooks: false,
};

describe('the modes switch', () => {
  it('reads, changes some, keeps the others, and resets', async () => {
    expect(json(await c.get('/sandbox/pg/modes'))).toEqual(DEFAULTS);
    expect(await c.setModes({ decline: true, duplicateWebhooks: 2 })).toEqual({
      ...DEFAULTS,
      decline: true,
      duplicateWebhooks: 2,
    });
    expect(await c.setModes({ lostCallback: true })).toMatchObject({ decline: true, lostCallback: true });
    const reset = await c.resetModes();
    expect(json(reset)).toEqual(DEFAULTS);
    expect(json(await c.get('/sandbox/pg/modes'))).toEqual(DEFAULTS);
  });

  it.each([
    [{ latencyMs: -1 }],
    [{ latencyMs: 60_001 }],
    [{ duplicateWebhooks: 0 }],
    [{ decline: 'yes' }],
    [{ unknown: true }],
  ])('refuses %j', async (modes) => {
    const res = await c.postJson('/sandbox/pg/modes', modes);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('BAD_REQUEST');
  });

  it('are in the database, so every server process sees them and the same orders', async () => {
    // a second process over the same database
    const other = await buildApp(t.config, {
      database: t.database,
      deliverWebhook: async () => ({ status: 200 }),
    });
    await other.ready();
    try {
      await c.setModes({ decline: true });
      expect(await other.deps.sandboxGateway!.modes()).toMatchObject({ decline: true });
      const order = await c.createOrder();
      const res = await other.inject({
        method: 'GET',
        url: `/sandbox/pg/pay/${order.gatewayOrderId}?method=card`,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('wait latencyMs before answering', async () => {
    await c.setModes({ latencyMs: 120 });
    const started = performance.now();
    await c.createOrder();
    // a floor, not a speed: the answer cannot come before the latency asked for
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe('lost-callback mode', () => {
  it('records the outcome and sends webhooks, but does not send the browser back', async () => {
    await c.setModes({ lostCallback: true });
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const res = await c.submitOtp(paymentId, '123456');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Payment received. You can close this page.');
    expect(res.body).not.toContain('paymentTransaction');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({ status: 'captured' });
    await t.gateway.drainOutbox(new Date());
    expect(eventsOf(t.deliveries).map((e) => e.event)).toEqual(['payment.authorized', 'payment.captured']);
    // coming back to the payment's page does not bring the callback back
    await c.resetModes();
    const again = await c.get(`/sandbox/pg/payments/${paymentId}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('id="payment-closed" data-status="captured"');
  });

  it('says a failure failed', async () => {
    await c.setModes({ lostCallback: true, decline: true });
    const order = await c.createOrder();
    const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, {
      wallet: 'paytm',
      outcome: 'pay',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment failed. You can close this page.');
  });
});

describe('timeout mode', () => {
  it('leaves the payment pending with no callback and no webhook until it is resolved', async () => {
    await c.setModes({ timeout: true });
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const res = await c.submitOtp(paymentId, '123456');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('id="payment-processing"');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({ status: 'created' });
    await t.gateway.drainOutbox(new Date());
    expect(t.deliveries).toEqual([]);
    expect((await c.get(`/sandbox/pg/payments/${paymentId}`)).body).toContain('id="payment-processing"');

    // Crust gave up on it meanwhile; then the bank's late success arrives
    const resolved = await c.postJson(`/sandbox/pg/payments/${paymentId}/resolve`, { status: 'captured' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json(resolved)).toMatchObject({ paymentId, status: 'captured' });
    await t.gateway.drainOutbox(new Date());
    expect(eventsOf(t.deliveries).map((e) => e.event)).toEqual(['payment.authorized', 'payment.captured']);
    // the browser that was told to wait is still not sent back
    expect((await c.get(`/sandbox/pg/payments/${paymentId}`)).headers.location).toBeUndefined();
    // and the late money can be refunded
    expect(
      await t.gateway.refund(
        paymentId,
        (await t.gateway.fetchPayment(paymentId))!.amountPaise,
        `RF-${paymentId}`,
      ),
    ).toMatchObject({
      status: 'processed',
    });

    const twice = await c.postJson(`/sandbox/pg/payments/${paymentId}/resolve`, { status: 'failed' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).error.code).toBe('PAYMENT_NOT_PENDING');
  });

  it('resolves to a failure too, and knows no unknown payments', async () => {
    await c.setModes({ timeout: true });
    const order = await c.createOrder();
    const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, {
      wallet: 'paytm',
      outcome: 'pay',
    });
    expect(res.body).toContain('id="payment-processing"');
    const [payment] = await t.gateway.paymentsOf(order.gatewayOrderId);
    const resolved = await c.postJson(`/sandbox/pg/payments/${payment!.paymentId}/resolve`, {
      status: 'failed',
    });
    expect(json(resolved)).toMatchObject({ status: 'failed', errorCode: 'BANK_TIMEOUT' });
    await t.gateway.drainOutbox(new Date());
    expect(eventsOf(t.deliveries).map((e) => e.event)).toEqual(['payment.failed']);

    expect(
      (await c.postJson('/sandbox/pg/payments/pay_AAAAAAAAAAAAAA/resolve', { status: 'captured' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.postJson(`/sandbox/pg/payments/${payment!.paymentId}/resolve`, { status: 'paid' })).statusCode,
    ).toBe(400);
  });

  it('resolves a UPI collect nobody answered, and the waiting page then sends the browser back', async () => {
    const order = await c.createOrder();
    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/upi_collect`, { vpa: 'asha@okicici' }),
    );
    await c.postJson(`/sandbox/pg/payments/${paymentId}/resolve`, { status: 'captured' });
    c.callbackOf(await c.get(`/sandbox/pg/payments/${paymentId}`));
  });

  it('lets a cancel through: the customer is still on the gateway page', async () => {
    await c.setModes({ timeout: true });
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const res = await c.post(`/sandbox/pg/payments/${paymentId}/otp`, { action: 'cancel' });
    expect(c.callbackOf(res).status).toBe('failed');
  });
});
