import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { count, customers, newGuest, ok, orderClient, orderRow, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createRazorpayApp } from './razorpay-support.ts';

/**
 * Issue 14: the real Razorpay adapter, over HTTP, against the sandbox speaking Razorpay's protocol
 * (/sandbox/pg/razorpay/v1). The app is both sides: the merchant whose adapter calls Razorpay's API on a socket,
 * and the sandbox answering it. The customer's browser is played by inject, following what each page says.
 */
let t: GatewayTestApp;
let port: number;
beforeAll(async () => {
  ({ t, port } = await createRazorpayApp());
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.inject({ method: 'POST', url: '/sandbox/pg/modes/reset' });
});

const newCustomer = customers(() => t);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname + new URL(url).search : url);
const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
  });
const setModes = async (modes: object) =>
  expect((await t.app.inject({ method: 'POST', url: '/sandbox/pg/modes', payload: modes })).statusCode).toBe(
    200,
  );

const TEST_CARD = {
  number: '4111 1111 1111 1111',
  expiryMonth: '12',
  expiryYear: String(new Date().getFullYear() + 2),
  cvv: '123',
  name: 'Asha Verma',
};

/** The fields of the form a page posts back to the merchant (the post-back page of the sandbox). */
function postBackOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form id="post-back" method="post" action="([^"]*)"/.exec(html)?.[1];
  expect(action, html).toBeDefined();
  const unescape = (s: string) =>
    s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(m[1]!)] = unescape(m[2]!);
  return { action: unescape(action!), fields };
}

/** The browser returns to Crust with what the gateway posted, and is sent on to /paymentTransaction. */
async function returnToCrust(html: string) {
  const back = postBackOf(html);
  const res = await post(back.action, back.fields);
  expect(res.statusCode, res.body).toBe(303);
  expect(String(res.headers.location)).toMatch(/^\/paymentTransaction\?transactionId=/);
  return back;
}

/** Crust's own card form, as the web app posts it: the gateway's fields and the card under the gateway's names. */
async function postCard(result: ConfirmOrderResult) {
  expect(result.nextAction).toBe('PROCESS_PAYMENT');
  expect(result.formPostUrl).toBe(`http://127.0.0.1:${port}/sandbox/pg/razorpay/v1/payments/create/checkout`);
  const names = result.inputNames!;
  const res = await post(result.formPostUrl!, {
    ...result.formFields,
    [names.number!]: TEST_CARD.number,
    [names.expiryMonth!]: TEST_CARD.expiryMonth,
    [names.expiryYear!]: TEST_CARD.expiryYear,
    [names.cvv!]: TEST_CARD.cvv,
    [names.name!]: TEST_CARD.name,
  });
  expect(res.statusCode, res.body).toBe(303);
  const paymentPage = String(res.headers.location);
  const paymentId = /pay_\w+/.exec(paymentPage)![0];
  return { paymentId, otp: (otp: string) => post(`/sandbox/pg/payments/${paymentId}/otp`, { otp }) };
}

async function cardOrder(primaryPaymentId: 'CC' | 'DC' = 'CC') {
  const c = orderClient(t, await newGuest(t));
  const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId })));
  return { c, result };
}

