/**
 * The cart's data model, shared by the pricing rules (cart-lines, cart-totals, promotions, edv,
 * best-deal) and by the server that stores carts. Everything here is plain data; money is in paise.
 */
import type { CustomisableProduct, PricedTopping, PricedVariant } from './customise.ts';
import type { DeliveryType } from './delivery-types.ts';
import type { Paise } from './money.ts';

/** What a customer asks for: one product in one crust and size, customised, some number of times. */
export interface CartLineInput {
  productCode: string;
  crustId: number;
  sizeId: number;
  /** extra toppings, charged (addTopngs) */
  addToppings: readonly number[];
  /** default toppings taken off (remTopngs) */
  removeToppings: readonly number[];
  /** free swaps in place of removed defaults (repTopngs) */
  replaceToppings: readonly number[];
  /** portions of extra cheese, item 51, 0–3 */
  extraCheese: number;
  quantity: number;
  /**
   * Lines bound to a promotion (an explicit-promo deal line, SPEC §3 promoPerQty) never merge with
   * others; null for an ordinary line.
   */
  promoGroupId: string | null;
  /**
   * A free regular pizza paid with Pizza Pals points (SPEC §3 menuType LOYALTY, potpFreeItem): its variant costs
   * ₹0, its extra toppings are charged; one unit per line, never merged. Absent on lines stored before issue 15.
   */
  freeItem?: boolean;
}

/** A line as the cart keeps it: its id, and the unit price the customer was last shown for it. */
export interface CartLine extends CartLineInput {
  itemId: string;
  /** the unit price when the line was added or last accepted; a different current price is PRICE_CHANGED */
  seenUnitPrice: Paise;
}

/** A variant with its list price before the everyday discount (the strike price). */
export interface CatalogueVariant extends PricedVariant {
  regularPrice: Paise;
}

/** A product as one store sells it (city price deltas already applied). */
export interface CatalogueProduct extends CustomisableProduct {
  name: string;
  /** PIZZA, PIZZA_MANIA, SIDES, BEVERAGE, DESSERT, … */
  productType: string;
  categoryIds: readonly number[];
  variants: readonly CatalogueVariant[];
  inStock: boolean;
  /** GST rate in basis points: 500 = 5 % */
  gstRateBp: number;
  isBestseller: boolean;
  sortOrder: number;
}

/** One store's sellable menu: products not sold there are absent. Toppings include extra cheese (51). */
export interface StoreCatalogue {
  storeId: number;
  products: ReadonlyMap<string, CatalogueProduct>;
  toppings: ReadonlyMap<number, PricedTopping>;
  /** the sizes a Pizza Pals free pizza may be (Regular): SPEC §9 "a free regular pizza" */
  freePizzaSizeIds: ReadonlySet<number>;
}

export type InvalidReason = 'NOT_AVAILABLE' | 'OUT_OF_STOCK' | 'PRICE_CHANGED';

/** A line that can be ordered at the store, with its prices now. */
export interface PricedLine {
  line: CartLine;
  product: CatalogueProduct;
  /** variant price, one unit */
  variantPrice: Paise;
  /** the variant's list price, one unit (strike price) */
  regularVariantPrice: Paise;
  /** extra toppings and extra cheese, one unit */
  toppingsPrice: Paise;
  /** variantPrice + toppingsPrice */
  unitPrice: Paise;
  /** unitPrice × quantity */
  linePrice: Paise;
  /** (regularVariantPrice + toppingsPrice) × quantity */
  regularLinePrice: Paise;
}

export interface InvalidLine {
  line: CartLine;
  reason: InvalidReason;
  /** the unit price now, when the line could still be priced (PRICE_CHANGED) */
  currentUnitPrice: Paise | null;
}

// ---------------------------------------------------------------- promotions

