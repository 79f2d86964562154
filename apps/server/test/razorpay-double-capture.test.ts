import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmOrderBody, ConfirmOrderResult } from '@crust/contract/orders';
import { expectOneKeptOneRefunded } from './capture-checks.ts';
import { newGuest, ok, orderClient, orderRow } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createRazorpayApp } from './razorpay-support.ts';

/**
 * Issue 28 §1 through the real Razorpay adapter over HTTP (the sandbox speaking Razorpay's protocol): two
 * attempts on one Razorpay order both capture, and Crust keeps one and refunds the other once, by the refund
 * receipt, whichever way the news comes (the posted callback, Razorpay's webhooks, the status poll).
 */
let t: GatewayTestApp;
beforeAll(async () => {
  ({ t } = await createRazorpayApp());
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.inject({ method: 'POST', url: '/sandbox/pg/modes/reset' });
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname + new URL(url).search : url);
const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
  });

/** The sandbox's post-back page, posted by the browser to Crust's callback. */
async function returnToCrust(html: string) {
  const action = /<form id="post-back" method="post" action="([^"]*)"/.exec(html)?.[1];
  expect(action, html).toBeDefined();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!;
  const res = await post(action!.replace(/&amp;/g, '&'), fields);
  expect(res.statusCode, res.body).toBe(303);
}

/** The card form posted to Razorpay, up to the bank's OTP page; answers the payment id and its OTP step. */
async function cardToOtp(result: ConfirmOrderResult) {
  const names = result.inputNames!;
  const res = await post(result.formPostUrl!, {
    ...result.formFields,
    [names.number!]: '4111 1111 1111 1111',
    [names.expiryMonth!]: '12',
    [names.expiryYear!]: String(new Date().getFullYear() + 2),
    [names.cvv!]: '123',
    [names.name!]: 'Asha Verma',
  });
  expect(res.statusCode, res.body).toBe(303);
  const paymentId = /pay_\w+/.exec(String(res.headers.location))![0];
  return { paymentId, otp: () => post(`/sandbox/pg/payments/${paymentId}/otp`, { otp: '123456' }) };
}

/** A UPI collect request for the same Razorpay order (the customer went back and chose UPI); its payment id. */
async function collectRequest(result: ConfirmOrderResult) {
  expect(result.inputNames).toEqual({ vpa: 'vpa' });
  const res = await post(result.formPostUrl!, { ...result.formFields, vpa: 'asha@okbank' });
  expect(res.statusCode, res.body).toBe(303);
  return /pay_\w+/.exec(String(res.headers.location))![0];
}
const approve = async (paymentId: string) =>
  expect((await post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' })).statusCode).toBe(200);

/** One cart confirmed by card, then again by UPI collect: the same order and the same Razorpay order. */
async function cardAndUpi() {
  const c = orderClient(t, await newGuest(t));
  const cart = await c.cart();
  const byCard = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
  const upiBody: ConfirmOrderBody = c.body(cart, {
    primaryPaymentId: 'UPI_WALLET',
    instrumentDetails: { upi: { mode: 'COLLECT' } },
  });
  const byUpi = () => c.confirm(upiBody).then(ok);
  return { c, byCard, byUpi };
}

describe('a second capture through Razorpay', () => {
  it('the bank page completed after a UPI capture: the card is refunded once', async () => {
    const { c, byCard, byUpi } = await cardAndUpi();
    const card = await cardToOtp(byCard);
    const upiOrder = await byUpi();
    expect(upiOrder.orderId).toBe(byCard.orderId);
    expect(upiOrder.formFields!.order_id).toBe(byCard.formFields!.order_id);
    const upi = await collectRequest(upiOrder);
    await approve(upi);
    expect((await c.status(byCard.transactionId)).status).toBe('SUCCESS');

    const done = await card.otp();
    await returnToCrust(done.body);
    await t.gateway.drainOutbox(new Date());
    const { kept } = await expectOneKeptOneRefunded(t, byCard.orderId, byCard.amountPaise, [
      upi,
      card.paymentId,
    ]);
    expect(kept).toBe(upi);
  });

  it('a late UPI collect approval after a card capture, its webhooks racing the callback and polls: the UPI payment is refunded once', async () => {
    await t.app.inject({ method: 'POST', url: '/sandbox/pg/modes', payload: { duplicateWebhooks: 3 } });
    const { c, byCard, byUpi } = await cardAndUpi();
    const upi = await collectRequest(await byUpi());
    const card = await cardToOtp(byCard);
    const done = await card.otp();
    await returnToCrust(done.body);
    expect(await orderRow(t, byCard.orderId)).toMatchObject({ status: 'placed' });

    // the customer approves the old collect request in the UPI app at last
    await approve(upi);
    await Promise.all([
      t.gateway.drainOutbox(new Date()),
      t.gateway.drainOutbox(new Date()),
      returnToCrust(done.body),
      c.status(byCard.transactionId),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
    ]);
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    const { kept } = await expectOneKeptOneRefunded(t, byCard.orderId, byCard.amountPaise, [
      upi,
      card.paymentId,
    ]);
    expect(kept).toBe(card.paymentId);
  });
});
