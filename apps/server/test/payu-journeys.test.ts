import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { paise } from '@crust/domain/money';
import { refundTokenOf } from '../src/providers/payments/payu/txnids.ts';
import { newGuest, ok, orderClient, orderRow, rows } from './order-support.ts';
import { gatewayClient, type GatewayTestApp } from './pg-support.ts';
import { browser, createPayuApp, paymentIdOf, returnFormOf, type BrowserPage } from './payu-support.ts';

/**
 * Issue 14 §1: Crust with PayU as its gateway, the real adapter talking to the sandbox's PayU protocol over HTTP,
 * the customer's browser posting PayU's forms and following its pages.
 */
let t: GatewayTestApp;
let base: string;
let http: GatewayTestApp;
beforeAll(async () => {
  ({ t, base, http } = await createPayuApp());
});
afterAll(() => t.close());
afterEach(async () => {
  await pg.resetModes();
});

const pg = gatewayClient(() => t);
const web = () => browser(base);
const year = String(new Date().getFullYear() + 2);
const VISA = {
  number: '4111111111111111',
  expiryMonth: '12',
  expiryYear: year,
  cvv: '123',
  name: 'Asha Verma',
};

/** A guest (its session made in-process: sessions are limited per address) ordering over HTTP. */
async function customer() {
  const who = await newGuest(t);
  return orderClient(http, who);
}

/** The form a confirm answer asks the browser to post, with what the customer types under the gateway's names. */
function formOf(result: ConfirmOrderResult, typed: Partial<Record<string, string>> = {}) {
  const action = result.formPostUrl ?? result.redirectUrl;
  expect(action, JSON.stringify(result)).toBe(`${base}/sandbox/pg/payu/_payment`);
  const fields: Record<string, string> = { ...result.formFields };
  for (const [input, name] of Object.entries(result.inputNames ?? {}))
    if (name && typed[input] !== undefined) fields[name] = typed[input];
  return { action: action!, fields };
}

/** Posts PayU's post back as the browser would (its script, or the Return to merchant button). */
async function backToCrust(page: BrowserPage) {
  expect(page.headers.get('content-security-policy')).toMatch(
    /script-src 'sha256-[^']+'; form-action 'self'/,
  );
  expect(page.body).toContain('id="return-to-merchant"');
  const { action, fields } = returnFormOf(page);
  const back = await web().post(action, fields);
  expect(back.status).toBe(303);
  expect(back.location).toMatch(/^\/paymentTransaction\?transactionId=/);
  return fields;
}

/** Card to the OTP page: the confirm's form with the card typed in, posted to PayU. */
async function cardToOtp(result: ConfirmOrderResult) {
  expect(result.nextAction).toBe('PROCESS_PAYMENT');
  const { action, fields } = formOf(result, VISA);
  expect(fields).toMatchObject({ pg: 'CC', bankcode: 'CC', ccnum: VISA.number });
  return paymentIdOf(await web().post(action, fields));
}

const submitOtp = (paymentId: string) =>
  web().post(`/sandbox/pg/payments/${paymentId}/otp`, { otp: '123456', action: 'submit' });

