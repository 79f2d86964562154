import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { DEFAULT_REMOTE_CONFIG } from '../src/modules/config/defaults.ts';
import { FEATURE_ROUTES, type GatedCapability } from '../src/http/partner-features.ts';
import { cartClient, type Guest } from './cart-support.ts';
import { json } from './helpers.ts';
import { customers } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createPartnerApp, partnerClient } from './partner-support.ts';

/**
 * Issue 28 §9: the features a partner blocks in its mini-app (SPEC §6) are refused by the API too, for a session
 * that partner signed in: 403 FEATURE_BLOCKED naming the partner. A normal session, and a partner that does not
 * block the feature, are served as before.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createPartnerApp();
});
afterAll(() => t.close());

const partners = partnerClient(() => t);
const newCustomer = customers(() => t);

interface Call {
  capability: GatedCapability;
  method: 'GET' | 'POST' | 'PUT';
  /** the route as FEATURE_ROUTES names it */
  route: string;
  url: (cartId: string) => string;
  payload?: (cartId: string) => object;
  headers?: Record<string, string>;
}

const PNR = '2345678901';
/** An order id of the right shape that is nobody's. */
const NO_ORDER = `O${'0'.repeat(20)}`;
const FEEDBACK = {
  mobileNo: '9876543210',
  feedback: { comment: 'Hot and on time', orderId: NO_ORDER, rating: 5 },
};
/** One call of every gated route, as the web (or a hand-made client) would make it. */
const CALLS: Call[] = [
  {
    capability: 'offers',
    method: 'GET',
    route: API_PATHS.cartOffers,
    url: (c) => fillPath(API_PATHS.cartOffers, { cartId: c }),
  },
  {
    capability: 'offers',
    method: 'GET',
    route: API_PATHS.storeOffers,
    url: () => fillPath(API_PATHS.storeOffers, { storeId: 1001 }),
  },
  {
    capability: 'offers',
    method: 'GET',
    route: API_PATHS.offerTerms,
    url: () => fillPath(API_PATHS.offerTerms, { code: 'SAVE20' }),
  },
  {
    capability: 'offers',
    method: 'POST',
    route: API_PATHS.cartPromo,
    url: (c) => fillPath(API_PATHS.cartPromo, { cartId: c }),
    payload: () => ({ code: 'SAVE20' }),
  },
  {
    capability: 'offers',
    method: 'GET',
    route: API_PATHS.cartPromoValidate,
    url: (c) => fillPath(API_PATHS.cartPromoValidate, { cartId: c, code: 'SAVE20' }),
  },
  {
    capability: 'offers',
    method: 'POST',
    route: API_PATHS.carts,
    url: () => API_PATHS.carts,
    payload: () => ({ items: [], explicitPromo: { promoCode: 'SAVE20' } }),
  },
  {
    capability: 'edv',
    method: 'GET',
    route: API_PATHS.edvDeals,
    url: () => fillPath(API_PATHS.edvDeals, { storeId: 1001 }),
  },
  {
    capability: 'edv',
    method: 'GET',
    route: API_PATHS.edvDeal,
    url: () => fillPath(API_PATHS.edvDeal, { storeId: 1001, dealId: 1 }),
  },
  {
    capability: 'edv',
    method: 'GET',
    route: API_PATHS.edvMixMatch,
    url: () => fillPath(API_PATHS.edvMixMatch, { storeId: 1001 }),
  },
  {
    capability: 'train',
    method: 'GET',
    route: API_PATHS.pnrStatus,
    url: () => `${API_PATHS.pnrStatus}?pnr=${PNR}`,
  },
  {
    capability: 'train',
    method: 'POST',
    route: API_PATHS.pnrStatus,
    url: () => API_PATHS.pnrStatus,
    payload: () => ({ pnr: PNR }),
  },
  { capability: 'train', method: 'GET', route: API_PATHS.irctcBanner, url: () => API_PATHS.irctcBanner },
  { capability: 'train', method: 'GET', route: API_PATHS.irctcOrders, url: () => API_PATHS.irctcOrders },
  {
    capability: 'train',
    method: 'POST',
    route: API_PATHS.irctcValidateCoupon,
    url: () => API_PATHS.irctcValidateCoupon,
    payload: (c) => ({ cartId: c, code: 'SAVE20' }),
  },
  {
    capability: 'train',
    method: 'POST',
    route: API_PATHS.carts,
    url: () => API_PATHS.carts,
    payload: () => ({ items: [] }),
    headers: { deliverytype: 'IRCTC' },
  },
  {
    capability: 'train',
    method: 'PUT',
    route: API_PATHS.cart,
    url: (c) => fillPath(API_PATHS.cart, { cartId: c }),
    payload: () => ({ deliveryType: 'IRCTC' }),
  },
  {
    capability: 'train',
    method: 'POST',
    route: API_PATHS.orders,
    url: () => API_PATHS.orders,
    payload: (c) => ({
      orderDetails: {
        cartId: c,
        deliveryType: 'IRCTC',
        userDetails: {
          firstName: 'Asha',
          lastName: 'Verma',
          email: 'asha@example.com',
          mobile: '9876543210',
        },
        address: null,
        zeroContactDelivery: false,
        expectedTotalPaise: 0,
        duplicateConfirmed: true,
        customerIrctcDetails: { pnr: PNR, trainNo: '12627', stationCode: 'BPL' },
      },
      paymentDetails: { primaryPaymentId: 'CASH', secondaryPaymentId: null },
    }),
    headers: { 'idempotency-key': '7f1c2d4e-0b6a-4c1e-9a55-28a0c0ffee28' },
  },
  { capability: 'wallet', method: 'GET', route: API_PATHS.walletSummary, url: () => API_PATHS.walletSummary },
  { capability: 'wallet', method: 'GET', route: API_PATHS.walletLedger, url: () => API_PATHS.walletLedger },
  {
    capability: 'feedback',
    method: 'GET',
    route: API_PATHS.feedbackCount,
    url: () => `${API_PATHS.feedbackCount}?interval=86400`,
  },
  {
    capability: 'feedback',
    method: 'GET',
    route: API_PATHS.feedbackOrder,
    url: () => fillPath(API_PATHS.feedbackOrder, { orderId: NO_ORDER }),
  },
  {
    capability: 'feedback',
    method: 'POST',
    route: API_PATHS.feedbackSubmit,
    url: () => API_PATHS.feedbackSubmit,
    payload: () => FEEDBACK,
  },
  {
    capability: 'feedback',
    method: 'POST',
    route: API_PATHS.feedbackSubmitFtr,
    url: () => API_PATHS.feedbackSubmitFtr,
    payload: () => FEEDBACK,
  },
];