describe('the Razorpay adapter against the sandbox over HTTP', () => {
  it('card with OTP: an order at Razorpay, the form posted there, the signed callback, SUCCESS', async () => {
    const { c, result } = await cardOrder();
    expect(result.formFields).toMatchObject({
      key_id: t.config.pgKeyId,
      method: 'card',
      currency: 'INR',
      amount: String(result.amountPaise),
      callback_url: `/api/v1/payments/callback?transactionId=${result.transactionId}`,
    });
    expect(result.formFields!.order_id).toMatch(/^order_/);
    expect(result.inputNames).toMatchObject({ number: 'card[number]', cvv: 'card[cvv]' });
    const pay = await postCard(result);
    const done = await pay.otp('123456');
    expect(done.statusCode).toBe(200);
    const back = await returnToCrust(done.body);
    expect(back.fields).toMatchObject({
      razorpay_order_id: result.formFields!.order_id,
      razorpay_payment_id: pay.paymentId,
    });
    expect(back.fields.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    // the signed callback settled it at once, through the API
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const [payment] = await rows<{ gateway: string; card_last4: string; card_brand: string }>(
      t,
      sql`select gateway, card_last4, card_brand from payments where order_id = ${result.orderId}`,
    );
    expect(payment).toEqual({ gateway: 'RAZORPAY', card_last4: '1111', card_brand: 'VISA' });
  });

  it('a forged callback settles nothing; the status poll asks Razorpay instead', async () => {
    const { c, result } = await cardOrder();
    const pay = await postCard(result);
    await setModes({ lostCallback: true });
    const done = await pay.otp('123456');
    expect(done.body).not.toContain('post-back');
    const forged = await post(`/api/v1/payments/callback?transactionId=${result.transactionId}`, {
      razorpay_order_id: result.formFields!.order_id!,
      razorpay_payment_id: pay.paymentId,
      razorpay_signature: '0'.repeat(64),
    });
    expect(forged.statusCode).toBe(303);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });
    // the lost callback: the poll finds the capture at Razorpay
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('a declined card comes back with Razorpay error fields and ends FAILED', async () => {
    await setModes({ decline: true });
    const { c, result } = await cardOrder('DC');
    const done = await (await postCard(result)).otp('123456');
    const back = await returnToCrust(done.body);
    expect(back.fields['error[code]']).toBe('BAD_REQUEST_ERROR');
    expect(JSON.parse(back.fields['error[metadata]']!)).toMatchObject({
      order_id: result.formFields!.order_id,
    });
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
  });

  it('UPI intent: a payment made by the S2S call, its link paid in the UPI app', async () => {
    const c = orderClient(t, await newGuest(t));
    const result = ok(
      await c.confirm(
        c.body(await c.cart(), {
          primaryPaymentId: 'UPI_WALLET',
          instrumentDetails: { upi: { mode: 'INTENT' } },
        }),
      ),
    );
    expect(result.nextAction).toBe('UNIFIED_PAYMENT_ACTION');
    const link = new URL(result.upiDeepLink!);
    expect(link.searchParams.get('tr')).toMatch(/^pay_/);
    expect(result.upiAppUrl).toBe(`/sandbox/pg/upi/pay${link.search}`);
    const approved = await post('/sandbox/pg/upi/pay', {
      ...Object.fromEntries(link.searchParams),
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    // one attempt at Razorpay: the one the link named
    expect(
      await count(
        t,
        sql`select count(*) as n from pg_payments where id = ${link.searchParams.get('tr')} and status = 'captured'`,
      ),
    ).toBe(1);
  });

  it('UPI collect: the UPI id posted to Razorpay, approved in the UPI app', async () => {
    const c = orderClient(t, await newGuest(t));
    const result = ok(
      await c.confirm(
        c.body(await c.cart(), {
          primaryPaymentId: 'UPI_WALLET',
          instrumentDetails: { upi: { mode: 'COLLECT' } },
        }),
      ),
    );
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    expect(result.inputNames).toEqual({ vpa: 'vpa' });
    const res = await post(result.formPostUrl!, { ...result.formFields, vpa: 'asha@okbank' });
    expect(res.statusCode, res.body).toBe(303);
    const paymentId = /pay_\w+/.exec(String(res.headers.location))![0];
    const approved = await post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('net banking on the hosted checkout, back by the posted form', async () => {
    const c = orderClient(t, await newGuest(t));
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'NB' })));
    expect(result.nextAction).toBe('REDIRECT');
    expect(result.redirectUrl).toBe(`http://127.0.0.1:${port}/sandbox/pg/razorpay/v1/checkout/embedded`);
    expect(result.formFields).toMatchObject({
      'prefill[method]': 'netbanking',
      'prefill[contact]': '+919876500001',
    });
    const hosted = await post(result.redirectUrl!, result.formFields!);
    expect(hosted.statusCode, hosted.body).toBe(200);
    const orderId = result.formFields!.order_id!;
    const bank = await post(`/sandbox/pg/pay/${orderId}/netbanking`, { bank: 'HDFC' });
    const paymentId = /pay_\w+/.exec(String(bank.headers.location))![0];
    const done = await post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'success' });
    expect(done.statusCode, done.body).toBe(200);
    await returnToCrust(done.body);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("Amazon Pay chosen in checkout opens Razorpay's Amazon Pay at once, back by the posted form", async () => {
    const c = orderClient(t, await newGuest(t));
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'AMZPAY_WALLET' })));
    expect(result.nextAction).toBe('REDIRECT');
    expect(result.redirectUrl).toBe(
      `http://127.0.0.1:${port}/sandbox/pg/razorpay/v1/payments/create/checkout`,
    );
    expect(result.formFields).toMatchObject({
      method: 'wallet',
      wallet: 'amazonpay',
      contact: '+919876500001',
    });
    const wallet = await post(result.redirectUrl!, result.formFields!);
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.body).toContain('data-wallet="amazonpay">Pay');
    expect(wallet.body).not.toContain('Choose your wallet');
    const orderId = result.formFields!.order_id!;
    const done = await post(`/sandbox/pg/pay/${orderId}/wallet`, { wallet: 'amazonpay', outcome: 'pay' });
    expect(done.statusCode, done.body).toBe(200);
    await returnToCrust(done.body);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect(await t.gateway.paymentsOf(orderId)).toMatchObject([{ method: 'wallet', wallet: 'amazonpay' }]);
  });

  it('a webhook storm in Razorpay format is taken once per event; a forged one is refused', async () => {
    await setModes({ duplicateWebhooks: 3, lostCallback: true });
    const { result } = await cardOrder();
    await (await postCard(result)).otp('123456');
    const before = t.deliveries.length;
    await t.gateway.drainOutbox(new Date());
    const sent = t.deliveries.slice(before).filter((d) => d.body.includes(result.formFields!.order_id!));
    expect(sent.length).toBe(6);
    for (const d of sent) {
      expect(d.url).toBe(`${t.config.pgWebhookUrl}/razorpay`);
      expect(d.headers['x-razorpay-signature']).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(d.body)).toMatchObject({
        entity: 'event',
        payload: { payment: { entity: { order_id: result.formFields!.order_id } } },
      });
    }
    expect(await orderRow(t, result.orderId)).toMatchObject({
      status: 'placed',
      state: 'success',
      version: 2,
    });
    const events = await count(
      t,
      sql`select count(*) as n from payment_events where provider = 'RAZORPAY' and gateway_order_id = ${result.formFields!.order_id}`,
    );
    expect(events).toBe(2);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/razorpay',
      payload: sent[0]!.body.replace('"captured"', '"failed"'),
      headers: sent[0]!.headers,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('a success after the payment was declared failed is refunded once through Razorpay', async () => {
    await setModes({ timeout: true });
    const who = await newCustomer();
    const c = orderClient(t, who);
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const { paymentId, otp } = await postCard(result);
    expect((await otp('123456')).body).toContain('id="payment-processing"');
    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    const late = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pg/payments/${paymentId}/resolve`,
      payload: { status: 'captured' },
    });
    expect(late.statusCode, late.body).toBe(200);
    await t.gateway.drainOutbox(new Date());
    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    const refunds = await rows<{ receipt: string; amount_paise: number }>(
      t,
      sql`select receipt, amount_paise from pg_refunds where payment_id = ${paymentId}`,
    );
    expect(refunds).toEqual([{ receipt: `refund-${result.orderId}`, amount_paise: result.amountPaise }]);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
  });
});
