import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StaffMemberResponseSchema } from '@crust/contract/back-office';
import { CartOutcomeSchema, type Cart } from '@crust/contract/cart';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { StoreOffersResponseSchema } from '@crust/contract/offers';
import {
  AdminCouponResponseSchema,
  AdminDealResponseSchema,
  AdminOffersResponseSchema,
  OfferPreviewResponseSchema,
  type AdminCoupon,
  type CouponDraftBody,
  type DealDraftBody,
  type OfferPreviewBody,
} from '@crust/contract/offers-admin';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { OFFER_TEXTS } from '@crust/domain/offer-admin';
import { MARGHERITA, FARMHOUSE, SIZE, CRUST, newGuest, pizza } from './cart-support.ts';
import { json } from './helpers.ts';
import { errorsOf as allErrors, staffLogins, type StaffLogin, type StaffMethod } from './staff-logins.ts';
import {
  checkout,
  count,
  createOrderApp,
  freshMobile,
  gatewayOrderIdOf,
  ok as success,
  orderClient,
} from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * Issue 30 §3: coupons and everyday-value deals from the back office. Only the chain admin changes them; a
 * draft never applies; a published one is enforced by the cart and the confirm exactly as the seeded ones; a
 * retired one keeps its orders and redemptions but no longer applies; stale saves and bad input save nothing;
 * the preview prices a sample cart as the cart would. Store 1001 is Delhi's Connaught Place; 2001 is in Mumbai.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());
const { pg } = checkout(() => t);
afterEach(async () => {
  await pg.resetModes();
});

const { from, logIn, newLogin: makeLogin } = staffLogins(() => t, '10.71');
type Method = StaffMethod;
type Login = StaffLogin;
const errorsOf = allErrors;
type Errors = { errors: { code: string; displayMsg: string; field?: string }[] };
const newLogin = makeLogin;

let admin: Login;
beforeAll(async () => {
  admin = await logIn('chainadmin', 'pizza-admin');
});
let serial = 0;
const unique = (stem: string) => `${stem}${Date.now().toString(36).slice(-4).toUpperCase()}${++serial}`;

async function ok<T>(res: Promise<{ statusCode: number; body: string }>, schema: { parse(x: unknown): T }) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return schema.parse(json(r));
}

const couponBody = (code: string, extra: Partial<CouponDraftBody> = {}): CouponDraftBody => ({
  code,
  title: '₹75 off with UPI',
  description: 'Pay by UPI and take ₹75 off.',
  rule: { kind: 'FLAT', amount: 7_500 },
  minOrderPaise: 0,
  orderTypes: null,
  storeIds: null,
  cityIds: null,
  days: null,
  hoursFrom: null,
  hoursTo: null,
  firstOrderOnly: false,
  perCustomerLimit: null,
  totalLimit: null,
  paymentOptions: null,
  cardIssuer: null,
  cardBins: null,
  audience: 'ALL',
  hidden: false,
  validFrom: null,
  validTo: null,
  terms: ['One per order.'],
  ...extra,
});
const UPI_AT_1001 = { paymentOptions: ['UPI_WALLET'], storeIds: [1001] };

const couponPath = (code: string) => fillPath(CONSOLE_PATHS.offerCoupon, { code });
const couponStatusPath = (code: string) => fillPath(CONSOLE_PATHS.offerCouponStatus, { code });
const create = (body: CouponDraftBody) => admin.call('POST', CONSOLE_PATHS.offerCoupons, body);
async function draft(body: CouponDraftBody): Promise<AdminCoupon> {
  return (await ok(create(body), AdminCouponResponseSchema)).data.coupon;
}
async function published(body: CouponDraftBody): Promise<AdminCoupon> {
  const c = await draft(body);
  const res = admin.call('POST', couponStatusPath(c.code), { version: c.version, status: 'PUBLISHED' });
  return (await ok(res, AdminCouponResponseSchema)).data.coupon;
}
const couponRows = (code: string) => count(t, sql`select count(*) as n from coupons where code = ${code}`);

