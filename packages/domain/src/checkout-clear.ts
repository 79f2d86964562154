/**
 * SPEC §4 Checkout and payment: "Cart clearing resets promo, payment mode, transaction id, wallet
 * selection, cart, menu, loyalty and extra-deal items, the advance-order flag and optional charges".
 * It happens after a thank-you status of SUCCESS or FAILED, or when status polling runs out (UNKNOWN).
 *
 * CheckoutState is the part of the client's state that clearing touches; a caller's state may hold
 * more (the store, the user, the location…), and clearedCheckoutState keeps all of that as it is.
 * Cleared means: no promo code, payment mode or transaction id; the wallet not selected; no cart id
 * (the next add makes a new cart); the menu stale (fetched again before it is shown); no loyalty
 * choice; no extra-deal items; not an advance order; no optional charges opted.
 */

/** What the customer chose about loyalty for this order. */
export interface CheckoutLoyalty {
  /** redeem the free pizza the points give (SPEC §9: 600 points) */
  redeemFreeItem: boolean;
  /** enrol with this order (SPEC §5: automatic when not enrolled, with the stored card code) */
  enrol: boolean;
}

/** SPEC §3 optedOptionalCharges. */
export interface OptedOptionalCharge {
  /** K */
  chargeTypeCode: string;
  selected: boolean;
}

export interface CheckoutState {
  promoCode: string | null;
  /** a SPEC §3 payment type code: CASH, CC, UPI_WALLET, … */
  paymentMode: string | null;
  transactionId: string | null;
  walletSelected: boolean;
  cartId: string | null;
  /** true when the menu must be fetched again before it is shown */
  menuStale: boolean;
  loyalty: CheckoutLoyalty | null;
  /** item ids added by an extra deal (EDV mix-and-match) */
  extraDealItems: readonly string[];
  advanceOrder: boolean;
  optionalCharges: readonly OptedOptionalCharge[];
}

/** The keys cart clearing resets: every key of CheckoutState, in the order SPEC §4 lists them. */
export const CLEARED_CHECKOUT_KEYS = [
  'promoCode',
  'paymentMode',
  'transactionId',
  'walletSelected',
  'cartId',
  'menuStale',
  'loyalty',
  'extraDealItems',
  'advanceOrder',
  'optionalCharges',
] as const satisfies readonly (keyof CheckoutState)[];

export type ClearedCheckoutKey = (typeof CLEARED_CHECKOUT_KEYS)[number];

/** Fails to compile when CheckoutState gains a key the tuple does not list. */
type Unlisted = Exclude<keyof CheckoutState, ClearedCheckoutKey>;
const _everyCheckoutKeyListed: [Unlisted] extends [never] ? true : never = true;

/** The checkout part of the state as clearing leaves it (fresh arrays each call). */
export function emptyCheckoutState(): CheckoutState {
  return {
    promoCode: null,
    paymentMode: null,
    transactionId: null,
    walletSelected: false,
    cartId: null,
    menuStale: true,
    loyalty: null,
    extraDealItems: [],
    advanceOrder: false,
    optionalCharges: [],
  };
}

/** SPEC §4 cart clearing: the listed keys reset, everything else kept; the input is not changed. */
export function clearedCheckoutState<S extends CheckoutState>(state: S): S {
  return { ...state, ...emptyCheckoutState() };
}
