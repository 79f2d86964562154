import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { advanceSlots, istDayStart } from '@crust/domain/checkout-advance';
import { MESSAGES } from '@crust/domain/messages';
import { formatRupees, paise } from '@crust/domain/money';
import { ORDER_TEXTS } from '../src/modules/orders/texts.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  CP_ADDRESS,
  createOrderApp,
  customers,
  freshMobile,
  gatewayOrderIdOf,
  GIFT_CARD_MOBILE,
  lastSms,
  newGuest,
  ok,
  orderClient,
  rows,
} from './order-support.ts';

/** Issue 5: each way to pay and each order type, end to end through the API and the sandbox gateway. */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await pg.resetModes();
});

const { pg, payCard, follow, placeByCard } = checkout(() => t);
const newCustomer = customers(() => t);

const refusal = (o: { status: string; errors?: { code: string; displayMsg: string; field?: string }[] }) => {
  expect(o.status).toBe('FAILED');
  return o.errors![0]!;
};
const voucherBalance = async (code: string) =>
  (await rows<{ b: number }>(t, sql`select balance_paise as b from vouchers where code = ${code}`))[0]!.b;

describe('ways to pay', () => {
  it('UPI intent: the deep link and the sandbox UPI app, approved, end in SUCCESS', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'INTENT' } } }),
      ),
    );
    expect(result.nextAction).toBe('UNIFIED_PAYMENT_ACTION');
    expect(result.upiDeepLink).toMatch(/^upi:\/\/pay\?/);
    const link = new URL(result.upiDeepLink!);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      am: (cart.price / 100).toFixed(2),
      tr: gatewayOrderIdOf(result),
      cu: 'INR',
    });
    expect(result.upiAppUrl).toBe(`/sandbox/pg/upi/pay${link.search}`);
    expect((await pg.get(result.upiAppUrl!)).statusCode).toBe(200);
    const approved = await pg.post('/sandbox/pg/upi/pay', {
      ...Object.fromEntries(link.searchParams),
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect((await c.summary(result.orderId)).status).toBe('PLACED');
  });

  it('UPI collect: the UPI id posted to the gateway, approved in the UPI app, ends in SUCCESS', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'COLLECT' } } }),
      ),
    );
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    expect(result.formPostUrl).toMatch(/\/upi_collect$/);
    const paymentId = pg.paymentIdOf(await pg.post(result.formPostUrl!, { vpa: 'asha@okaxis' }));
    expect((await c.status(result.transactionId)).status).toBe('IN_PROGRESS');
    const approved = await pg.post(`/sandbox/pg/upi/collect/${paymentId}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('net banking: REDIRECT to the gateway page, a bank chosen, success, back to Crust', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const result = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'NB' })));
    expect(result.nextAction).toBe('REDIRECT');
    const gatewayOrderId = gatewayOrderIdOf(result);
    expect(result.redirectUrl).toBe(`/sandbox/pg/pay/${gatewayOrderId}?method=netbanking`);
    expect((await pg.get(result.redirectUrl!)).statusCode).toBe(200);
    const paymentId = pg.paymentIdOf(
      await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/netbanking`, { bank: 'HDFC' }),
    );
    const back = await follow(
      await pg.post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'success' }),
    );
    expect(back.headers.location).toBe(`/paymentTransaction?transactionId=${result.transactionId}`);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('Amazon Pay: REDIRECT to the gateway page of that wallet alone, paid, back to Crust', async () => {
    const c = orderClient(t, await newGuest(t));
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'AMZPAY_WALLET' })));
    expect(result.nextAction).toBe('REDIRECT');
    const gatewayOrderId = gatewayOrderIdOf(result);
    expect(result.redirectUrl).toBe(`/sandbox/pg/pay/${gatewayOrderId}?method=wallet&wallet=amazonpay`);
    // the wallet chosen in checkout is not asked for again: no list of wallets, only Amazon Pay's Pay and Fail
    const page = await pg.get(result.redirectUrl!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`>Pay ${formatRupees(paise(result.amountPaise))} with Amazon Pay</h1>`);
    expect(page.body).toContain('<input type="hidden" name="wallet" value="amazonpay">');
    expect(page.body).not.toContain('name="wallet" value="paytm"');
    expect(page.body).not.toContain('Choose your wallet');
    const back = await follow(
      await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/wallet`, { wallet: 'amazonpay', outcome: 'pay' }),
    );
    expect(back.headers.location).toBe(`/paymentTransaction?transactionId=${result.transactionId}`);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect(await t.gateway.paymentsOf(gatewayOrderId)).toMatchObject([
      { method: 'wallet', wallet: 'amazonpay', status: 'captured' },
    ]);
  });

  it('a declined card fails the order; the same cart then goes through with UPI as a new order', async () => {
    await pg.setModes({ decline: true });
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const declined = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    const { res } = await payCard(declined);
    expect(String(res.headers.location)).toContain('status=failed');
    await follow(res);
    expect(await c.status(declined.transactionId)).toMatchObject({
      status: 'FAILED',
      displayMsg: MESSAGES.paymentFailed,
    });
    await pg.resetModes();

    const retry = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'UPI_WALLET' })));
    expect(retry.orderId).not.toBe(declined.orderId);
    expect(retry.nextAction).toBe('UNIFIED_PAYMENT_ACTION');
    const link = new URL(retry.upiDeepLink!);
    await pg.post('/sandbox/pg/upi/pay', { ...Object.fromEntries(link.searchParams), decision: 'approve' });
    expect((await c.status(retry.transactionId)).status).toBe('SUCCESS');
    expect((await c.summary(declined.orderId)).status).toBe('FAILED');
  });

  it('an e-voucher asks for its PIN; the right PIN places the order and spends the voucher once', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const before = await voucherBalance('EVCRUST2000');
    const result = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'EVOUCHER', instrumentDetails: { evoucherCode: 'evcrust2000' } }),
      ),
    );
    expect(result.nextAction).toBe('EV_PIN');
    expect(refusal(await c.code(result.orderId, { code: '1111' })).code).toBe('CODE_INCORRECT');
    expect(ok(await c.code(result.orderId, { code: '8642' })).nextAction).toBe('THANKYOU');
    // the PIN again (a retry, another tab): the same thanks, no second spend
    expect(ok(await c.code(result.orderId, { code: '8642' })).nextAction).toBe('THANKYOU');
    expect(await voucherBalance('EVCRUST2000')).toBe(before - cart.price);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it("a gift card sends an OTP to the card's registered mobile, not the order's; the code places the order", async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const mobile = freshMobile();
    const before = await voucherBalance('GCCRUST2000');
    const result = ok(
      await c.confirm(
        c.body(
          cart,
          { primaryPaymentId: 'EVOUCHER', instrumentDetails: { evoucherCode: 'GCCRUST2000' } },
          { userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile } },
        ),
      ),
    );
    expect(result).toMatchObject({ nextAction: 'EV_OTP', codeSentTo: '••••3210' });
    expect(await lastSms(t, mobile)).toBe('');
    const code = /(\d{6})/.exec(await lastSms(t, GIFT_CARD_MOBILE))![1]!;
    expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
    expect(await voucherBalance('GCCRUST2000')).toBe(before - cart.price);
  });

  it('refuses an e-voucher for a cart with a coupon', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = c.carts.ok(await c.carts.apply((await c.cart()).cartId, 'SAVE20'));
    const o = await c.confirm(
      c.body(cart, { primaryPaymentId: 'EVOUCHER', instrumentDetails: { evoucherCode: 'EVCRUST2000' } }),
    );
    expect(refusal(o)).toMatchObject({
      code: 'PAYMENT_COMBINATION',
      displayMsg: MESSAGES.evoucherNotAllowed,
    });
  });

  it('refuses the wallet to a guest', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const o = await c.confirm(c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' }));
    expect(refusal(o)).toMatchObject({
      code: 'WALLET_UNAVAILABLE',
      displayMsg: ORDER_TEXTS.walletForCustomers,
    });
  });

  it('a deleted account keeps its orders, without the name, number or address', async () => {
    const who = await newCustomer();
    const c = orderClient(t, who);
    const { orderId } = await placeByCard(c, c.body(await c.cart(), { primaryPaymentId: 'CC' }));
    const res = await t.app.inject({ method: 'DELETE', url: API_PATHS.account, headers: who.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await rows<{
      status: string;
      mobile: string;
      user_details: unknown;
      address: unknown;
      deliver_to: string;
    }>(t, sql`select status, mobile, user_details, address, deliver_to from orders where id = ${orderId}`);
    expect(row).toMatchObject({ status: 'placed', mobile: '0000000000', address: null, deliver_to: '' });
    expect(JSON.stringify(row!.user_details)).not.toContain('Asha');
  });

  it("remembers a customer's card as the last used option, brand and last 4 only", async () => {
    const who = await newCustomer();
    const c = orderClient(t, who);
    await placeByCard(c, c.body(await c.cart(), { primaryPaymentId: 'CC' }));
    const res = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.paymentOptions, { storeId: 1001 }),
      headers: who.headers,
    });
    const body = PaymentOptionsResponseSchema.parse(json(res));
    if (body.status !== 'SUCCESS') throw new Error(res.body);
    expect(body.data.lastUsed).toEqual({ methodCode: 'CC', cardScheme: 'VISA', cardLast4: '1111' });
  });
});

describe('order types and checks', () => {
  it('takeaway needs name, email and mobile', async () => {
    const c = orderClient(t, await newGuest(t, 1001, 'T'));
    const cart = await c.cart();
    expect(cart.deliveryType).toBe('T');
    const user = { firstName: 'Asha', lastName: 'Verma', email: '', mobile: freshMobile() };
    const o = await c.confirm(c.body(cart, { primaryPaymentId: 'CC' }, { userDetails: user }));
    expect(refusal(o)).toEqual({
      code: 'INVALID_DETAILS',
      displayMsg: MESSAGES.enterEmail,
      field: 'orderDetails.userDetails.email',
    });
    const placed = await placeByCard(
      c,
      c.body(cart, { primaryPaymentId: 'CC' }, { userDetails: { ...user, email: 'asha@example.com' } }),
    );
    const summary = await c.summary(placed.orderId);
    expect(summary).toMatchObject({ status: 'PLACED', deliveryType: 'T' });
    expect(summary.deliverTo).toContain('Crust Connaught Place');
  });

  it('curbside takes the vehicle and the station, and shows the vehicle number', async () => {
    const c = orderClient(t, await newGuest(t, 1001, 'CURB'));
    const cart = await c.cart();
    const details = { vehicleDetails: { number: 'DL3CAB1234', colour: 'Red' }, stationId: 2 };
    const placed = await placeByCard(c, c.body(cart, { primaryPaymentId: 'CC' }, details));
    expect(await c.summary(placed.orderId)).toMatchObject({
      status: 'PLACED',
      deliveryType: 'CURB',
      vehicleNumber: 'DL3CAB1234',
    });
  });

  it('an advance order takes a slot offered for tomorrow and refuses one that is not', async () => {
    const store = (await t.app.deps.stores.byId(1001))!;
    const now = Date.now();
    const tomorrow = istDayStart(now) + 24 * 3600_000;
    const slots = advanceSlots(store.hours, now);
    const slot = slots.find((s) => s >= tomorrow + 12 * 3600_000)!;
    expect(slot).toBeDefined();
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const bad = await c.confirm(
      c.body(cart, { primaryPaymentId: 'CC' }, { advancedTime: slot / 1000 + 7 * 60 }),
    );
    expect(refusal(bad)).toEqual({
      code: 'INVALID_DETAILS',
      displayMsg: ORDER_TEXTS.chooseSlot,
      field: 'orderDetails.advancedTime',
    });
    const result = ok(
      await c.confirm(c.body(cart, { primaryPaymentId: 'CC' }, { advancedTime: slot / 1000 })),
    );
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    expect(await c.summary(result.orderId)).toMatchObject({ advanceOrder: true, advancedTime: slot / 1000 });
  });

  it('an offline store takes no order for now', async () => {
    const [store] = await rows<{ id: number }>(
      t,
      sql`select id from stores where not online order by id limit 1`,
    );
    const c = orderClient(t, await newGuest(t, store!.id, 'T'));
    const cart = await c.cart();
    const o = await c.confirm(c.body(cart, { primaryPaymentId: 'CC' }));
    expect(refusal(o)).toMatchObject({ code: 'STORE_OFFLINE', displayMsg: MESSAGES.storeOfflineAdvance });
  });

  it('warns of a duplicate order within 30 minutes, and places it once the customer confirms', async () => {
    const c = orderClient(t, await newGuest(t));
    const user = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile: freshMobile() };
    await placeByCard(c, c.body(await c.cart(), { primaryPaymentId: 'CC' }, { userDetails: user }));
    const again = await c.cart();
    const warned = await c.confirm(
      c.body(again, { primaryPaymentId: 'CC' }, { userDetails: user, duplicateConfirmed: false }),
    );
    expect(refusal(warned)).toMatchObject({
      code: 'DUPLICATE_ORDER',
      displayMsg: MESSAGES.duplicateOrderWarning,
    });
    const confirmed = ok(
      await c.confirm(
        c.body(again, { primaryPaymentId: 'CC' }, { userDetails: user, duplicateConfirmed: true }),
      ),
    );
    expect(confirmed.nextAction).toBe('PROCESS_PAYMENT');
  });

  it('refuses a delivery address outside the store radius', async () => {
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    // Dwarka, about 17 km from Connaught Place
    const far = { ...CP_ADDRESS, locality: 'Dwarka', latitude: 28.5809, longitude: 77.0575 };
    const o = await c.confirm(c.body(cart, { primaryPaymentId: 'CC' }, { address: { address: far } }));
    expect(refusal(o)).toMatchObject({ code: 'NOT_SERVICEABLE', displayMsg: MESSAGES.weDoNotDeliverHere });
  });
});