/** A guest's cart at a store with a Margherita and a Farmhouse (medium), and the code applied. */
async function apply(storeId: number, code: string) {
  const guest = await newGuest(t, storeId);
  const c = orderClient(t, guest);
  const cart = await c.cart([pizza(MARGHERITA, SIZE.M), pizza(FARMHOUSE, SIZE.M)]);
  const res = await c.carts.call('POST', fillPath(API_PATHS.cartPromo, { cartId: cart.cartId }), { code });
  expect(res.statusCode, res.body).toBe(200);
  return { c, cart, outcome: CartOutcomeSchema.parse(json(res)) };
}
const applied = (o: { status: string }) => (o as { status: 'SUCCESS'; data: Cart }).data;
const refusedWith = (o: { status: string }) =>
  o.status === 'FAILED' ? (o as unknown as Errors).errors[0]!.displayMsg : null;

const previewBody = (
  coupon: CouponDraftBody,
  cart: Partial<OfferPreviewBody['cart']> = {},
): OfferPreviewBody => ({
  offer: { kind: 'COUPON', coupon },
  cart: {
    storeId: 1001,
    deliveryType: 'D',
    paymentMethod: 'UPI_WALLET',
    firstOrder: false,
    lines: [
      { productCode: MARGHERITA, crustId: CRUST.HAND_TOSSED, sizeId: SIZE.M, quantity: 1 },
      { productCode: FARMHOUSE, crustId: CRUST.HAND_TOSSED, sizeId: SIZE.M, quantity: 1 },
    ],
    ...cart,
  },
});
const preview = (body: OfferPreviewBody) =>
  ok(admin.call('POST', CONSOLE_PATHS.offerPreview, body), OfferPreviewResponseSchema);

