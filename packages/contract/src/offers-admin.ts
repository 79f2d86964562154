import { z } from 'zod';
import { OFFER_STATUSES } from '@crust/domain/offer-admin';
import { DeliveryTypeSchema, successOf } from './common.ts';
import { CartSchema } from './cart.ts';

/**
 * The back office's offers (issue 30 §3; docs/back-office.md "Offers"): the chain admin's coupons and
 * everyday-value deals (mix-and-match: a deal priced for more than one size), made as drafts, edited, previewed
 * on a sample cart, published and retired. Bodies carry shapes only: what a value must be (an amount above ₹0, a
 * window that ends after it starts, a BIN of 6 to 8 digits…) is the domain's `offerProblems`, answered per field.
 */

export const OfferStatusSchema = z.enum(OFFER_STATUSES);
const VersionSchema = z.number().int().positive();
const Amount = z.number();
const Text = (max: number) => z.string().max(max);
/** ISO 8601 with its offset ("2025-08-01T00:00:00+05:30"); null: open */
const Moment = z.iso.datetime({ offset: true }).nullable();
/** HH:MM, IST */
const Clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM')
  .nullable();
const Codes = z.array(Text(40)).max(100);
const Ids = z.array(z.number().int()).max(500);

export const CouponRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('FLAT'), amount: Amount }),
  z.strictObject({ kind: z.literal('PERCENT'), percent: z.number(), cap: Amount.nullable() }),
  z.strictObject({ kind: z.literal('FREE_ITEM'), productCodes: Codes, sizeIds: Ids.nullable() }),
  z.strictObject({ kind: z.literal('BOGO'), productTypes: Codes.nullable(), sizeIds: Ids.nullable() }),
]);
export type CouponRuleBody = z.infer<typeof CouponRuleSchema>;

const whereWhen = {
  title: Text(200),
  description: Text(1000),
  /** null: every store (with cityIds null) */
  storeIds: Ids.nullable(),
  /** every store of these cities, beside storeIds */
  cityIds: z.array(Text(60)).max(100).nullable(),
  validFrom: Moment,
  validTo: Moment,
  terms: z.array(Text(1000)).max(50),
};

const couponFields = {
  ...whereWhen,
  rule: CouponRuleSchema,
  minOrderPaise: Amount,
  orderTypes: z.array(Text(20)).max(10).nullable(),
  days: z.array(z.number()).max(7).nullable(),
  hoursFrom: Clock,
  hoursTo: Clock,
  firstOrderOnly: z.boolean(),
  perCustomerLimit: z.number().nullable(),
  totalLimit: z.number().nullable(),
  paymentOptions: z.array(Text(30)).max(20).nullable(),
  cardIssuer: Text(80).nullable(),
  cardBins: z.array(Text(20)).max(100).nullable(),
  audience: z.enum(['ALL', 'STAFF']),
  hidden: z.boolean(),
};

const dealFields = {
  ...whereWhen,
  groupSize: z.number(),
  prices: z.array(z.strictObject({ sizeId: z.number().int(), price: Amount })).max(10),
  productTypes: Codes,
  crustIds: Ids.nullable(),
  productCodes: Codes.nullable(),
};

/** A coupon as the admin writes it; the code is set once, when it is made (redemptions name it). */
export const CouponDraftSchema = z.strictObject({ code: Text(40), ...couponFields });
export type CouponDraftBody = z.infer<typeof CouponDraftSchema>;
export const CouponChangeBodySchema = z.strictObject({ version: VersionSchema, ...couponFields });
export type CouponChangeBody = z.infer<typeof CouponChangeBodySchema>;

export const DealDraftSchema = z.strictObject({ code: Text(40), ...dealFields });
export type DealDraftBody = z.infer<typeof DealDraftSchema>;
export const DealChangeBodySchema = z.strictObject({ version: VersionSchema, code: Text(40), ...dealFields });
export type DealChangeBody = z.infer<typeof DealChangeBodySchema>;

