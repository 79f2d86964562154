import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WALLETS } from '../src/modules/sandbox/pg-forms.ts';
import { SANDBOX_WALLETS } from '../src/providers/payments/sandbox-gateway.ts';
import { createGatewayApp, gatewayClient, type GatewayTestApp } from './pg-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp();
});
afterAll(() => t.close());
const c = gatewayClient(() => t);
beforeEach(async () => {
  await c.resetModes();
});

const unescape = (html: string) => html.replace(/&#38;|&amp;/g, '&');

/** The path a page's link with this id leads to. */
function hrefOf(html: string, id: string): string {
  const match = new RegExp(`id="${id}" href="([^"]+)"|href="([^"]+)"[^>]*id="${id}"`).exec(html);
  expect(match, `no link #${id}`).not.toBeNull();
  return unescape(match![1] ?? match![2]!);
}

describe('net banking', () => {
  it('lists banks, then plays the bank: Success captures', async () => {
    const order = await c.createOrder();
    const page = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'netbanking'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="bank-HDFC" name="bank" value="HDFC"');
    expect(page.body).toContain('State Bank of India');
    expect(page.body).toContain('Sandbox gateway — no real money');

    const none = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/netbanking`, {});
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('id="bank-error" role="alert">Please select a bank</p>');

    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/netbanking`, { bank: 'HDFC' }),
    );
    const bank = await c.get(`/sandbox/pg/payments/${paymentId}`);
    expect(bank.body).toContain('HDFC Bank (sandbox)');
    expect(bank.body).toContain('id="success" name="outcome" value="success"');
    expect(bank.body).toContain('id="failure" name="outcome" value="failure"');

    const back = c.callbackOf(await c.post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'success' }));
    expect(back.status).toBe('captured');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      method: 'netbanking',
      bank: 'HDFC',
      status: 'captured',
    });
  });

  it('Failure fails the payment', async () => {
    const order = await c.createOrder();
    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/netbanking`, { bank: 'SBIN' }),
    );
    const back = c.callbackOf(await c.post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'failure' }));
    expect(back.status).toBe('failed');
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'failed',
      errorCode: 'BANK_FAILURE',
    });
  });
});

describe('wallets', () => {
  it('pays or fails with the chosen wallet', async () => {
    const order = await c.createOrder();
    const page = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'wallet'));
    expect(page.body).toContain('id="wallet-paytm" name="wallet" value="paytm"');
    expect(page.body).toContain('id="pay" name="outcome" value="pay"');
    expect(page.body).toContain('id="fail" name="outcome" value="fail"');

    const none = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, { outcome: 'pay' });
    expect(none.body).toContain('id="wallet-error" role="alert">Please select a wallet</p>');

    const failed = c.callbackOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, { wallet: 'phonepe', outcome: 'fail' }),
    );
    expect(failed.status).toBe('failed');
    const paid = c.callbackOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, { wallet: 'paytm', outcome: 'pay' }),
    );
    expect(paid.status).toBe('captured');
    expect(await t.gateway.fetchPayment(paid.paymentId)).toMatchObject({ method: 'wallet', wallet: 'paytm' });
    expect((await t.gateway.paymentsOf(order.gatewayOrderId)).map((p) => p.status)).toEqual([
      'failed',
      'captured',
    ]);
  });
});

describe('a wallet chosen at the merchant', () => {
  it.each(Object.entries(SANDBOX_WALLETS))('%s is one of the sandbox wallets (%s)', (_, wallet) => {
    expect(Object.keys(WALLETS)).toContain(wallet);
  });

  it('the page offers that wallet alone, and paying it takes that wallet', async () => {
    const order = await c.createOrder({ amountPaise: 49_900 });
    const page = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'wallet', 'amazonpay'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Amazon Pay · Sandbox gateway</title>');
    expect(page.body).toContain('data-wallet="amazonpay">Pay ₹499 with Amazon Pay</h1>');
    expect(page.body).toContain('<input type="hidden" name="wallet" value="amazonpay">');
    expect(page.body).toContain('id="pay" name="outcome" value="pay" class="primary">Pay</button>');
    expect(page.body).toContain('id="fail" name="outcome" value="fail"');
    expect(page.body).not.toContain('type="radio"');

    const paid = c.callbackOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/wallet`, { wallet: 'amazonpay', outcome: 'pay' }),
    );
    expect(await t.gateway.fetchPayment(paid.paymentId)).toMatchObject({
      method: 'wallet',
      wallet: 'amazonpay',
      status: 'captured',
    });
  });

  it.each([
    ['no wallet', undefined],
    ['a wallet the sandbox does not play', 'olamoney'],
  ])('with %s the page lets the customer choose', async (_, wallet) => {
    const order = await c.createOrder();
    const page = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'wallet', wallet));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<legend>Choose your wallet</legend>');
    for (const code of Object.keys(WALLETS))
      expect(page.body).toContain(`id="wallet-${code}" name="wallet" value="${code}"`);
  });
});

