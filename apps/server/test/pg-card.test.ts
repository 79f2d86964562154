import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@crust/domain/messages';
import { paise } from '@crust/domain/money';
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
});

const NUMBER = '4111111111111111';
const CVV = '739';

describe('the hosted card page', () => {
  it('renders the card form for the order, phone-sized, without scripts', async () => {
    const order = await c.createOrder({ amountPaise: 1_23_450 });
    const res = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'card'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain('Sandbox gateway — no real money');
    expect(res.body).toContain('<span id="merchant">Crust</span>');
    expect(res.body).toContain('<span id="amount">₹1,234.50</span>');
    for (const field of [
      'id="card-number" name="number"',
      'id="card-month" name="month"',
      'id="card-year" name="year"',
      'id="card-cvv" name="cvv"',
      'id="card-name" name="name"',
    ])
      expect(res.body).toContain(field);
    expect(res.body).toContain(`action="/sandbox/pg/pay/${order.gatewayOrderId}/card"`);
    expect(res.body).toContain('<button type="submit" id="pay" class="primary">Pay ₹1,234.50</button>');
  });

  it('answers an unknown order or method with a page, not a payment', async () => {
    expect((await c.get('/sandbox/pg/pay/order_AAAAAAAAAAAAAA?method=card')).statusCode).toBe(404);
    expect((await c.get('/sandbox/pg/pay/nonsense?method=card')).statusCode).toBe(404);
    const order = await c.createOrder();
    const bad = await c.get(`/sandbox/pg/pay/${order.gatewayOrderId}?method=cash`);
    expect(bad.statusCode).toBe(400);
    const chooser = await c.get(`/sandbox/pg/pay/${order.gatewayOrderId}`);
    expect(chooser.body).toContain('id="method-card"');
    expect(chooser.body).toContain('id="method-upi_collect"');
  });

  it('shows the SPEC messages for a bad card and makes no payment', async () => {
    const order = await c.createOrder();
    const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/card`, {
      number: '4111 1111',
      month: '',
      year: '',
      cvv: '98',
      name: '3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      `<p class="error" id="number-error" role="alert">${MESSAGES.invalidCardNumber}</p>`,
    );
    expect(res.body).toContain(`id="month-error" role="alert">${MESSAGES.selectMonth}</p>`);
    expect(res.body).toContain(`id="year-error" role="alert">${MESSAGES.selectYear}</p>`);
    expect(res.body).toContain(`id="cvv-error" role="alert">${MESSAGES.invalidCvv}</p>`);
    expect(res.body).toContain(`id="name-error" role="alert">${MESSAGES.invalidCardName}</p>`);
    // what was typed comes back, the CVV never does
    expect(res.body).toContain('value="41111111"');
    expect(res.body).not.toContain('98"');
    expect(await t.gateway.paymentsOf(order.gatewayOrderId)).toEqual([]);
  });

  it('says "Incorrect card number." when the Luhn check fails', async () => {
    const order = await c.createOrder();
    const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/card`, {
      ...c.validCard,
      number: '4111 1111 1111 1112',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`id="number-error" role="alert">Incorrect card number.</p>`);
    expect(await t.gateway.paymentsOf(order.gatewayOrderId)).toEqual([]);
  });

  it('refuses a card that expired last month', async () => {
    const order = await c.createOrder();
    const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/card`, {
      ...c.validCard,
      year: String(new Date().getFullYear() - 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`id="year-error" role="alert">${MESSAGES.selectYear}</p>`);
  });
});

describe('3-D Secure and the outcome', () => {
  it('asks for the OTP, which the sandbox shows, after a good card', async () => {
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId, { number: NUMBER, cvv: CVV });
    const page = await c.get(`/sandbox/pg/payments/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Enter the OTP sent to your phone');
    expect(page.body).toContain('<span class="otp">123456</span>');
    expect(page.body).toContain('Visa •••• 1111');
    expect(page.body).toContain('id="otp" name="otp"');
    expect(page.body).toContain('id="submit-otp" name="action" value="submit"');
    expect(page.body).toContain('id="cancel" name="action" value="cancel"');
    expect(page.body).not.toContain('<script');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({ status: 'created', cardLast4: '1111' });
  });

  it('says so when the OTP is wrong, and fails the payment at the third wrong one', async () => {
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const first = await c.submitOtp(paymentId, '000000');
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain('id="otp-error" role="alert">Incorrect OTP. 2 attempts left.</p>');
    expect((await c.submitOtp(paymentId, '111111')).body).toContain('Incorrect OTP. 1 attempt left.');
    const third = c.callbackOf(await c.submitOtp(paymentId, '222222'));
    expect(third.status).toBe('failed');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'failed',
      errorCode: 'OTP_ATTEMPTS_EXCEEDED',
    });
    // too late for the right one
    const late = c.callbackOf(await c.submitOtp(paymentId, '123456'));
    expect(late.status).toBe('failed');
  });

  it('captures with the right OTP and sends the browser back with a signed outcome', async () => {
    const order = await c.createOrder({ amountPaise: 59_900 });
    const paymentId = await c.cardToOtp(order.gatewayOrderId, {
      number: '5555 5555 5555 4444',
      cvv: CVV,
    });
    const back = c.callbackOf(await c.submitOtp(paymentId, '123456'));
    expect(back).toMatchObject({ gatewayOrderId: order.gatewayOrderId, paymentId, status: 'captured' });
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      method: 'card',
      amountPaise: 59_900,
      cardBrand: 'MASTERCARD',
      cardLast4: '4444',
    });
    // the payment page now only ever sends the browser back
    c.callbackOf(await c.get(`/sandbox/pg/payments/${paymentId}`));
    // a paid order takes no second payment
    const again = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'card'));
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order is already paid.');
    const second = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/card`, c.validCard);
    expect(second.statusCode).toBe(409);
  });

  it('keeps the callback URL’s own query', async () => {
    const order = await c.createOrder({ callbackUrl: '/paymentTransaction?source=pg' });
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const res = await c.submitOtp(paymentId, '123456');
    const location = String(res.headers.location);
    expect(location.startsWith('/paymentTransaction?source=pg&gatewayOrderId=')).toBe(true);
  });

  it('stores no card number or CVV anywhere, only brand and last 4', async () => {
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId, { number: '4000 0012 3456 7899', cvv: '987' });
    c.callbackOf(await c.submitOtp(paymentId, '123456'));
    await t.gateway.refund(paymentId, paise(100), `R-${paymentId}`);
    const text = await c.gatewayTablesText();
    expect(text).toContain(paymentId);
    expect(text).toContain('7899');
    for (const secret of ['4000001234567899', '4000 0012 3456 7899', '400000123456']) {
      expect(text).not.toContain(secret);
    }
    // three digits turn up inside timestamps and ids: the CVV must not be a value of its own
    expect(text).not.toMatch(/(?<![\w.:+-])987(?![\w.:+-])/);
    const webhooks = t.deliveries.map((d) => d.body).join('\n');
    expect(webhooks).not.toContain('4000001234567899');
  });

  it('fails the payment when the customer cancels at the OTP', async () => {
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const res = await c.post(`/sandbox/pg/payments/${paymentId}/otp`, { otp: '', action: 'cancel' });
    expect(c.callbackOf(res).status).toBe('failed');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'failed',
      errorCode: 'PAYMENT_CANCELLED',
    });
    // the order may be tried again
    expect((await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'card'))).statusCode).toBe(200);
  });

  it('declines in decline mode, right OTP or not', async () => {
    await c.setModes({ decline: true });
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const back = c.callbackOf(await c.submitOtp(paymentId, '123456'));
    expect(back.status).toBe('failed');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'failed',
      errorCode: 'PAYMENT_DECLINED',
    });
    const events = eventsOf(t.deliveries);
    expect(events).toEqual([]); // nothing delivered until the outbox is drained
    await t.gateway.drainOutbox(new Date());
    expect(
      eventsOf(t.deliveries)
        .filter((e) => e.payload.payment.paymentId === paymentId)
        .map((e) => e.event),
    ).toEqual(['payment.failed']);
  });

  it('settles one payment once when the OTP is submitted twice at once', async () => {
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.submitOtp(paymentId, '123456')));
    for (const res of answers) {
      // a submit that found the payment still being settled by another is sent to its page, which then knows
      const settled = String(res.headers.location).startsWith('/sandbox/pg/payments/')
        ? await c.get(String(res.headers.location))
        : res;
      expect(c.callbackOf(settled).status).toBe('captured');
    }
    const rows = json(await c.get(`/sandbox/pg/webhooks?gatewayOrderId=${order.gatewayOrderId}`)).items;
    expect(rows.map((r: { event: string }) => r.event)).toEqual(['payment.authorized', 'payment.captured']);
  });
});