/** How a coupon takes money off. */
export type CouponRule =
  /** a fixed amount off the eligible lines */
  | { kind: 'FLAT'; amount: Paise }
  /** a percentage of the eligible lines, at most `cap` when set */
  | { kind: 'PERCENT'; percent: number; cap: Paise | null }
  /** one unit of the cheapest line of one of these products (in these sizes, when given) is free */
  | { kind: 'FREE_ITEM'; productCodes: readonly string[]; sizeIds: readonly number[] | null }
  /**
   * Buy one get one: among eligible units sorted dearest first, every second unit is free
   * (the cheaper of each pair). Eligible: these product types / sizes when given.
   */
  | { kind: 'BOGO'; productTypes: readonly string[] | null; sizeIds: readonly number[] | null };

export interface Coupon {
  code: string;
  title: string;
  description: string;
  rule: CouponRule;
  /** on the cart's sub-total (before any discount) */
  minOrderValue: Paise;
  /** null: every order type */
  orderTypes: readonly DeliveryType[] | null;
  /** null: every store */
  storeIds: readonly number[] | null;
  /** days of the week in Asia/Kolkata, 0 Sunday … 6 Saturday; null: every day */
  days: readonly number[] | null;
  /** minutes after midnight IST, [from, to); to ≤ from wraps past midnight; null: all day */
  hours: { from: number; to: number } | null;
  firstOrderOnly: boolean;
  perCustomerLimit: number | null;
  totalLimit: number | null;
  /**
   * An explicit promo (SPEC §3 explicitPromo): when set, only these payment type codes may pay for a
   * cart that carries it, and a railway (IRCTC) order cannot carry it (SPEC §5 Coupon).
   */
  paymentOptions: readonly string[] | null;
  /**
   * A bank offer: only cards of this issuer (by BIN prefix) may pay, on top of `paymentOptions` (which then
   * holds card methods). null: any card.
   */
  cardIssuer: CardIssuer | null;
  /** who may use it: anybody, or (STAFF) only a customer whose mobile is a staff member's registered one */
  audience: CouponAudience;
  /** hidden coupons apply by code but are not listed on /offers or suggested as the best deal */
  hidden: boolean;
  /** a personal coupon (a spin-the-wheel prize): only this customer may use it; absent or null: anyone */
  ownerId?: string | null;
  /** valid from this moment (epoch ms) on; null: since ever */
  validFrom: number | null;
  /** valid until this moment (epoch ms, not included); null: open ended */
  validTo: number | null;
}

/** The bank whose cards a bank offer needs, and the BIN prefixes (first digits) of its cards. */
export interface CardIssuer {
  name: string;
  bins: readonly string[];
}

export const COUPON_AUDIENCES = ['ALL', 'STAFF'] as const;
export type CouponAudience = (typeof COUPON_AUDIENCES)[number];

/**
 * An everyday-value deal: eligible units are priced at the deal price of their size (toppings still
 * charged), in groups of `groupSize` ("any 2 medium pizzas at ₹199 each"). With prices for more than one
 * size it is a mix-and-match deal (medium and regular, SPEC §3 Other).
 */
export interface EdvDeal {
  id: number;
  code: string;
  title: string;
  description: string;
  groupSize: number;
  /** the deal price of one unit, per size; sizes absent here are not eligible */
  prices: readonly { sizeId: number; price: Paise }[];
  /** eligible product types, e.g. ['PIZZA'] */
  productTypes: readonly string[];
  /** eligible crusts; null: any crust */
  crustIds: readonly number[] | null;
  /** eligible products; null: any product of the types above */
  productCodes: readonly string[] | null;
  /** valid in [validFrom, validTo), epoch ms; null ends are open */
  validFrom: number | null;
  validTo: number | null;
}

export type Promotion = { kind: 'COUPON'; coupon: Coupon } | { kind: 'EDV'; deal: EdvDeal };