describe('UPI intent', () => {
  it('shows the deep link, and the UPI app it opens approves; the page then sends the browser back', async () => {
    const order = await c.createOrder({ amountPaise: 49_900 });
    const intent = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'upi_intent'));
    expect(intent.statusCode).toBe(200);
    const deepLink = `upi://pay?pa=crust@sandbox&pn=Crust&am=499.00&tr=${order.gatewayOrderId}&cu=INR`;
    expect(hrefOf(intent.body, 'upi-intent-link')).toBe(deepLink);
    expect(intent.body).toMatch(/<meta http-equiv="refresh" content="2; url=[^"]+since=\d+">/);
    const waitUrl = unescape(/content="2; url=([^"]+)"/.exec(intent.body)![1]!);

    // the browser waits: no payment yet
    const waiting = await c.get(waitUrl);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('id="upi-waiting"');

    // the phone's UPI app opens the link
    const appUrl = hrefOf(intent.body, 'upi-app-link');
    expect(appUrl).toBe(
      `/sandbox/pg/upi/pay?pa=crust@sandbox&pn=Crust&am=499.00&tr=${order.gatewayOrderId}&cu=INR`,
    );
    const app = await c.get(appUrl);
    expect(app.statusCode).toBe(200);
    expect(app.body).toContain('id="approve" name="decision" value="approve"');
    expect(app.body).toContain('id="decline" name="decision" value="decline"');
    const link = Object.fromEntries(new URL(appUrl, 'http://x').searchParams);
    const done = await c.post('/sandbox/pg/upi/pay', { ...link, decision: 'approve' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('id="upi-app-result" data-status="captured">Payment approved.');

    // the next reload of the waiting page (or the app's way back) goes to the merchant
    const back = c.callbackOf(await c.get(waitUrl));
    expect(back.status).toBe('captured');
    c.callbackOf(await c.get(hrefOf(done.body, 'back-to-merchant')));
    expect(await t.gateway.fetchPayment(back.paymentId)).toMatchObject({
      method: 'upi_intent',
      status: 'captured',
    });
  });

  it('declines', async () => {
    const order = await c.createOrder({ amountPaise: 25_000 });
    const link = { pa: 'crust@sandbox', pn: 'Crust', am: '250.00', tr: order.gatewayOrderId, cu: 'INR' };
    const done = await c.post('/sandbox/pg/upi/pay', { ...link, decision: 'decline' });
    expect(done.body).toContain('Payment declined.');
    const back = c.callbackOf(await c.get(hrefOf(done.body, 'back-to-merchant')));
    expect(back.status).toBe('failed');
    expect(await t.gateway.fetchPayment(back.paymentId)).toMatchObject({
      status: 'failed',
      errorCode: 'UPI_DECLINED',
    });
  });

  it.each([
    ['another amount', { am: '1.00' }],
    ['another payee', { pa: 'thief@okaxis' }],
    ['another currency', { cu: 'USD' }],
  ])('refuses an intent with %s', async (_, change) => {
    const order = await c.createOrder({ amountPaise: 25_000 });
    const link = {
      pa: 'crust@sandbox',
      pn: 'Crust',
      am: '250.00',
      tr: order.gatewayOrderId,
      cu: 'INR',
      ...change,
    };
    const res = await c.get(`/sandbox/pg/upi/pay?${new URLSearchParams(link).toString()}`);
    expect(res.statusCode).toBe(400);
    const posted = await c.post('/sandbox/pg/upi/pay', { ...link, decision: 'approve' });
    expect(posted.statusCode).toBe(400);
    expect(await t.gateway.paymentsOf(order.gatewayOrderId)).toEqual([]);
  });
});

describe('UPI collect', () => {
  it.each(['asha', 'asha@', '@okaxis', 'asha verma@okaxis', 'asha@ok axis', 'asha@123'])(
    'refuses the UPI ID %j',
    async (vpa) => {
      const order = await c.createOrder();
      const res = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/upi_collect`, { vpa });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(
        'id="vpa-error" role="alert">Please enter a valid UPI ID (like name@bank)</p>',
      );
      expect(await t.gateway.paymentsOf(order.gatewayOrderId)).toEqual([]);
    },
  );

  it('sends a collect request, waits, and the UPI app approves it', async () => {
    const order = await c.createOrder();
    const form = await c.get(t.gateway.checkoutUrl(order.gatewayOrderId, 'upi_collect'));
    expect(form.body).toContain('id="vpa" name="vpa"');
    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/upi_collect`, { vpa: ' Asha.Verma@OKAXIS ' }),
    );
    const waiting = await c.get(`/sandbox/pg/payments/${paymentId}`);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(waiting.body).toContain('<strong id="vpa-shown">asha.verma@okaxis</strong>');
    expect(hrefOf(waiting.body, 'upi-app-link')).toBe(`/sandbox/pg/upi/collect/${paymentId}`);

    // the UPI app's inbox lists it
    const inbox = await c.get('/sandbox/pg/upi/collect?vpa=asha.verma@okaxis');
    expect(inbox.body).toContain(`data-payment-id="${paymentId}"`);

    const request = await c.get(`/sandbox/pg/upi/collect/${paymentId}`);
    expect(request.body).toContain('Collect request from <strong>Crust</strong>');
    const done = await c.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect(done.body).toContain('Payment approved.');
    expect(done.body).not.toContain('back-to-merchant');

    const back = c.callbackOf(await c.get(`/sandbox/pg/payments/${paymentId}`));
    expect(back).toMatchObject({ paymentId, status: 'captured' });
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      method: 'upi_collect',
      vpa: 'asha.verma@okaxis',
    });
    expect((await c.get('/sandbox/pg/upi/collect?vpa=asha.verma@okaxis')).body).not.toContain(paymentId);
    // answered requests stay answered
    const twice = await c.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'decline' });
    expect(twice.body).toContain('Payment approved.');
  });

  it('declines', async () => {
    const order = await c.createOrder();
    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/upi_collect`, { vpa: 'ravi@ybl' }),
    );
    await c.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'decline' });
    const back = c.callbackOf(await c.get(`/sandbox/pg/payments/${paymentId}`));
    expect(back.status).toBe('failed');
  });
});
