// A guest and their orders at store 1001, as the benches place them: a new cart with two items, then a confirm
// (cash on delivery, or a card through the sandbox gateway's pages).
import { randomUUID } from 'node:crypto';
import { api, call, see303 } from './http-client.mjs';

export const STORE = '1001'; // Connaught Place, New Delhi; the address below is inside its delivery radius
const ITEMS = [
  { productCode: 'PIZ0105', crustId: 1, sizeId: 2, quantity: 1 },
  { productCode: 'SID0401', crustId: 6, sizeId: 4, quantity: 1 },
];
const STREET = { houseNo: 'B-12', address: 'Barakhamba Road', locality: 'Connaught Place' };
const GEO = { city: 'New Delhi', postalCode: '110001', latitude: 28.6315, longitude: 77.2245 };
const ADDRESS = { type: 'Home', fName: 'Bench', lName: 'Guest', ...STREET, ...GEO };

/** A new anonymous session; its orders go to `mobile` (by default one of its own, from `i`). */
export async function newGuest(base, i, mobile = `98${10_000_000 + i}`) {
  const { credentials, userId } = await api(base, 'POST', '/api/v1/session/anonymous', {}, {});
  const ids = { sessiontoken: credentials.sessionToken, authtoken: credentials.accessKeyId, userid: userId };
  return { i, mobile, headers: { ...ids, storeid: STORE, deliverytype: 'D' } };
}

const orderBody = (guest, cart, primaryPaymentId) => ({
  orderDetails: {
    cartId: cart.cartId,
    deliveryType: 'D',
    userDetails: { firstName: 'Bench', lastName: `G${guest.i}`, email: '', mobile: guest.mobile },
    address: { address: { ...ADDRESS, mobNo: guest.mobile } },
    zeroContactDelivery: false,
    expectedTotalPaise: cart.price,
    // the same two items every time: the customer "saw" the duplicate-order warning and went on
    duplicateConfirmed: true,
  },
  paymentDetails: { primaryPaymentId, secondaryPaymentId: null },
});

const confirm = (base, guest, cart, method) => {
  const headers = { ...guest.headers, 'idempotency-key': randomUUID() };
  return api(base, 'POST', '/api/v1/orders', headers, orderBody(guest, cart, method));
};

/** The customer's browser on the gateway: card form, OTP page, back to Crust; then the status call. */
async function payByCard(base, guest, result) {
  if (result.nextAction !== 'PROCESS_PAYMENT') throw new Error(`card: nextAction ${result.nextAction}`);
  const card = { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 1) };
  const form = { ...card, cvv: '123', name: 'Bench Guest' };
  const otpPage = see303(await call(base, 'POST', result.formPostUrl, { form }), 'card form');
  const otp = { otp: '123456', action: 'submit' };
  const callback = see303(await call(base, 'POST', `${otpPage}/otp`, { form: otp }), 'OTP page');
  see303(await call(base, 'GET', callback), 'callback');
  const status = await api(base, 'GET', `/api/v1/payments/${result.transactionId}/status`, guest.headers);
  if (status.status !== 'SUCCESS') throw new Error(`card: status ${status.status}`);
}

/** One order of a known guest (cash needs no OTP): its id, and the ms of the whole order and of the confirm. */
export async function placeOrder(base, guest, byCard) {
  const t0 = performance.now();
  const cart = await api(base, 'POST', '/api/v1/carts', guest.headers, { items: ITEMS });
  const t1 = performance.now();
  const result = await confirm(base, guest, cart, byCard ? 'CC' : 'CASH');
  const confirmMs = performance.now() - t1;
  if (byCard) await payByCard(base, guest, result);
  else if (result.nextAction !== 'THANKYOU') throw new Error(`cash: nextAction ${result.nextAction}`);
  return { orderId: result.orderId, totalMs: performance.now() - t0, confirmMs };
}

/** The code of the latest text to `mobile`, from the sandbox SMS inbox (a NODE_ENV=development server only). */
async function latestCode(base, mobile) {
  const inbox = JSON.parse((await call(base, 'GET', `/sandbox/sms.json?mobile=${mobile}`)).text);
  return /\b(\d{6})\b/.exec(inbox.messages[0]?.body ?? '')?.[1];
}

/** Places the caller's first order through the COD OTP, so their later cash orders need none. */
async function becomeKnown(base, who) {
  const cart = await api(base, 'POST', '/api/v1/carts', who.headers, { items: ITEMS });
  const result = await confirm(base, who, cart, 'CASH');
  if (result.nextAction !== 'COD_OTP') throw new Error(`warm-up: nextAction ${result.nextAction}`);
  const code = await latestCode(base, who.mobile);
  const key = { ...who.headers, 'idempotency-key': randomUUID() };
  const done = await api(base, 'POST', `/api/v1/orders/${result.orderId}/code`, key, { code });
  if (done.nextAction !== 'THANKYOU') throw new Error(`warm-up code: nextAction ${done.nextAction}`);
  return who;
}

/**
 * A guest whose mobile has a placed order (its first one through the COD OTP), so cash needs no OTP. The OTP is
 * read from the sandbox SMS inbox, which only a NODE_ENV=development server mounts.
 */
export async function knownGuest(base, i) {
  return becomeKnown(base, await newGuest(base, i));
}

/**
 * A logged-in customer (OTP login) with a placed order, so cash needs no OTP; their orders also go through Pizza
 * Pals (the first enrols them and earns the day's points). Each logs in from its own address, which the server
 * believes only with TRUST_PROXY=127.0.0.1 (the OTP limit per address would stop the 31st login).
 */
export async function knownCustomer(base, i) {
  const mobile = `97${10_000_000 + i}`;
  const from = { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const sent = await api(base, 'POST', '/api/v1/auth/otp/send', from, {
    mobile,
    firstName: 'Bench',
    lastName: `C${i}`,
  });
  const code = await latestCode(base, mobile);
  const body = { mobile, code, requestId: sent.requestId, screenName: 'login-otp' };
  const s = await api(base, 'POST', '/api/v1/auth/otp/validate', from, body);
  const ids = {
    sessiontoken: s.credentials.sessionToken,
    authtoken: s.credentials.accessKeyId,
    userid: s.userId,
    isloggedin: 'true',
  };
  return becomeKnown(base, { i, mobile, headers: { ...ids, storeid: STORE, deliverytype: 'D' } });
}
