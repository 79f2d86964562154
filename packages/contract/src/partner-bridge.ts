/**
 * The JS bridge a partner host (PAYTM, GPAY) gives the mini-app running inside it (issue 18 §1), as the
 * sandbox hosts at /sandbox/partner/{paytm,gpay} implement it: the mini-app, framed by the host, posts a
 * request to `window.parent` and the host posts one reply with the same `id`. A real host's own JS API
 * (Paytm's JSBridge, Google Pay's microapps) is adapted to these calls in apps/web/src/shared/partner.
 * Zod-free so the web bundle may import it at runtime.
 */
export const BRIDGE_PROTOCOL = 'crust-partner/1';

export const PARTNER_VENDORS = ['PAYTM', 'GPAY'] as const;
export type PartnerVendor = (typeof PARTNER_VENDORS)[number];

/** SPEC §7 partner login: the clientId (and the path segment of POST /{vendor}) of each partner. */
export const PARTNER_CLIENT_IDS = { PAYTM: 'paytm', GPAY: 'googlepay' } as const satisfies Record<
  PartnerVendor,
  string
>;
export type PartnerClientId = (typeof PARTNER_CLIENT_IDS)[PartnerVendor];

/** The vendor a clientId or entry URL's `?vendor=` names (either spelling, any case); null for anything else. */
export function partnerVendorOf(name: string | null | undefined): PartnerVendor | null {
  if (!name) return null;
  const n = name.trim().toLowerCase();
  for (const v of PARTNER_VENDORS) if (n === v.toLowerCase() || n === PARTNER_CLIENT_IDS[v]) return v;
  return null;
}

/** What the host's payment sheet is asked to pay: a partner order Crust's server made (never an amount the
 * browser chose: the host reads the amount from its own server by `orderRef`). */
export interface PartnerPayRequest {
  /** the partner's order id, made by Crust's server with the partner */
  orderRef: string;
  /** Crust's transaction id, shown on the sheet and sent back in the partner's notification */
  transactionId: string;
  amountPaise: number;
  /** Crust's merchant id at the partner */
  merchantId: string;
  description: string;
}

export type BridgeRequest =
  | { bridge: typeof BRIDGE_PROTOCOL; id: string; method: 'hello' }
  | { bridge: typeof BRIDGE_PROTOCOL; id: string; method: 'authCode'; params: { clientId: PartnerClientId } }
  | { bridge: typeof BRIDGE_PROTOCOL; id: string; method: 'pay'; params: PartnerPayRequest }
  | { bridge: typeof BRIDGE_PROTOCOL; id: string; method: 'exit' };
export type BridgeMethod = BridgeRequest['method'];

/** Why a bridge call did not give what was asked: the user said no, the partner declined, or it broke. */
export type BridgeErrorCode = 'DENIED' | 'DECLINED' | 'CANCELLED' | 'FAILED';

export interface BridgeResults {
  hello: { vendor: PartnerVendor; hostName: string };
  /** after the user's consent: single use, valid 5 minutes (PARTNER_AUTH_CODE_SECONDS) */
  authCode: { authCode: string };
  /** the host's word only: Crust's server asks the partner before it believes a payment */
  pay: { paymentId: string; status: 'SUCCESS' | 'FAILED' | 'PENDING' };
  exit: { exited: true };
}

export type BridgeReply<M extends BridgeMethod = BridgeMethod> =
  | { bridge: typeof BRIDGE_PROTOCOL; id: string; ok: true; result: BridgeResults[M] }
  | {
      bridge: typeof BRIDGE_PROTOCOL;
      id: string;
      ok: false;
      error: { code: BridgeErrorCode; message: string };
    };

/** How long a partner's auth code lives (issue 18 §1). */
export const PARTNER_AUTH_CODE_SECONDS = 300;
