import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../src/providers/payments/provider.ts';
import { json } from './helpers.ts';
import { CALLBACK, createGatewayApp, gatewayClient, newReceipt, type GatewayTestApp } from './pg-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp();
});
afterAll(() => t.close());
const { api, basic, createOrder, resetModes, cardToOtp, submitOtp } = gatewayClient(() => t);
beforeEach(async () => {
  await resetModes();
});

describe('sandbox gateway orders', () => {
  it('creates an order in paise with its receipt', async () => {
    const receipt = newReceipt();
    const order = await createOrder({ amountPaise: 123_450, receipt });
    expect(order).toEqual({
      gatewayOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 123_450,
      currency: 'INR',
      receipt,
      status: 'created',
    });
  });

  it('answers the same order for the same receipt, never a second one', async () => {
    const receipt = newReceipt();
    const first = await createOrder({ receipt });
    const again = await createOrder({ receipt });
    expect(again.gatewayOrderId).toBe(first.gatewayOrderId);
  });

  it('makes one order of 50 concurrent creates with one receipt', async () => {
    const receipt = newReceipt();
    const orders = await Promise.all(Array.from({ length: 50 }, () => createOrder({ receipt })));
    expect(new Set(orders.map((o) => o.gatewayOrderId)).size).toBe(1);
    // and over HTTP, racing each other too
    const receipt2 = newReceipt();
    const body = {
      amountPaise: 49_900,
      currency: 'INR',
      receipt: receipt2,
      notes: { callbackUrl: CALLBACK },
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', '/sandbox/pg/v1/orders', body)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => json(r).gatewayOrderId)).size).toBe(1);
  });

  it('refuses a receipt that already names another amount', async () => {
    const receipt = newReceipt();
    await createOrder({ receipt, amountPaise: 49_900 });
    await expect(createOrder({ receipt, amountPaise: 59_900 })).rejects.toMatchObject({
      code: 'RECEIPT_IN_USE',
    });
    const res = await api('POST', '/sandbox/pg/v1/orders', {
      amountPaise: 59_900,
      currency: 'INR',
      receipt,
      notes: { callbackUrl: CALLBACK },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.code).toBe('RECEIPT_IN_USE');
  });

  it.each([
    ['another host', { callbackUrl: 'https://evil.example/paymentTransaction' }],
    ['a protocol-relative URL', { callbackUrl: '//evil.example/paymentTransaction' }],
    ['a backslash', { callbackUrl: '/\\evil.example' }],
    ['a relative path', { callbackUrl: 'paymentTransaction' }],
    ['less than a rupee', { amountPaise: 99 }],
  ])('refuses an order with %s', async (_, change) => {
    const err = await createOrder({ receipt: newReceipt(), ...change }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('BAD_REQUEST');
  });

  it('gives the hosted page of each method and the UPI intent link', async () => {
    const order = await createOrder({ amountPaise: 49_950 });
    const id = order.gatewayOrderId;
    expect(t.gateway.checkoutUrl(id, 'card')).toBe(`/sandbox/pg/pay/${id}?method=card`);
    expect(t.gateway.checkoutUrl(id, 'upi_collect')).toBe(`/sandbox/pg/pay/${id}?method=upi_collect`);
    expect(t.gateway.upiIntentLink(order)).toBe(
      `upi://pay?pa=crust@sandbox&pn=Crust&am=499.50&tr=${id}&cu=INR`,
    );
  });
});

describe('the gateway HTTP API', () => {
  it('refuses calls without the key id and secret', async () => {
    const order = await createOrder();
    for (const authorization of [
      null,
      `Basic ${Buffer.from(`${t.config.pgKeyId}:wrong`).toString('base64')}`,
      `Basic ${Buffer.from(`someone:${t.config.pgKeySecret}`).toString('base64')}`,
      'Bearer abc',
    ]) {
      const res = await api(
        'GET',
        `/sandbox/pg/v1/orders/${order.gatewayOrderId}/payments`,
        undefined,
        authorization,
      );
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="sandbox-pg"');
      expect(json(res).error.code).toBe('UNAUTHORIZED');
    }
    const create = await api('POST', '/sandbox/pg/v1/orders', { amountPaise: 100 }, null);
    expect(create.statusCode).toBe(401);
  });

  it('creates orders and answers them', async () => {
    const receipt = newReceipt();
    const res = await api('POST', '/sandbox/pg/v1/orders', {
      amountPaise: 49_900,
      currency: 'INR',
      receipt,
      notes: { callbackUrl: CALLBACK, cartId: 'abc' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = json(res);
    expect(order).toMatchObject({ amountPaise: 49_900, currency: 'INR', receipt, status: 'created' });
    const read = await api('GET', `/sandbox/pg/v1/orders/${order.gatewayOrderId}`);
    expect(json(read)).toEqual(order);
    const bad = await api('POST', '/sandbox/pg/v1/orders', { amountPaise: 49_900, currency: 'USD', receipt });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.code).toBe('BAD_REQUEST');
    expect((await api('GET', '/sandbox/pg/v1/orders/order_AAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it("answers an order's payments and a payment, as the in-process provider does", async () => {
    const order = await createOrder();
    const empty = await api('GET', `/sandbox/pg/v1/orders/${order.gatewayOrderId}/payments`);
    expect(json(empty)).toEqual({ count: 0, items: [] });

    const paymentId = await cardToOtp(order.gatewayOrderId);
    const pending = json(await api('GET', `/sandbox/pg/v1/payments/${paymentId}`));
    expect(pending).toMatchObject({ paymentId, status: 'created', method: 'card' });
    await submitOtp(paymentId, '123456');

    const res = await api('GET', `/sandbox/pg/v1/orders/${order.gatewayOrderId}/payments`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.count).toBe(1);
    expect(body.items[0]).toEqual({
      paymentId,
      gatewayOrderId: order.gatewayOrderId,
      status: 'captured',
      method: 'card',
      amountPaise: 49_900,
      currency: 'INR',
      amountRefundedPaise: 0,
      cardBrand: 'VISA',
      cardLast4: '1111',
      cardBin: '411111',
      createdAt: expect.any(String),
    });
    expect(await t.gateway.paymentsOf(order.gatewayOrderId)).toEqual(body.items);
    expect(await t.gateway.fetchPayment(paymentId)).toEqual(body.items[0]);
    expect(await t.gateway.fetchPayment('pay_AAAAAAAAAAAAAA')).toBeNull();
    expect(await t.gateway.fetchPayment("'; drop table pg_orders; --")).toBeNull();
    expect(json(await api('GET', `/sandbox/pg/v1/orders/${order.gatewayOrderId}`)).status).toBe('paid');
  });

  it('keys its secrets off SESSION_SECRET unless they are set', () => {
    expect(t.config.pgKeyId).toBe('rzp_sandbox_crust');
    expect(t.config.pgKeySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(t.config.pgWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(t.config.pgWebhookSecret).not.toBe(t.config.pgKeySecret);
    expect(basic()).toMatch(/^Basic /);
  });

  it('takes amounts only as whole paise', async () => {
    const res = await api('POST', '/sandbox/pg/v1/orders', {
      amountPaise: 499.5,
      currency: 'INR',
      receipt: newReceipt(),
      notes: { callbackUrl: CALLBACK },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('BAD_REQUEST');
  });
});