describe('who may change offers', () => {
  it('only the chain admin: a manager, a regional manager and staff are refused every call; a turned-off login and no login at once', async () => {
    const c = await draft(couponBody(unique('ROLE')));
    const manager = await logIn('store1001', 'pizza1001');
    const regional = await newLogin(admin, {
      username: unique('north.lead').toLowerCase(),
      name: 'North lead',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    const staffer = await newLogin(manager, {
      username: unique('cp.crew').toLowerCase(),
      name: 'CP crew',
      role: 'STAFF',
      storeId: 1001,
    });
    const leaving = await newLogin(admin, {
      username: unique('ex.admin').toLowerCase(),
      name: 'Leaving admin',
      role: 'ADMIN',
    });
    const off = await admin.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: leaving.id }), {
      version: leaving.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    StaffMemberResponseSchema.parse(json(off));

    const deal: DealDraftBody = {
      code: unique('NOPE'),
      title: 'Nope',
      description: '',
      groupSize: 2,
      prices: [{ sizeId: SIZE.M, price: 19_900 }],
      productTypes: ['PIZZA'],
      crustIds: null,
      productCodes: null,
      storeIds: null,
      cityIds: null,
      validFrom: null,
      validTo: null,
      terms: [],
    };
    const calls: [Method, string, object | undefined][] = [
      ['GET', CONSOLE_PATHS.offersAdmin, undefined],
      ['POST', CONSOLE_PATHS.offerCoupons, couponBody(unique('NOPE'))],
      ['PATCH', couponPath(c.code), { ...couponBody(c.code), code: undefined, version: c.version }],
      ['POST', couponStatusPath(c.code), { version: c.version, status: 'PUBLISHED' }],
      ['POST', CONSOLE_PATHS.offerDeals, deal],
      ['PATCH', fillPath(CONSOLE_PATHS.offerDeal, { dealId: 1 }), { ...deal, version: 1 }],
      ['POST', fillPath(CONSOLE_PATHS.offerDealStatus, { dealId: 1 }), { version: 1, status: 'RETIRED' }],
      ['POST', CONSOLE_PATHS.offerPreview, previewBody(couponBody(unique('NOPE')))],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [manager, regional, staffer]) {
        const res = await who.call(method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(errorsOf(res)[0]!.code).toBe('ADMIN_ONLY');
      }
      expect((await leaving.call(method, url, body)).statusCode).toBe(401);
      const anonymous = await t.app.inject({
        method,
        url,
        remoteAddress: from(),
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    // nothing of theirs was made or changed
    const after = (await ok(admin.call('GET', CONSOLE_PATHS.offersAdmin), AdminOffersResponseSchema)).data;
    expect(after.coupons.find((x) => x.code === c.code)).toMatchObject({
      status: 'DRAFT',
      version: c.version,
    });
    expect(after.deals.find((d) => d.id === 1)?.status).toBe('PUBLISHED');
  });
});

describe('a coupon from draft to retired', () => {
  it('a draft never applies; published it does; every change is in the audit log', async () => {
    const code = unique('FLAT');
    const c = await draft(couponBody(code));
    expect(c).toMatchObject({ code, status: 'DRAFT', version: 1, uses: 0 });
    expect(refusedWith((await apply(1001, code)).outcome)).toBe('Sorry, this coupon is not valid');

    const res = admin.call('POST', couponStatusPath(code), { version: c.version, status: 'PUBLISHED' });
    const live = (await ok(res, AdminCouponResponseSchema)).data.coupon;
    expect(live.status).toBe('PUBLISHED');
    const { outcome } = await apply(1001, code);
    expect(applied(outcome).appliedPromo).toMatchObject({ code, discount: 7_500 });

    const audit = await t.database.db.execute(
      sql`select action from audit_events where entity = 'coupon' and entity_id = ${code} order by id`,
    );
    expect((audit as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'coupon.create',
      'coupon.publish',
    ]);
  });

  it('a change to a published coupon reaches the cart at once', async () => {
    const c = await published(couponBody(unique('CHG')));
    const { version: _v, code: _c, ...fields } = { ...c };
    const changed = await ok(
      admin.call('PATCH', couponPath(c.code), {
        ...couponBody(c.code),
        code: undefined,
        version: c.version,
        rule: { kind: 'FLAT', amount: 12_000 },
      }),
      AdminCouponResponseSchema,
    );
    expect(changed.data.coupon.version).toBe(c.version + 1);
    expect(fields.status).toBe('PUBLISHED');
    expect(applied((await apply(1001, c.code)).outcome).appliedPromo?.discount).toBe(12_000);
  });

  it('a coupon whose window is over (or not begun) is refused with the SPEC text', async () => {
    const past = await published(
      couponBody(unique('OLD'), {
        validFrom: '2024-01-01T00:00:00+05:30',
        validTo: '2024-02-01T00:00:00+05:30',
      }),
    );
    expect(refusedWith((await apply(1001, past.code)).outcome)).toBe('Sorry, this coupon is not valid');
    const later = await published(couponBody(unique('NEW'), { validFrom: '2099-01-01T00:00:00+05:30' }));
    expect(refusedWith((await apply(1001, later.code)).outcome)).toBe('Sorry, this coupon is not valid');
    const listed = StoreOffersResponseSchema.parse(
      json(await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.storeOffers, { storeId: 1001 }) })),
    );
    const codes = listed.status === 'SUCCESS' ? listed.data.offers.map((o) => o.code) : [];
    expect(codes).not.toContain(past.code);
    expect(codes).not.toContain(later.code);
  });

  it('a coupon of a city applies at every store of it, and not elsewhere', async () => {
    const c = await published(couponBody(unique('CITY'), { cityIds: ['mumbai'] }));
    expect(applied((await apply(2001, c.code)).outcome).appliedPromo?.code).toBe(c.code);
    expect(refusedWith((await apply(1001, c.code)).outcome)).toBe(
      'This coupon is not valid at the selected store',
    );
  });
});

describe('a published UPI-only coupon for one store, enforced by the cart and the confirm; then retired', () => {
  it('applies at its store, refuses a card at confirm, places a UPI order with the discount; refused at another store; retired, its order and redemption stay', async () => {
    const c = await published(couponBody(unique('UPI'), UPI_AT_1001));

    const elsewhere = await apply(2001, c.code);
    expect(refusedWith(elsewhere.outcome)).toBe('This coupon is not valid at the selected store');

    const { c: client, outcome } = await apply(1001, c.code);
    const cart = applied(outcome);
    expect(cart.appliedPromo).toMatchObject({ code: c.code, discount: 7_500 });
    expect(cart.explicitPromo?.paymentOptions).toEqual(['UPI_WALLET']);
    const who = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile: freshMobile() };

    const byCard = success(
      await client.answer(
        client.body(cart, { primaryPaymentId: 'CC', cardInitialDigits: '411111' }, { userDetails: who }),
      ),
    );
    expect(byCard).toMatchObject({
      nextAction: 'REMOVE_PROMO',
      displayMsg: `The coupon ${c.code} is valid only when you pay by UPI. Remove the coupon or change the payment method.`,
    });

    const result = success(
      await client.confirm(
        client.body(
          cart,
          { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'INTENT' } } },
          { userDetails: who },
        ),
      ),
    );
    gatewayOrderIdOf(result);
    const link = new URL(result.upiDeepLink!);
    const approved = await pg.post('/sandbox/pg/upi/pay', {
      ...Object.fromEntries(link.searchParams),
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await client.status(result.transactionId)).status).toBe('SUCCESS');
    expect((await client.summary(result.orderId)).discount).toBe(7_500);

    // retired: never deleted, its redemption and order kept and readable; the code no longer applies or is listed
    const list = (await ok(admin.call('GET', CONSOLE_PATHS.offersAdmin), AdminOffersResponseSchema)).data;
    const now = list.coupons.find((x) => x.code === c.code)!;
    expect(now.uses).toBe(1);
    const retired = await ok(
      admin.call('POST', couponStatusPath(c.code), { version: now.version, status: 'RETIRED' }),
      AdminCouponResponseSchema,
    );
    expect(retired.data.coupon).toMatchObject({ status: 'RETIRED', uses: 1 });
    expect(await count(t, sql`select count(*) as n from coupon_redemptions where code = ${c.code}`)).toBe(1);
    expect((await client.summary(result.orderId)).discount).toBe(7_500);
    expect(refusedWith((await apply(1001, c.code)).outcome)).toBe('Sorry, this coupon is not valid');
    // retired for good: no change, no publishing again
    const again = await admin.call('POST', couponStatusPath(c.code), {
      version: retired.data.coupon.version,
      status: 'PUBLISHED',
    });
    expect(again.statusCode).toBe(409);
    const edit = await admin.call('PATCH', couponPath(c.code), {
      ...couponBody(c.code),
      code: undefined,
      version: retired.data.coupon.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(errorsOf(edit)[0]!.code).toBe('RETIRED');
  });

  it('a cart priced before the coupon was retired cannot place an order with it', async () => {
    const c = await published(couponBody(unique('LATE')));
    const { c: client, outcome } = await apply(1001, c.code);
    const cart = applied(outcome);
    await ok(
      admin.call('POST', couponStatusPath(c.code), { version: c.version, status: 'RETIRED' }),
      AdminCouponResponseSchema,
    );
    const fresh = await client.carts.get(cart.cartId);
    expect(fresh.appliedPromo).toBeNull();
    expect(fresh.notices).toContain('Sorry, this coupon is not valid');
  });
});