async function send(who: Guest, call: Call, cartId: string) {
  return t.app.inject({
    method: call.method,
    url: call.url(cartId),
    headers: { ...who.headers, ...call.headers },
    ...(call.payload ? { payload: call.payload(cartId) } : {}),
  });
}

/** A session with a cart of its own, for the calls on a cart. */
async function withCart(who: Guest): Promise<{ who: Guest; cartId: string }> {
  const c = cartClient(t, who);
  return { who, cartId: c.ok(await c.create([])).cartId };
}
const partnerSession = async (vendor: PartnerVendor) => withCart((await partners.session(vendor)).who);

const blockedCode = (res: { body: string }) =>
  (json<{ errors?: { code: string }[] }>(res).errors ?? [])[0]?.code === 'FEATURE_BLOCKED';

describe('partner-blocked features refused by the API', () => {
  it('names every gated route once in the test, and every one is a route of the app', () => {
    const mapped = Object.entries(FEATURE_ROUTES).flatMap(([capability, routes]) =>
      routes.map((r) => `${capability} ${r.method} ${r.url}`),
    );
    expect(CALLS.map((c) => `${c.capability} ${c.method} ${c.route}`).sort()).toEqual(mapped.sort());
    for (const [, routes] of Object.entries(FEATURE_ROUTES))
      for (const r of routes) expect(t.app.hasRoute({ method: r.method, url: r.url }), r.url).toBe(true);
  });

  it.each(CALLS.map((c) => [`${c.method} ${c.route} (${c.capability})`, c] as const))(
    'refuses %s to a Paytm session: 403 FEATURE_BLOCKED naming Paytm',
    async (_, call) => {
      const { who, cartId } = await partnerSession('PAYTM');
      const res = await send(who, call, cartId);
      expect(res.statusCode, res.body).toBe(403);
      const names: Record<GatedCapability, string> = {
        offers: 'Offers',
        edv: 'Everyday value offers',
        train: 'Delivery on your train',
        wallet: 'The Crust wallet',
        feedback: 'Rating your order',
      };
      expect(json(res)).toEqual({
        status: 'FAILED',
        errors: [
          {
            code: 'FEATURE_BLOCKED',
            displayMsg: `${names[call.capability]} is not available in Paytm. Everything else works as usual.`,
          },
        ],
      });
    },
  );

  it('serves every one of them to a normal session, even one sending a mini-app client_type', async () => {
    const { who, cartId } = await withCart(await newCustomer());
    const disguised: Guest = {
      ...who,
      headers: { ...who.headers, client_type: 'PAYTM_MINIAPP', api_key: 'crust-paytm-miniapp' },
    };
    for (const call of CALLS) {
      const res = await send(disguised, call, cartId);
      expect(res.statusCode === 403 || blockedCode(res), `${call.method} ${call.route}: ${res.body}`).toBe(
        false,
      );
    }
  });

  it('serves a Google Pay session all but what Google Pay blocks (its wallet)', async () => {
    const { who, cartId } = await partnerSession('GPAY');
    for (const call of CALLS) {
      const res = await send(who, call, cartId);
      const refused = res.statusCode === 403 && blockedCode(res);
      expect(refused, `${call.method} ${call.route}: ${res.body}`).toBe(call.capability === 'wallet');
      if (refused)
        expect(json(res).errors[0].displayMsg).toBe(
          'The Crust wallet is not available in Google Pay. Everything else works as usual.',
        );
    }
  });

  it("follows the chain's latest blocked list for the partner", async () => {
    const { who, cartId } = await partnerSession('PAYTM');
    const offers = CALLS.find((c) => c.route === API_PATHS.storeOffers)!;
    expect((await send(who, offers, cartId)).statusCode).toBe(403);
    const paytm = DEFAULT_REMOTE_CONFIG.vendorConfig.PAYTM!;
    const value = {
      vendorConfig: {
        ...DEFAULT_REMOTE_CONFIG.vendorConfig,
        PAYTM: {
          ...paytm,
          blockedFeatures: paytm.blockedFeatures.filter((f) => f !== 'offers' && f !== 'deals_and_offer'),
        },
      },
    };
    await t.database.db.execute(sql`delete from app_config where key = 'remote'`);
    await t.database.db.execute(
      sql`insert into app_config (key, value) values ('remote', ${JSON.stringify(value)}::jsonb)`,
    );
    try {
      expect((await send(who, offers, cartId)).statusCode).toBe(200);
      const wallet = CALLS.find((c) => c.route === API_PATHS.walletSummary)!;
      expect((await send(who, wallet, cartId)).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`delete from app_config where key = 'remote'`);
    }
  });
});
