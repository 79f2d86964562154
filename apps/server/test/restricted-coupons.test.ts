import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CartOffersResponseSchema } from '@crust/contract/offers';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { formatRupees, paise } from '@crust/domain/money';
import { WalletService } from '../src/modules/wallet/service.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  count,
  createOrderApp,
  customers,
  freshMobile,
  gatewayOrderIdOf,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 11 §1 and §6: a coupon restricted to some ways to pay (SPEC §3 explicitPromo.paymentOptions; HDFC30 =
 * HDFC Bank credit or debit cards, UPI40 = UPI) is refused at confirm for every other way (REMOVE_PROMO), the
 * gateway order takes only the allowed ways and cards, and a capture that still does not meet the condition
 * is refunded and its order failed.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { pg, follow } = checkout(() => t);
afterEach(async () => {
  await pg.resetModes();
});
const newCustomer = customers(() => t);

const HDFC_CARD = '4386 2800 0000 0004';
const OTHER_CARD = '4111 1111 1111 1111';

type Pay = Partial<ConfirmOrderBody['paymentDetails']>;
type Coupon = 'HDFC30' | 'UPI40' | null;

/**
 * Every way to pay, as the client can send it, and what a cart without a coupon answers to it (the next
 * action, or the refusal's code); `poor`: a customer whose wallet is short of the total.
 */