/** What the promotion rules need to know beyond the cart. */
export interface PromoContext {
  storeId: number;
  deliveryType: DeliveryType;
  /** the order time, epoch milliseconds (now, or the advance order's slot) */
  orderTimeMs: number;
  /** the customer's earlier orders; null for a guest (not known) */
  previousOrders: number | null;
  /** whether the customer is a member of staff; null for a guest (not known) */
  isStaff: boolean | null;
  /** the customer pricing the cart (a personal coupon is theirs alone); null for a guest */
  customerId: string | null;
  /** times this customer has used the code, and times anybody has */
  usage: (code: string) => { byCustomer: number; total: number };
}

export type PromoErrorCode =
  | 'NOT_FOUND'
  /** outside the offer's validity window (not started yet, or over) */
  | 'EXPIRED'
  | 'MIN_ORDER_VALUE'
  | 'ORDER_TYPE'
  | 'STORE'
  | 'DAY'
  | 'HOURS'
  | 'FIRST_ORDER_ONLY'
  | 'LOGIN_REQUIRED'
  | 'STAFF_ONLY'
  /** a personal coupon of another customer */
  | 'NOT_YOUR_COUPON'
  | 'CUSTOMER_LIMIT'
  | 'TOTAL_LIMIT'
  | 'RAILWAY_EXPLICIT_PROMO'
  | 'NO_ELIGIBLE_ITEMS'
  | 'NOT_ENOUGH_ITEMS'
  | 'EMPTY_CART';

export interface PromoError {
  code: PromoErrorCode;
  /** the sentence shown to the customer (errors[0].displayMsg) */
  displayMsg: string;
}

/** A promotion that applies, with its discount spread over the lines. */
export interface AppliedPromo {
  promotion: Promotion;
  /** total discount, paise, never more than the lines it applies to */
  discount: Paise;
  /** discount per line, by itemId; sums exactly to `discount` */
  lineDiscounts: ReadonlyMap<string, Paise>;
}

export type PromoOutcome = { ok: true; applied: AppliedPromo } | { ok: false; error: PromoError };

// ---------------------------------------------------------------- charges and totals

/** Charges the chain sets; the server passes them in so the rules stay pure. */
export interface ChargeRules {
  /** for delivery orders (D, IRCTC) whose net price is below `freeDeliveryFrom` */
  deliveryCharge: Paise;
  freeDeliveryFrom: Paise;
  /** per order, for every type except dine-in (P is takeaway/dine-in and pays it) */
  packagingCharge: Paise;
  /** the optional charge K the customer may opt into */
  optionalCharge: { code: 'K'; label: string; amount: Paise };
  /** tips a delivery customer may choose; 0 is always allowed */
  tipOptions: readonly Paise[];
}

export interface LineTotals {
  itemId: string;
  linePrice: Paise;
  discount: Paise;
  /** linePrice − discount */
  netPrice: Paise;
  /** GST on netPrice, rounded to the paisa (half up) */
  tax: Paise;
  isEDVOApplied: boolean;
}

export interface CartTotals {
  lines: LineTotals[];
  /** Σ linePrice */
  subTotal: Paise;
  discount: Paise;
  deliveryCharge: Paise;
  packagingCharge: Paise;
  /** Σ line tax */
  tax: Paise;
  tip: Paise;
  /** the optional charge K when opted, else 0 */
  optionalCharge: Paise;
  /** subTotal − discount + deliveryCharge + packagingCharge + tax + tip + optionalCharge, never negative */
  grandTotal: Paise;
  /** Σ regularLinePrice: the struck-through price when above displayPrice */
  strikePrice: Paise;
  /** subTotal */
  displayPrice: Paise;
  /** subTotal − discount */
  displayNetPrice: Paise;
  itemCount: number;
  isEDVOApplied: boolean;
}

/** SPEC §3 cartCalculations: key/value entries, taxes_and_charges with children. */
export interface CalcEntry {
  key: string;
  label: string;
  value: Paise;
  children?: CalcEntry[];
}