/** Publish (from a draft) or retire (for good: kept for the orders that used it). */
export const OfferStatusBodySchema = z.strictObject({
  version: VersionSchema,
  status: z.enum(['PUBLISHED', 'RETIRED']),
});
export type OfferStatusBody = z.infer<typeof OfferStatusBodySchema>;

// ---- what the admin reads

const kept = {
  status: OfferStatusSchema,
  version: z.number().int(),
  updatedAt: z.string(),
  /** orders that used it (a coupon's redemptions; a deal's orders are in the reports) */
  uses: z.number().int().nullable(),
};

export const AdminCouponSchema = CouponDraftSchema.extend(kept);
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminDealSchema = DealDraftSchema.extend({ id: z.number().int(), ...kept });
export type AdminDeal = z.infer<typeof AdminDealSchema>;

/** Everything the Offers view needs: the offers, and what a form chooses from. */
export const AdminOffersSchema = z.object({
  coupons: z.array(AdminCouponSchema),
  deals: z.array(AdminDealSchema),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), cityId: z.string() })),
  cities: z.array(z.object({ id: z.string(), name: z.string() })),
  sizes: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  crusts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  products: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      productType: z.string(),
      variants: z.array(z.object({ crustId: z.number().int(), sizeId: z.number().int() })),
    }),
  ),
  paymentOptions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AdminOffers = z.infer<typeof AdminOffersSchema>;

export const AdminOffersResponseSchema = successOf(AdminOffersSchema);
export const AdminCouponResponseSchema = successOf(z.object({ coupon: AdminCouponSchema }));
export const AdminDealResponseSchema = successOf(z.object({ deal: AdminDealSchema }));

// ---- the preview: a sample cart priced with a draft offer

export const PreviewLineSchema = z.strictObject({
  productCode: Text(40),
  crustId: z.number().int().positive(),
  sizeId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(25),
});
export type PreviewLine = z.infer<typeof PreviewLineSchema>;

export const OfferPreviewBodySchema = z.strictObject({
  offer: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('COUPON'), coupon: CouponDraftSchema }),
    z.strictObject({ kind: z.literal('EDV'), deal: DealDraftSchema }),
  ]),
  cart: z.strictObject({
    storeId: z.number().int().positive(),
    deliveryType: DeliveryTypeSchema,
    /** the way to pay at confirm (a payment type code); null: not chosen yet */
    paymentMethod: Text(30).nullable(),
    /** a card's first 6 to 8 digits, for a bank offer */
    cardInitialDigits: z
      .string()
      .regex(/^\d{6,8}$/, 'The first 6 to 8 digits of the card')
      .nullable()
      .default(null),
    /** the customer has no earlier order */
    firstOrder: z.boolean(),
    /** the customer is a member of staff */
    staff: z.boolean().default(false),
    /** the order's time (an advance order's slot); absent: now */
    at: z.iso.datetime({ offset: true }).optional(),
    lines: z.array(PreviewLineSchema).min(1).max(25),
  }),
});
export type OfferPreviewBody = z.input<typeof OfferPreviewBodySchema>;

export const OfferPreviewSchema = z.object({
  /** the offer took money off this cart */
  applies: z.boolean(),
  /** what the customer would be told when it does not (the cart's notice) */
  refusal: z.string().nullable(),
  /** what the confirm would answer for the chosen way to pay (REMOVE_PROMO); null: it is accepted */
  paymentRefusal: z.string().nullable(),
  /** the cart as the customer's cart call would answer it with the offer applied */
  cart: CartSchema,
});
export type OfferPreview = z.infer<typeof OfferPreviewSchema>;
export const OfferPreviewResponseSchema = successOf(OfferPreviewSchema);

export const CouponParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'no such coupon'),
});
export const DealParams = z.object({ dealId: z.coerce.number().int().positive() });