const WAYS: [string, Pay, string, { poor?: boolean }][] = [
  ['cash', { primaryPaymentId: 'CASH' }, 'COD_OTP', {}],
  [
    'a credit card of HDFC Bank',
    { primaryPaymentId: 'CC', cardInitialDigits: '438628' },
    'PROCESS_PAYMENT',
    {},
  ],
  [
    'a credit card of another bank',
    { primaryPaymentId: 'CC', cardInitialDigits: '411111' },
    'PROCESS_PAYMENT',
    {},
  ],
  ['a credit card without its first digits', { primaryPaymentId: 'CC' }, 'PROCESS_PAYMENT', {}],
  [
    'a debit card of HDFC Bank (8 digits)',
    { primaryPaymentId: 'DC', cardInitialDigits: '55226012' },
    'PROCESS_PAYMENT',
    {},
  ],
  [
    'a debit card of another bank',
    { primaryPaymentId: 'DC', cardInitialDigits: '520082' },
    'PROCESS_PAYMENT',
    {},
  ],
  ['net banking', { primaryPaymentId: 'NB' }, 'REDIRECT', {}],
  // not offered by the demo stores: refused as such without a coupon
  ['mobile banking', { primaryPaymentId: 'MB' }, 'PAYMENT_OPTION_DISABLED', {}],
  [
    'UPI (intent)',
    { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'INTENT' } } },
    'UNIFIED_PAYMENT_ACTION',
    {},
  ],
  [
    'UPI (collect)',
    { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'COLLECT' } } },
    'PROCESS_PAYMENT',
    {},
  ],
  ['Paytm', { primaryPaymentId: 'PAYTM_WALLET' }, 'PAYTM_LINK', {}],
  ['Amazon Pay', { primaryPaymentId: 'AMZPAY_WALLET' }, 'REDIRECT', {}],
  ['another wallet', { primaryPaymentId: 'WALLET' }, 'PAYMENT_OPTION_DISABLED', {}],
  [
    'an e-voucher',
    { primaryPaymentId: 'EVOUCHER', instrumentDetails: { evoucherCode: 'EVCRUST2000' } },
    'EV_PIN',
    {},
  ],
  [
    'a gift card',
    { primaryPaymentId: 'CASHCRD', instrumentDetails: { evoucherCode: 'GCCRUST2000' } },
    'EV_OTP',
    {},
  ],
  ['the Crust wallet alone', { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' }, 'THANKYOU', {}],
  ['the Crust wallet as the primary method', { primaryPaymentId: 'PIGGYBANK' }, 'PAYMENT_REQUIRED', {}],
  [
    'the wallet split with UPI',
    {
      primaryPaymentId: 'UPI_WALLET',
      secondaryPaymentId: 'PIGGYBANK',
      instrumentDetails: { upi: { mode: 'INTENT' } },
    },
    'UNIFIED_PAYMENT_ACTION',
    { poor: true },
  ],
  [
    'the wallet split with an HDFC Bank card',
    { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK', cardInitialDigits: '438628' },
    'PROCESS_PAYMENT',
    { poor: true },
  ],
  [
    'the wallet split with cash',
    { primaryPaymentId: 'CASH', secondaryPaymentId: 'PIGGYBANK' },
    'PAYMENT_COMBINATION',
    { poor: true },
  ],
];

/** The ways each coupon keeps its discount with. */
const ALLOWED: Record<'HDFC30' | 'UPI40', string[]> = {
  HDFC30: ['a credit card of HDFC Bank', 'a debit card of HDFC Bank (8 digits)'],
  UPI40: ['UPI (intent)', 'UPI (collect)'],
};

const CONDITION = {
  HDFC30: 'The coupon HDFC30 is valid only when you pay with an HDFC Bank credit or debit card.',
  UPI40: 'The coupon UPI40 is valid only when you pay by UPI.',
};

let rich: Awaited<ReturnType<typeof newCustomer>>;
let poor: Awaited<ReturnType<typeof newCustomer>>;
beforeAll(async () => {
  [rich, poor] = await Promise.all([newCustomer(), newCustomer()]);
  const wallet = new WalletService(t.database.db);
  await wallet.credit(rich.userId, 2_000_000, 'test-topup');
  await wallet.credit(poor.userId, 5_000, 'test-topup');
});

const ordersOfCart = (cartId: string) =>
  count(t, sql`select count(*) as n from orders where cart_id = ${cartId}`);

/** A fresh cart of the customer's with the coupon applied (or none). */
async function cartWith(c: ReturnType<typeof orderClient>, coupon: Coupon) {
  const cart = await c.cart();
  return coupon ? c.carts.ok(await c.carts.apply(cart.cartId, coupon)) : cart;
}

const bodyFor = (c: ReturnType<typeof orderClient>, cart: { cartId: string; price: number }, pay: Pay) =>
  c.body(cart, pay, {
    userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile: freshMobile() },
  });

describe('the restricted-coupon matrix at confirm: every way to pay × HDFC30, UPI40 and no coupon', () => {
  const cases = (['HDFC30', 'UPI40', null] as const).flatMap((coupon) =>
    WAYS.map(([name, pay, plain, who]) => [coupon ?? 'no coupon', name, coupon, pay, plain, who] as const),
  );

  it.each(cases)('%s, paid by %s', async (_, name, coupon, pay, plain, who) => {
    const c = orderClient(t, who.poor ? poor : rich);
    const cart = await cartWith(c, coupon);
    if (coupon) expect(cart.appliedPromo?.code).toBe(coupon);
    const answer = await c.answer(bodyFor(c, cart, pay));
    if (coupon !== null && !ALLOWED[coupon].includes(name)) {
      // no order: the customer is told why and removes the coupon or changes the way to pay
      expect(answer).toEqual({
        status: 'SUCCESS',
        data: {
          nextAction: 'REMOVE_PROMO',
          promoCode: coupon,
          paymentOptions: coupon === 'HDFC30' ? ['CC', 'DC'] : ['UPI_WALLET'],
          displayMsg: expect.stringContaining(CONDITION[coupon]) as string,
        },
      });
      expect(await ordersOfCart(cart.cartId)).toBe(0);
      return;
    }
    // allowed (or no coupon): the method's own answer, and the order keeps the coupon's discount
    const outcome = answer.status === 'SUCCESS' ? answer.data.nextAction : answer.errors[0]!.code;
    expect(outcome).toBe(plain);
    if (coupon) {
      const [order] = await rows<{ promo_code: string; total_paise: number }>(
        t,
        sql`select promo_code, total_paise from orders where cart_id = ${cart.cartId}`,
      );
      expect(order).toEqual({ promo_code: coupon, total_paise: cart.price });
    }
  });

  it('says the wallet is the reason when the wallet pays some of it', async () => {
    const c = orderClient(t, poor);
    const cart = await cartWith(c, 'UPI40');
    const answer = ok(
      await c.answer(
        bodyFor(c, cart, {
          primaryPaymentId: 'UPI_WALLET',
          secondaryPaymentId: 'PIGGYBANK',
          instrumentDetails: { upi: { mode: 'INTENT' } },
        }),
      ),
    );
    expect(answer).toMatchObject({
      nextAction: 'REMOVE_PROMO',
      displayMsg:
        'The coupon UPI40 is valid only when you pay by UPI. Wallet balance cannot be used with it. ' +
        'Remove the coupon or change the payment method.',
    });
  });

  it('goes through once the coupon is removed, at the full price', async () => {
    const c = orderClient(t, rich);
    const cart = await cartWith(c, 'UPI40');
    expect(ok(await c.answer(bodyFor(c, cart, { primaryPaymentId: 'NB' }))).nextAction).toBe('REMOVE_PROMO');
    const plain = c.carts.ok(await c.carts.unapply(cart.cartId, 'UPI40'));
    expect(plain.price).toBeGreaterThan(cart.price);
    expect(ok(await c.answer(bodyFor(c, plain, { primaryPaymentId: 'NB' }))).nextAction).toBe('REDIRECT');
  });
});

describe('the gateway takes only what the coupon allows', () => {
  /** An HDFC30 order by card, confirmed with the card's first digits; answers the order and its gateway id. */
  async function hdfcOrder(digits: string) {
    const c = orderClient(t, rich);
    const cart = await cartWith(c, 'HDFC30');
    const result = ok(
      await c.confirm(bodyFor(c, cart, { primaryPaymentId: 'CC', cardInitialDigits: digits })),
    );
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    return { c, cart, result, gatewayOrderId: gatewayOrderIdOf(result) };
  }

  it('passes the restriction with the gateway order: card only, HDFC Bank BINs, and why', async () => {
    const { gatewayOrderId } = await hdfcOrder('438628');
    const order = await t.gateway.fetchOrder(gatewayOrderId);
    expect(order?.restrict).toEqual({
      methods: ['card'],
      cardBins: expect.arrayContaining(['438628', '552260']) as string[],
      reason: CONDITION.HDFC30,
    });
    // the gateway's own pages: only the card is offered, the condition is shown, other ways are refused
    const methods = await pg.get(`/sandbox/pg/pay/${gatewayOrderId}`);
    expect(methods.body).toContain('id="method-card"');
    expect(methods.body).not.toContain('id="method-upi_intent"');
    expect(methods.body).toContain(CONDITION.HDFC30);
    for (const method of ['netbanking', 'wallet', 'upi_intent', 'upi_collect']) {
      const page = await pg.get(`/sandbox/pg/pay/${gatewayOrderId}?method=${method}`);
      expect(page.statusCode, method).toBe(403);
      expect(page.body).toContain('This way to pay cannot be used for this order.');
    }
    const bank = await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/netbanking`, { bank: 'HDFC' });
    expect(bank.statusCode).toBe(400);
    expect(bank.body).toContain(CONDITION.HDFC30);
    const upi = await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/upi_collect`, { vpa: 'asha@okhdfcbank' });
    expect(upi.statusCode).toBe(400);
    expect(
      await count(t, sql`select count(*) as n from pg_payments where order_id = ${gatewayOrderId}`),
    ).toBe(0);
  });

  it('the honest path: an HDFC Bank card is charged, the order is placed with the discount', async () => {
    const { c, cart, result, gatewayOrderId } = await hdfcOrder('438628');
    const paymentId = await pg.cardToOtp(gatewayOrderId, { number: HDFC_CARD });
    await follow(await pg.submitOtp(paymentId, '123456'));
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const summary = await c.summary(result.orderId);
    expect(summary).toMatchObject({ status: 'PLACED', netPrice: cart.price });
    expect(summary.discount).toBeGreaterThan(0);
    // the gateway knows the BIN, brand and last 4; never the number
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      cardBin: '438628',
      cardBrand: 'VISA',
      cardLast4: '0004',
    });
    expect(await pg.gatewayTablesText()).not.toContain('4386280000000004');
  });

  it('tampering: the client says HDFC, the card typed at the gateway is not, and the gateway refuses it', async () => {
    const { c, result, gatewayOrderId } = await hdfcOrder('438628');
    const res = await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/card`, {
      ...pg.validCard,
      number: OTHER_CARD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`This card cannot be used for this payment. ${CONDITION.HDFC30}`);
    expect(
      await count(t, sql`select count(*) as n from pg_payments where order_id = ${gatewayOrderId}`),
    ).toBe(0);
    // the order still waits for a card that meets the condition; the same page takes the HDFC card
    const paymentId = await pg.cardToOtp(gatewayOrderId, { number: HDFC_CARD });
    await follow(await pg.submitOtp(paymentId, '123456'));
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
  });

  it('a capture that does not meet the condition (a gateway that ignored it) is refunded and the order failed', async () => {
    const { c, result, gatewayOrderId } = await hdfcOrder('438628');
    // the gateway forgets the restriction, as a real one might
    await t.database.db.execute(sql`update pg_orders set restrictions = null where id = ${gatewayOrderId}`);
    const paymentId = await pg.cardToOtp(gatewayOrderId, { number: OTHER_CARD });
    await follow(await pg.submitOtp(paymentId, '123456'));
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
    const payment = await t.gateway.fetchPayment(paymentId);
    expect(payment).toMatchObject({ status: 'captured', amountRefundedPaise: result.amountPaise });
    // the coupon use is given back, and no discounted order stands
    expect(
      await count(t, sql`select count(*) as n from coupon_redemptions where order_id = ${result.orderId}`),
    ).toBe(0);
    const [failure] = await rows<{ failure_code: string }>(
      t,
      sql`select failure_code from payments where order_id = ${result.orderId}`,
    );
    expect(failure!.failure_code).toBe('PROMO_PAYMENT_MISMATCH');
  });

  it('UPI40: the gateway order takes UPI only; paid by UPI, the order keeps its ₹40', async () => {
    const c = orderClient(t, rich);
    const cart = await cartWith(c, 'UPI40');
    const result = ok(
      await c.confirm(
        bodyFor(c, cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'INTENT' } } }),
      ),
    );
    const gatewayOrderId = gatewayOrderIdOf(result);
    expect((await t.gateway.fetchOrder(gatewayOrderId))?.restrict).toMatchObject({
      methods: ['upi'],
      cardBins: null,
    });
    expect((await pg.get(`/sandbox/pg/pay/${gatewayOrderId}?method=card`)).statusCode).toBe(403);
    const link = new URL(result.upiDeepLink!);
    const approved = await pg.post('/sandbox/pg/upi/pay', {
      ...Object.fromEntries(link.searchParams),
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect((await c.summary(result.orderId)).discount).toBe(4_000);
  });

  it('a UPI40 order paid by a card through a gateway that ignored the restriction is refunded', async () => {
    const c = orderClient(t, rich);
    const cart = await cartWith(c, 'UPI40');
    const result = ok(
      await c.confirm(
        bodyFor(c, cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'COLLECT' } } }),
      ),
    );
    const gatewayOrderId = gatewayOrderIdOf(result);
    await t.database.db.execute(sql`update pg_orders set restrictions = null where id = ${gatewayOrderId}`);
    const paymentId = await pg.cardToOtp(gatewayOrderId, { number: HDFC_CARD });
    await follow(await pg.submitOtp(paymentId, '123456'));
    expect((await c.status(result.transactionId)).status).toBe('FAILED');
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
  });
});

describe('the best deal says the condition', () => {
  it('suggests a payment-restricted coupon with what it needs, in the cart and on the offers list', async () => {
    const c = orderClient(t, rich);
    const cart = await c.cart();
    const res = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.cartOffers, { cartId: cart.cartId }),
      headers: rich.headers,
    });
    const { offers } = CartOffersResponseSchema.parse(json(res)).data;
    const upi = offers.find((o) => o.code === 'UPI40')!;
    expect(upi.condition).toBe(`Pay by UPI to save ${formatRupees(paise(upi.saving))}`);
    const hdfc = offers.find((o) => o.code === 'HDFC30')!;
    expect(hdfc.condition).toBe(
      `Pay with an HDFC Bank credit or debit card to save ${formatRupees(paise(hdfc.saving))}`,
    );
    expect(offers.find((o) => o.code === 'SAVE20')!.condition).toBeNull();
    // the cart's suggestion is the biggest listed saving, and says its condition when it has one
    const best = offers.find((o) => o.code === cart.bestDeal?.code);
    expect(cart.bestDeal?.condition ?? null).toBe(best?.condition ?? null);
    const hdfcBest = offers.filter((o) => o.applicable).every((o) => o.saving <= hdfc.saving);
    if (hdfcBest) expect(cart.bestDeal).toMatchObject({ code: 'HDFC30', condition: hdfc.condition });
  });
});