describe('PayU journeys', () => {
  it('a card with its OTP: PayU posts the browser back signed, and the order is placed', async () => {
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const { fields: sent } = formOf(result);
    expect(sent.txnid).toMatch(/^O[0-9A-F]{20}-1$/);
    expect(sent.amount).toBe((result.amountPaise / 100).toFixed(2));
    const paymentId = await cardToOtp(result);
    const otp = await web().get(`/sandbox/pg/payments/${paymentId}`);
    expect(otp.body).toContain('id="otp-form"');
    const back = await backToCrust(await submitOtp(paymentId));
    expect(back).toMatchObject({ status: 'success', mihpayid: paymentId, txnid: sent.txnid, mode: 'CC' });
    expect(back.cardnum).toBe('411111XXXXXX1111');
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const summary = await c.summary(result.orderId);
    expect(summary.status).toBe('PLACED');
    expect(JSON.stringify(summary.paymentSummary)).toContain('VISA •••• 1111');
    // PayU's request named the card; the gateway kept its brand, BIN and last 4 only
    expect(await pg.gatewayTablesText()).not.toContain(VISA.number);
  });

  it('a declined card: PayU posts the failure to furl, and the order fails', async () => {
    await pg.setModes({ decline: true });
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'DC' })));
    const back = await backToCrust(await submitOtp(await cardToOtp(result)));
    expect(back).toMatchObject({ status: 'failure', unmappedstatus: 'failed', error: 'PAYMENT_DECLINED' });
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
  });

  it('a second attempt after a failed one is a new txnid of the same order, and pays it', async () => {
    // the bank declines and the browser never comes back: Crust has not heard of the failure
    await pg.setModes({ decline: true, lostCallback: true });
    const c = await customer();
    const body = c.body(await c.cart(), { primaryPaymentId: 'CC' });
    const first = ok(await c.confirm(body));
    const failed = await submitOtp(await cardToOtp(first));
    expect(failed.body).toContain('data-status="failed"');
    await pg.resetModes();

    const again = ok(await c.confirm(body));
    expect(again.orderId).toBe(first.orderId);
    expect(formOf(first).fields.txnid).toMatch(/-1$/);
    expect(formOf(again).fields.txnid).toBe(formOf(first).fields.txnid!.replace(/-1$/, '-2'));
    await backToCrust(await submitOtp(await cardToOtp(again)));
    expect((await c.status(again.transactionId)).status).toBe('SUCCESS');
    // both attempts are the gateway order's, oldest first
    const attempts = await t.app.deps.gateways.holding('PAYU')!.paymentsOf(first.orderId);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'captured']);
  });

  it('UPI collect: the UPI id posted to PayU, approved in the UPI app, ends in SUCCESS', async () => {
    const c = await customer();
    const result = ok(
      await c.confirm(
        c.body(await c.cart(), {
          primaryPaymentId: 'UPI_WALLET',
          instrumentDetails: { upi: { mode: 'COLLECT' } },
        }),
      ),
    );
    expect(result.inputNames).toEqual({ vpa: 'vpa' });
    const { action, fields } = formOf(result, { vpa: 'asha@okaxis' });
    const paymentId = paymentIdOf(await web().post(action, fields));
    expect((await web().get(`/sandbox/pg/payments/${paymentId}`)).body).toContain('id="upi-waiting"');
    expect((await c.status(result.transactionId)).status).toBe('IN_PROGRESS');
    expect((await web().post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' })).status).toBe(
      200,
    );
    const back = await backToCrust(await web().get(`/sandbox/pg/payments/${paymentId}`));
    expect(back).toMatchObject({ status: 'success', mode: 'UPI', bankcode: 'UPI', field3: 'asha@okaxis' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("UPI intent: PayU's S2S answer is the deep link, the UPI app approves, polling finds SUCCESS", async () => {
    const c = await customer();
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
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      pa: 'crust@sandbox',
      am: (result.amountPaise / 100).toFixed(2),
      cu: 'INR',
    });
    expect(result.upiAppUrl).toBe(`/sandbox/pg/upi/pay${link.search}`);
    expect((await c.status(result.transactionId)).status).toBe('IN_PROGRESS');
    const approved = await web().post('/sandbox/pg/upi/pay', {
      ...Object.fromEntries(link.searchParams),
      decision: 'approve',
    });
    expect(approved.body).toContain('data-status="captured"');
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("net banking: PayU's hosted page, a bank chosen, success, back to Crust", async () => {
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'NB' })));
    expect(result.nextAction).toBe('REDIRECT');
    const { action, fields } = formOf(result);
    expect(fields.pg).toBeUndefined();
    const hosted = await web().post(action, fields);
    expect(hosted.status).toBe(303);
    expect(hosted.location).toBe(`/sandbox/pg/payu/txn/${fields.txnid}`);
    expect((await web().get(hosted.location!)).body).toContain('id="method-netbanking"');
    const banks = await web().get(`${hosted.location!}?method=netbanking`);
    expect(banks.body).toContain(`action="/sandbox/pg/payu/txn/${fields.txnid}/netbanking"`);
    const paymentId = paymentIdOf(await web().post(`${hosted.location!}/netbanking`, { bank: 'HDFC' }));
    const back = await backToCrust(
      await web().post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'success' }),
    );
    expect(back).toMatchObject({ status: 'success', mode: 'NB', bankcode: 'HDFB' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("Amazon Pay chosen in checkout: PayU's wallet code, that wallet's page alone, paid, back to Crust", async () => {
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'AMZPAY_WALLET' })));
    expect(result.nextAction).toBe('REDIRECT');
    const { action, fields } = formOf(result);
    expect(fields).toMatchObject({ pg: 'CASH', bankcode: 'AMZPAY' });
    const hosted = await web().post(action, fields);
    expect(hosted.status).toBe(303);
    expect(hosted.location).toBe(`/sandbox/pg/payu/txn/${fields.txnid}?method=wallet&wallet=amazonpay`);
    const wallet = await web().get(hosted.location!);
    expect(wallet.body).toContain('data-wallet="amazonpay">Pay');
    expect(wallet.body).not.toContain('Choose your wallet');
    expect(wallet.body).toContain(`action="/sandbox/pg/payu/txn/${fields.txnid}/wallet"`);
    const back = await backToCrust(
      await web().post(`/sandbox/pg/payu/txn/${fields.txnid}/wallet`, {
        wallet: 'amazonpay',
        outcome: 'pay',
      }),
    );
    expect(back).toMatchObject({ status: 'success', mode: 'CASH', bankcode: 'AMZPAY' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('a lost callback: the status poll asks verify_payment and finds the payment', async () => {
    await pg.setModes({ lostCallback: true });
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const closed = await submitOtp(await cardToOtp(result));
    expect(closed.body).toContain('id="payment-closed"');
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("duplicate webhooks: PayU's signed forms, counted once", async () => {
    // what earlier journeys left in the outbox goes first
    await t.gateway.drainOutbox(new Date());
    await pg.setModes({ lostCallback: true, duplicateWebhooks: 3 });
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const paymentId = await cardToOtp(result);
    await submitOtp(paymentId);
    const before = t.deliveries.length;
    expect(await t.gateway.drainOutbox(new Date())).toEqual({ delivered: 3, failed: 0 });
    const sent = t.deliveries.slice(before);
    expect(sent.map((d) => d.url)).toEqual(Array(3).fill(`${base}/api/v1/payments/webhook/payu`));
    expect(sent[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get('status')).toBe('success');
    expect(form.get('mihpayid')).toBe(paymentId);
    expect(form.get('hash')).toMatch(/^[0-9a-f]{128}$/);
    const events = await rows<{ event_id: string }>(
      t,
      sql`select event_id from payment_events where provider = 'PAYU' and gateway_order_id = ${result.orderId}`,
    );
    expect(events).toEqual([{ event_id: `${paymentId}:success` }]);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
  });

  it('a success after the payment was declared failed is refunded once, by token', async () => {
    await pg.setModes({ timeout: true });
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const paymentId = await cardToOtp(result);
    expect((await submitOtp(paymentId)).body).toContain('id="payment-processing"');
    await t.app.deps.orders.reconcile(Date.now() + 121_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'failed' });

    // the bank answers at last; PayU's webhook tells Crust, which gives the money back
    expect(
      (await pg.postJson(`/sandbox/pg/payments/${paymentId}/resolve`, { status: 'captured' })).statusCode,
    ).toBe(200);
    await t.gateway.drainOutbox(new Date());
    const refunds = () =>
      rows<{ id: string; receipt: string; amount_paise: number }>(
        t,
        sql`select id, receipt, amount_paise from pg_refunds where payment_id = ${paymentId}`,
      );
    const [refund, ...more] = await refunds();
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      receipt: refundTokenOf(`refund-${result.orderId}`),
      amount_paise: result.amountPaise,
    });
    expect(await orderRow(t, result.orderId)).toMatchObject({ state: 'refunded', refund_id: refund!.id });

    // asked again (a retry after a lost answer): PayU refuses the token, the adapter finds the first refund
    const payu = t.app.deps.gateways.holding('PAYU')!;
    const repeated = await payu.refund(paymentId, paise(result.amountPaise), `refund-${result.orderId}`);
    expect(repeated.refundId).toBe(refund!.id);
    await t.app.deps.orders.reconcile(Date.now() + 3600_000);
    expect(await refunds()).toHaveLength(1);
    expect((await payu.fetchPayment(paymentId))?.amountRefundedPaise).toBe(result.amountPaise);
  });
});

describe("the sandbox's PayU refusals", () => {
  it('refuses a wrong hash and a reused txnid, as PayU does', async () => {
    const c = await customer();
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const { action, fields } = formOf(result, VISA);
    const tampered = await web().post(action, { ...fields, amount: '1.00' });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toContain('incorrectly calculated hash parameter');
    paymentIdOf(await web().post(action, fields));
    const again = await web().post(action, fields);
    expect(again.status).toBe(409);
    expect(again.body).toContain('Duplicate transaction ID');
  });

  it("refuses a webhook without PayU's hash", async () => {
    const res = await web().post('/api/v1/payments/webhook/payu', {
      txnid: 'O00000000000000000000-1',
      mihpayid: 'pay_00000000000000',
      status: 'success',
      hash: '0'.repeat(128),
    });
    expect(res.status).toBe(401);
  });
});
