import { expect } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import type { Guest } from './cart-support.ts';
import { json } from './helpers.ts';
import { lastSms, ok, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

type Outcome =
  | { status: 'SUCCESS'; data: Record<string, unknown> }
  | { status: 'FAILED'; errors: { code: string; displayMsg: string }[] };

/** The SPEC §7 Paytm calls as one payer (customer or guest) makes them. */
export function paytmClient(t: () => GatewayTestApp, who: Guest) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t().app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    return res;
  };
  const outcome = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return json<Outcome>(res);
  };
  return {
    call,
    balance: (transactionId: string, extra = '') =>
      outcome('GET', `${API_PATHS.paytmBalance}?orderTransactionId=${transactionId}${extra}`),
    sendOtp: (transactionId: string, mobile: string) =>
      outcome('POST', API_PATHS.paytmOtpSend, { mobile, orderTransactionId: transactionId }),
    verifyOtp: (body: {
      transactionId: string;
      mobile: string;
      state: string;
      cartId: string;
      otp: string;
    }) =>
      outcome('POST', API_PATHS.paytmOtpVerify, {
        mobile: body.mobile,
        orderTransactionId: body.transactionId,
        state: body.state,
        cartId: body.cartId,
        otp: body.otp,
      }),
    submit: (transactionId: string) =>
      outcome('PUT', API_PATHS.paytmSubmit, { orderTransactionId: transactionId }),
    deeplink: (transactionId: string) =>
      outcome('POST', API_PATHS.paytmDeeplink, { orderTransactionId: transactionId }),
    upiVerify: (vpa: string, orderTransactionId: string) =>
      outcome('POST', API_PATHS.paytmUpiVerify, { vpa, orderTransactionId }),
  };
}

/** One UPI id check for an order, from a client address: the raw answer (200, 403, 404, 429). */
export function upiVerifyRaw(
  t: GatewayTestApp,
  who: Guest,
  body: { vpa: string; orderTransactionId: string },
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.paytmUpiVerify,
    headers: who.headers,
    payload: body,
    remoteAddress,
  });
}

/** A UPI collect order confirmed, waiting for its payment: its confirm answer. */
export async function upiOrder(t: GatewayTestApp, who: Guest) {
  const c = orderClient(t, who);
  const cart = await c.cart();
  return ok(
    await c.confirm(
      c.body(cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'COLLECT' } } }),
    ),
  );
}

/** The newest OTP the Paytm sandbox texted a number (through the SMS sandbox's inbox). */
export async function paytmOtp(t: GatewayTestApp, mobile: string): Promise<string> {
  const text = await lastSms(t, mobile);
  expect(text).toMatch(/Paytm OTP/);
  return /\b(\d{6})\b/.exec(text)![1]!;
}

export async function setPaytmBalance(t: GatewayTestApp, mobile: string, balancePaise: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/paytm/accounts/${mobile}`,
    payload: { balancePaise },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function paytmBalanceOf(t: GatewayTestApp, mobile: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/paytm/accounts/${mobile}` });
  return json<{ balancePaise: number }>(res).balancePaise;
}

export async function setPaytmModes(t: GatewayTestApp, modes: { refuseWithdraw: boolean }) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/paytm/modes', payload: modes });
  expect(res.statusCode, res.body).toBe(200);
}

/** A PAYTM_WALLET order confirmed: its confirm answer and cart. */
export async function paytmOrder(t: GatewayTestApp, who: Guest) {
  const c = orderClient(t, who);
  const cart = await c.cart();
  const result = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'PAYTM_WALLET' })));
  return { c, cart, result };
}

/** Links `mobile`'s Paytm wallet for the order through the OTP Paytm texts. */
export async function linkWallet(
  t: GatewayTestApp,
  who: Guest,
  order: { transactionId: string; cartId: string },
  mobile: string,
) {
  const p = paytmClient(() => t, who);
  const sent = await p.sendOtp(order.transactionId, mobile);
  if (sent.status !== 'SUCCESS') throw new Error(`OTP not sent: ${JSON.stringify(sent.errors)}`);
  const state = String(sent.data.state);
  const otp = await paytmOtp(t, mobile);
  const verified = await p.verifyOtp({ ...order, mobile, state, otp });
  expect(verified, JSON.stringify(verified)).toMatchObject({
    status: 'SUCCESS',
    data: { linked: true, mobile },
  });
  return { state, otp };
}

/**
 * The payer on Paytm's add-money page: the page, the form (add or cancel), Paytm's 303 back to Crust's return, and
 * Crust's 303 on to /paytmForm. Answers where the browser lands.
 */
export async function addMoney(t: GatewayTestApp, redirectUrl: string, action: 'add' | 'cancel' = 'add') {
  const page = await t.app.inject({ method: 'GET', url: redirectUrl });
  expect(page.statusCode, page.body).toBe(200);
  const id = new URL(redirectUrl, 'http://x').searchParams.get('request')!;
  const posted = await t.app.inject({
    method: 'POST',
    url: `/sandbox/paytm/add-money/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}&bank=HDFC`,
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const back = await t.app.inject({ method: 'GET', url: String(posted.headers.location) });
  expect(back.statusCode, back.body).toBe(303);
  return {
    page: page.body,
    landing: String(back.headers.location),
    returnUrl: String(posted.headers.location),
  };
}