describe('saves: versions, and bad input saves nothing', () => {
  it('two saves on the same version at once: exactly one is kept, the other is 409 STALE', async () => {
    const c = await draft(couponBody(unique('RACE')));
    const save = (amount: number) =>
      admin.call('PATCH', couponPath(c.code), {
        ...couponBody(c.code),
        code: undefined,
        version: c.version,
        rule: { kind: 'FLAT', amount },
      });
    const results = await Promise.all([save(1_000), save(2_000)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(errorsOf(lost)[0]).toMatchObject({ code: 'STALE' });
    const won = AdminCouponResponseSchema.parse(json(results.find((r) => r.statusCode === 200)!)).data.coupon;
    const list = (await ok(admin.call('GET', CONSOLE_PATHS.offersAdmin), AdminOffersResponseSchema)).data;
    expect(list.coupons.find((x) => x.code === c.code)).toMatchObject({ version: 2, rule: won.rule });
  });

  it('two new coupons with one code at once: one is made, the other told the code is taken', async () => {
    const code = unique('TWIN');
    const results = await Promise.all([create(couponBody(code)), create(couponBody(code))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(errorsOf(results.find((r) => r.statusCode === 400)!)[0]).toMatchObject({
      code: 'CODE_TAKEN',
      field: 'body.code',
    });
    expect(await couponRows(code)).toBe(1);
  });

  it.each<[string, Partial<CouponDraftBody>, string, string]>([
    ['a negative amount', { rule: { kind: 'FLAT', amount: -500 } }, 'body.rule.amount', OFFER_TEXTS.amount],
    [
      'a window ending before it starts',
      { validFrom: '2030-02-01T00:00:00+05:30', validTo: '2030-01-01T00:00:00+05:30' },
      'body.validTo',
      OFFER_TEXTS.window,
    ],
    [
      'bank BINs without card payment',
      { paymentOptions: ['UPI_WALLET'], cardIssuer: 'HDFC Bank', cardBins: ['438628'] },
      'body.cardBins',
      OFFER_TEXTS.binsNeedCards,
    ],
    ['an unknown store', { storeIds: [999_999] }, 'body.storeIds', OFFER_TEXTS.unknownStore],
    [
      'per customer above the total',
      { perCustomerLimit: 5, totalLimit: 2 },
      'body.perCustomerLimit',
      OFFER_TEXTS.perCustomerOverTotal,
    ],
  ])('%s: 400 on the field, nothing saved', async (_, extra, field, message) => {
    const code = unique('BAD');
    const res = await create(couponBody(code, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toContainEqual({ code: 'BAD_OFFER', displayMsg: message, field });
    expect(await couponRows(code)).toBe(0);
  });

  it('a refused change keeps the coupon as it was', async () => {
    const c = await draft(couponBody(unique('KEEP')));
    const res = await admin.call('PATCH', couponPath(c.code), {
      ...couponBody(c.code),
      code: undefined,
      version: c.version,
      rule: { kind: 'PERCENT', percent: 150, cap: null },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]!.field).toBe('body.rule.percent');
    const list = (await ok(admin.call('GET', CONSOLE_PATHS.offersAdmin), AdminOffersResponseSchema)).data;
    expect(list.coupons.find((x) => x.code === c.code)).toMatchObject({
      version: 1,
      rule: { kind: 'FLAT', amount: 7_500 },
    });
  });
});

describe('the preview prices a sample cart as the cart would', () => {
  it('an unsaved UPI-only coupon at its store: the discount, and the confirm’s answer to a card', async () => {
    const code = unique('PRE');
    const body = couponBody(code, UPI_AT_1001);
    const upi = (await preview(previewBody(body))).data;
    expect(upi).toMatchObject({ applies: true, refusal: null, paymentRefusal: null });
    expect(upi.cart.appliedPromo).toMatchObject({ code, discount: 7_500 });

    // the same cart as a customer's cart prices it without the coupon, less the discount
    const guest = await newGuest(t, 1001);
    const real = await orderClient(t, guest).cart([pizza(MARGHERITA, SIZE.M), pizza(FARMHOUSE, SIZE.M)]);
    expect(upi.cart.displayPrice).toBe(real.displayPrice);
    expect(upi.cart.displayNetPrice).toBe(real.displayNetPrice - 7_500);

    const card = (await preview(previewBody(body, { paymentMethod: 'CC', cardInitialDigits: '411111' })))
      .data;
    expect(card.paymentRefusal).toBe(
      `The coupon ${code} is valid only when you pay by UPI. Remove the coupon or change the payment method.`,
    );
    const other = (await preview(previewBody(body, { storeId: 2001 }))).data;
    expect(other).toMatchObject({
      applies: false,
      refusal: 'This coupon is not valid at the selected store',
    });
    const firstOnly = (await preview(previewBody(couponBody(code, { firstOrderOnly: true })))).data;
    expect(firstOnly.refusal).toBe('This coupon is valid on your first order only');
    expect(await couponRows(code)).toBe(0);
  });

  it('a bad draft is refused on its fields; an unknown product on its line', async () => {
    const res = await admin.call('POST', CONSOLE_PATHS.offerPreview, previewBody(couponBody('x')));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]!.field).toBe('body.offer.coupon.code');
    const line = await admin.call(
      'POST',
      CONSOLE_PATHS.offerPreview,
      previewBody(couponBody(unique('LINE')), {
        lines: [{ productCode: 'NOPE999', crustId: 1, sizeId: 1, quantity: 1 }],
      }),
    );
    expect(line.statusCode).toBe(400);
    expect(errorsOf(line)[0]!.field).toBe('body.cart.lines.0');
  });
});

describe('deals: a mix-and-match deal made, previewed, published and retired', () => {
  it('is sold at its store once published and not after it is retired', async () => {
    const body: DealDraftBody = {
      code: unique('MIX'),
      title: 'Medium ₹149 or regular ₹89, in pairs',
      description: 'Any two pizzas, medium or regular.',
      groupSize: 2,
      prices: [
        { sizeId: SIZE.M, price: 14_900 },
        { sizeId: SIZE.R, price: 8_900 },
      ],
      productTypes: ['PIZZA'],
      crustIds: [CRUST.HAND_TOSSED],
      productCodes: null,
      storeIds: [1001],
      cityIds: null,
      validFrom: null,
      validTo: null,
      terms: ['In pairs.'],
    };
    const made = (await ok(admin.call('POST', CONSOLE_PATHS.offerDeals, body), AdminDealResponseSchema)).data
      .deal;
    expect(made.status).toBe('DRAFT');
    const priced = (
      await ok(
        admin.call('POST', CONSOLE_PATHS.offerPreview, {
          ...previewBody(couponBody('UNUSED')),
          offer: { kind: 'EDV', deal: body },
        }),
        OfferPreviewResponseSchema,
      )
    ).data;
    expect(priced.applies).toBe(true);
    expect(priced.cart.isEDVOApplied).toBe(true);

    expect(refusedWith((await apply(1001, made.code)).outcome)).toBe('Sorry, this coupon is not valid');
    const live = (
      await ok(
        admin.call('POST', fillPath(CONSOLE_PATHS.offerDealStatus, { dealId: made.id }), {
          version: made.version,
          status: 'PUBLISHED',
        }),
        AdminDealResponseSchema,
      )
    ).data.deal;
    expect(applied((await apply(1001, made.code)).outcome).appliedPromo?.code).toBe(made.code);
    const edv = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.edvDeals, { storeId: 1001 }) });
    expect(edv.body).toContain(made.code);
    await ok(
      admin.call('POST', fillPath(CONSOLE_PATHS.offerDealStatus, { dealId: made.id }), {
        version: live.version,
        status: 'RETIRED',
      }),
      AdminDealResponseSchema,
    );
    expect(refusedWith((await apply(1001, made.code)).outcome)).toBe('Sorry, this coupon is not valid');
  });

  it('a deal priced at ₹0 or for groups of 0 is refused on the field', async () => {
    const res = await admin.call('POST', CONSOLE_PATHS.offerDeals, {
      code: unique('ZERO'),
      title: 'Free',
      description: '',
      groupSize: 0,
      prices: [{ sizeId: SIZE.M, price: 0 }],
      productTypes: ['PIZZA'],
      crustIds: null,
      productCodes: null,
      storeIds: null,
      cityIds: null,
      validFrom: null,
      validTo: null,
      terms: [],
    });
    expect(res.statusCode).toBe(400);
    expect(
      errorsOf(res)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['body.groupSize', 'body.prices']);
  });
});
