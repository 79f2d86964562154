import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VendorConfig } from '@crust/contract/config';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { API_PATHS } from '@crust/contract/paths';
import { capabilityOn, enabledFeatures, FEATURES, type Capability } from '@crust/domain/app-config';
import { httpError } from './errors.ts';

/** The capabilities a partner may block that have calls of their own (logout stays open: below). */
export type GatedCapability = Extract<Capability, 'train' | 'feedback' | 'offers' | 'wallet' | 'edv'>;

interface GatedRoute {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** when only some calls of the route belong to the feature */
  when?: (req: FastifyRequest) => boolean;
}

const get = (url: string): GatedRoute => ({ method: 'GET', url });
const post = (url: string): GatedRoute => ({ method: 'POST', url });

/** A cart for delivery on a train: the IRCTC delivery type, asked by header on creation or in a PUT's body. */
const trainCartCreated = (req: FastifyRequest) => req.headers.deliverytype === 'IRCTC';
const trainCartAsked = (req: FastifyRequest) =>
  (req.body as { deliveryType?: unknown } | undefined)?.deliveryType === 'IRCTC';
/** An order confirmed for a train: a cart made before the partner's sign-in could still be one (a guest's, merged). */
const trainOrderAsked = (req: FastifyRequest) =>
  (req.body as { orderDetails?: { deliveryType?: unknown } } | undefined)?.orderDetails?.deliveryType ===
  'IRCTC';

/** A cart made with a coupon already in it (SPEC §3 explicitPromo). */
const cartWithPromo = (req: FastifyRequest) =>
  ((req.body as { explicitPromo?: unknown } | undefined)?.explicitPromo ?? null) !== null;

/**
 * Which calls belong to which feature (docs/mini-apps.md "What each partner blocks"): the ones the web's blocked
 * screens make. Offers are the lists and terms and also a coupon applied or measured (issue 31 item 4: a partner
 * that blocks offers hides the coupon box and the best deal); removing one stays open, so a coupon carried in from
 * before the sign-in can always go. Cancelling a train order or asking for its delivery code again concerns an order
 * already paid for, so it stays open; logout is never refused: ending a session must always work.
 */
export const FEATURE_ROUTES: Record<GatedCapability, readonly GatedRoute[]> = {
  offers: [
    get(API_PATHS.cartOffers),
    get(API_PATHS.storeOffers),
    get(API_PATHS.offerTerms),
    post(API_PATHS.cartPromo),
    get(API_PATHS.cartPromoValidate),
    { method: 'POST', url: API_PATHS.carts, when: cartWithPromo },
  ],
  edv: [get(API_PATHS.edvDeals), get(API_PATHS.edvDeal), get(API_PATHS.edvMixMatch)],
  train: [
    get(API_PATHS.pnrStatus),
    post(API_PATHS.pnrStatus),
    get(API_PATHS.irctcBanner),
    get(API_PATHS.irctcOrders),
    post(API_PATHS.irctcValidateCoupon),
    { method: 'POST', url: API_PATHS.carts, when: trainCartCreated },
    { method: 'PUT', url: API_PATHS.cart, when: trainCartAsked },
    { method: 'POST', url: API_PATHS.orders, when: trainOrderAsked },
  ],
  wallet: [get(API_PATHS.walletSummary), get(API_PATHS.walletLedger)],
  feedback: [
    get(API_PATHS.feedbackCount),
    get(API_PATHS.feedbackOrder),
    post(API_PATHS.feedbackSubmit),
    post(API_PATHS.feedbackSubmitFtr),
  ],
};

/** The web's names of the features (FeatureGate's "Not available here"), so both say the same. */
const FEATURE_NAMES: Record<GatedCapability, string> = {
  train: 'Delivery on your train',
  feedback: 'Rating your order',
  offers: 'Offers',
  wallet: 'The Crust wallet',
  edv: 'Everyday value offers',
};

export const PARTNER_FEATURE_TEXTS = {
  blocked: (capability: GatedCapability, partnerName: string) =>
    `${FEATURE_NAMES[capability]} is not available in ${partnerName}. Everything else works as usual.`,
} as const;

type Gate = { capability: GatedCapability; when?: (req: FastifyRequest) => boolean };

function indexOf(map: typeof FEATURE_ROUTES): Map<string, Gate[]> {
  const index = new Map<string, Gate[]>();
  for (const [capability, routes] of Object.entries(map) as [GatedCapability, readonly GatedRoute[]][])
    for (const { method, url, when } of routes) {
      const key = `${method} ${url}`;
      index.set(key, [...(index.get(key) ?? []), when ? { capability, when } : { capability }]);
    }
  return index;
}

export interface PartnerFeatureOptions {
  /** the partner's vendorConfig as the remote config says now (the chain may change its blocked list) */
  vendorConfig(vendor: PartnerVendor): Promise<VendorConfig | undefined>;
}

/**
 * SPEC §5, §6 on the server's side (issue 28 §9): a call of a feature the session's partner blocks is refused with
 * 403 FEATURE_BLOCKED, naming the partner as the web's blocked screen does. The partner comes from the signed token
 * (principal.partner), never from a header; other sessions pay nothing, not even the config's read.
 */
export function installPartnerFeatures(app: FastifyInstance, options: PartnerFeatureOptions): void {
  const index = indexOf(FEATURE_ROUTES);
  app.addHook('preHandler', async (req) => {
    const vendor = req.principal?.partner;
    if (!vendor) return;
    // HEAD is answered by the GET route
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const gate = index.get(`${method} ${req.routeOptions.url}`)?.find((g) => !g.when || g.when(req));
    if (!gate) return;
    const partner = await options.vendorConfig(vendor);
    if (!partner || capabilityOn(enabledFeatures(FEATURES, partner.blockedFeatures), gate.capability)) return;
    throw httpError(
      403,
      'FEATURE_BLOCKED',
      PARTNER_FEATURE_TEXTS.blocked(gate.capability, partner.partnerName),
    );
  });
}
