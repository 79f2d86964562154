import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { expectOneKeptOneRefunded } from './capture-checks.ts';
import { newGuest, ok, orderClient, orderRow } from './order-support.ts';
import { gatewayClient, type GatewayTestApp } from './pg-support.ts';
import { browser, createPayuApp, paymentIdOf, returnFormOf, type BrowserPage } from './payu-support.ts';

/**
 * Issue 28 §1 through the real PayU adapter over HTTP: two txnids of one order (a card attempt and a UPI collect
 * the customer switched to) both capture, and Crust keeps one and refunds the other once, by its refund token.
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

function formOf(result: ConfirmOrderResult, typed: Partial<Record<string, string>> = {}) {
  const fields: Record<string, string> = { ...result.formFields };
  for (const [input, name] of Object.entries(result.inputNames ?? {}))
    if (name && typed[input] !== undefined) fields[name] = typed[input];
  return { action: (result.formPostUrl ?? result.redirectUrl)!, fields };
}

async function backToCrust(page: BrowserPage) {
  const { action, fields } = returnFormOf(page);
  const back = await web().post(action, fields);
  expect(back.status).toBe(303);
}

const VISA = {
  number: '4111111111111111',
  expiryMonth: '12',
  expiryYear: String(new Date().getFullYear() + 2),
  cvv: '123',
  name: 'Asha Verma',
};

/** One cart confirmed by card (to the bank's OTP page) and again by UPI collect: two txnids of one order. */
async function cardAndUpi() {
  const c = orderClient(http, await newGuest(t));
  const cart = await c.cart();
  const byCard = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
  const cardAttempt = async () => {
    const { action, fields } = formOf(byCard, VISA);
    return paymentIdOf(await web().post(action, fields));
  };
  const upiAttempt = async () => {
    const byUpi = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'COLLECT' } } }),
      ),
    );
    expect(byUpi.orderId).toBe(byCard.orderId);
    const { action, fields } = formOf(byUpi, { vpa: 'asha@okaxis' });
    return paymentIdOf(await web().post(action, fields));
  };
  return { c, byCard, cardAttempt, upiAttempt };
}

const otp = (paymentId: string) =>
  web().post(`/sandbox/pg/payments/${paymentId}/otp`, { otp: '123456', action: 'submit' });
const approve = async (paymentId: string) =>
  expect((await web().post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' })).status).toBe(
    200,
  );

describe('a second capture through PayU', () => {
  it('the bank page completed after a UPI capture: the card is refunded once', async () => {
    const { c, byCard, cardAttempt, upiAttempt } = await cardAndUpi();
    const card = await cardAttempt();
    const upi = await upiAttempt();
    await approve(upi);
    await backToCrust(await web().get(`/sandbox/pg/payments/${upi}`));
    expect((await c.status(byCard.transactionId)).status).toBe('SUCCESS');

    await backToCrust(await otp(card));
    await t.gateway.drainOutbox(new Date());
    const { kept } = await expectOneKeptOneRefunded(t, byCard.orderId, byCard.amountPaise, [upi, card]);
    expect(kept).toBe(upi);
  });

  it('a late UPI collect approval after a card capture, its webhooks racing the post-back and polls: the UPI payment is refunded once', async () => {
    await pg.setModes({ duplicateWebhooks: 3 });
    const { c, byCard, cardAttempt, upiAttempt } = await cardAndUpi();
    const card = await cardAttempt();
    const upi = await upiAttempt();
    await backToCrust(await otp(card));
    expect(await orderRow(t, byCard.orderId)).toMatchObject({ status: 'placed' });

    await approve(upi);
    const upiBack = await web().get(`/sandbox/pg/payments/${upi}`);
    await Promise.all([
      t.gateway.drainOutbox(new Date()),
      t.gateway.drainOutbox(new Date()),
      backToCrust(upiBack),
      backToCrust(upiBack),
      c.status(byCard.transactionId),
      t.app.deps.orders.reconcile(Date.now() + 121_000),
    ]);
    await t.gateway.drainOutbox(new Date(Date.now() + 3600_000));
    const { kept } = await expectOneKeptOneRefunded(t, byCard.orderId, byCard.amountPaise, [upi, card]);
    expect(kept).toBe(card);
  });
});
