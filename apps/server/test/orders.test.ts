import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@crust/domain/messages';
import { gatewayClient, type GatewayTestApp } from './pg-support.ts';
import { createOrderApp, lastSms, newGuest, ok, orderClient } from './order-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const pg = gatewayClient(() => t);
const failedCode = (o: { status: string; errors?: { code: string }[] }) =>
  o.status === 'FAILED' ? o.errors?.[0]?.code : 'SUCCESS';

describe('confirm order', () => {
  it('needs an Idempotency-Key', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: c.who.headers,
      payload: c.body(cart),
    });
    expect(res.statusCode).toBe(400);
  });

  it('cash for a new customer asks for the COD OTP sent by SMS; the right code places the order', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const mobile = '9876512345';
    const result = ok(
      await c.confirm(
        c.body(
          cart,
          {},
          { userDetails: { firstName: 'Ravi', lastName: 'K', email: 'r@example.com', mobile } },
        ),
      ),
    );
    expect(result.nextAction).toBe('COD_OTP');
    expect(result.codeSentTo).toBe('98XXXXXX45');
    expect(result.amountPaise).toBe(cart.price);
    const code = /(\d{6})/.exec(await lastSms(t, mobile))?.[1];
    expect(code).toBeDefined();
    expect(failedCode(await c.code(result.orderId, { code: code === '000000' ? '111111' : '000000' }))).toBe(
      'CODE_INCORRECT',
    );
    const done = ok(await c.code(result.orderId, { code: code! }));
    expect(done.nextAction).toBe('THANKYOU');
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const summary = await c.summary(result.orderId);
    expect(summary).toMatchObject({ status: 'PLACED', netPrice: cart.price, deliveryType: 'D' });
    expect(summary.items.length).toBe(2);
    // the cart is spent
    const again = await c.carts.call('GET', `/api/v1/carts/${cart.cartId}`);
    expect(again.statusCode).toBe(404);
  });

  it('four wrong COD codes fail the order', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(
      await c.confirm(
        c.body(cart, {}, { userDetails: { firstName: 'A', lastName: 'B', email: '', mobile: '9876512346' } }),
      ),
    );
    for (let i = 0; i < 3; i++)
      expect(failedCode(await c.code(result.orderId, { code: '1234567' }))).toBe('CODE_INCORRECT');
    const last = await c.code(result.orderId, { code: '1234567' });
    expect(last).toMatchObject({ status: 'FAILED', errors: [{ displayMsg: MESSAGES.paymentFailed }] });
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
  });

  it('a card payment: the gateway card form, the OTP page, the callback, then SUCCESS', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    const gatewayOrderId = /\/pay\/(order_\w+)\/card$/.exec(result.formPostUrl ?? '')?.[1];
    expect(gatewayOrderId).toBeDefined();
    expect((await c.status(result.transactionId)).status).toBe('IN_PROGRESS');
    const paymentId = await pg.cardToOtp(gatewayOrderId!);
    const back = await pg.submitOtp(paymentId, '123456');
    expect(back.statusCode).toBe(303);
    const callback = String(back.headers.location);
    expect(callback).toContain(`/api/v1/payments/callback?transactionId=${result.transactionId}`);
    const res = await t.app.inject({ method: 'GET', url: callback });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/paymentTransaction?transactionId=${result.transactionId}`);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const summary = await c.summary(result.orderId);
    expect(summary.paymentSummary.at(-1)).toEqual({
      label: 'Paid by credit card (VISA •••• 1111)',
      value: cart.price,
    });
  });

  it("refuses other people's orders and transactions as not found", async () => {
    const owner = orderClient(t, await newGuest(t));
    const cart = await owner.cart();
    const result = ok(await owner.confirm(owner.body(cart, { primaryPaymentId: 'CC' })));
    const other = orderClient(t, await newGuest(t));
    for (const url of [
      `/api/v1/orders/${result.orderId}`,
      `/api/v1/payments/${result.transactionId}/status`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.who.headers });
      expect(res.statusCode).toBe(404);
    }
    const code = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${result.orderId}/code`,
      headers: { ...other.who.headers, 'idempotency-key': 'k1' },
      payload: { code: '123456' },
    });
    expect(code.statusCode).toBe(404);
  });

  it('answers REVIEW_CART when the total shown is not the server price', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const o = await c.confirm(c.body(cart, {}, { expectedTotalPaise: cart.price - 100 }));
    expect(o).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'REVIEW_CART', displayMsg: MESSAGES.reviewCart }],
    });
  });
});
