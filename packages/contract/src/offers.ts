import { z } from 'zod';
import { DeliveryTypeSchema, PaiseSchema, outcomeOf, successOf } from './common.ts';
import { PromoKindSchema } from './cart.ts';

export const CouponRuleKindSchema = z.enum(['FLAT', 'PERCENT', 'FREE_ITEM', 'BOGO']);

/** A coupon as /offers lists it. */
export const OfferSchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  ruleKind: CouponRuleKindSchema,
  minOrderValue: PaiseSchema,
  /** null: every order type */
  orderTypes: z.array(DeliveryTypeSchema).nullable(),
  firstOrderOnly: z.boolean(),
  /** an explicit promo: only these payment types can pay (SPEC §3 explicitPromo.paymentOptions) */
  paymentOptions: z.array(z.string()).nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const StoreOffersResponseSchema = successOf(z.object({ offers: z.array(OfferSchema) }));
export type StoreOffersResponse = z.infer<typeof StoreOffersResponseSchema>;

/** A coupon or deal measured against one cart. */
export const CartOfferSchema = z.object({
  code: z.string(),
  kind: PromoKindSchema,
  title: z.string(),
  description: z.string(),
  applicable: z.boolean(),
  applied: z.boolean(),
  /** what it takes off the items when applied (the cart's discount then, within any cap); 0 when not applicable */
  saving: PaiseSchema,
  /** why it cannot be applied now */
  reason: z.string().nullable(),
  /** what a payment-restricted coupon needs to keep the saving ("Pay by UPI to save ₹40"), else null */
  condition: z.string().nullable(),
});
export type CartOffer = z.infer<typeof CartOfferSchema>;
export const CartOffersResponseSchema = successOf(z.object({ offers: z.array(CartOfferSchema) }));
export type CartOffersResponse = z.infer<typeof CartOffersResponseSchema>;

/** GET promo validate: what applying the code would save, or the reason it would not apply. */
export const PromoValidationResponseSchema = outcomeOf(
  z.object({ code: z.string(), kind: PromoKindSchema, title: z.string(), saving: PaiseSchema }),
);
export type PromoValidationResponse = z.infer<typeof PromoValidationResponseSchema>;

export const OfferTermsSchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  terms: z.array(z.string()),
});
export type OfferTerms = z.infer<typeof OfferTermsSchema>;
export const OfferTermsResponseSchema = outcomeOf(OfferTermsSchema);
export type OfferTermsResponse = z.infer<typeof OfferTermsResponseSchema>;

/** SPEC §3 explicitPromo: the content shown for an explicit promo and the payment types it allows. */
export const ExplicitPromoResponseSchema = outcomeOf(
  z.object({
    promoCode: z.string(),
    title: z.string(),
    description: z.string(),
    paymentOptions: z.array(z.string()),
  }),
);
export type ExplicitPromoResponse = z.infer<typeof ExplicitPromoResponseSchema>;

// ---------------------------------------------------------------- everyday value

export const EdvDealSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  groupSize: z.number().int(),
  prices: z.array(z.object({ sizeId: z.number().int(), sizeName: z.string(), price: PaiseSchema })),
  productTypes: z.array(z.string()),
  crustIds: z.array(z.number().int()).nullable(),
  /** a deal with medium and regular prices has a mix-and-match picker */
  isMixMatch: z.boolean(),
  /** eligible products sold at the store, menu codes */
  productCodes: z.array(z.string()),
});
export type EdvDeal = z.infer<typeof EdvDealSchema>;

/** SPEC §4 EDV data per store. */
export const EdvDealsResponseSchema = successOf(
  z.object({ storeId: z.number().int(), deals: z.array(EdvDealSchema) }),
);
export type EdvDealsResponse = z.infer<typeof EdvDealsResponseSchema>;
export const EdvDealResponseSchema = outcomeOf(EdvDealSchema);
export type EdvDealResponse = z.infer<typeof EdvDealResponseSchema>;

const MixMatchGroupSchema = z.object({
  sizeId: z.number().int(),
  price: PaiseSchema,
  productCodes: z.array(z.string()),
});

/** SPEC §3 Other / §7: the mix-and-match menu answers status, edvMixMatchMenu (medium and regular) or errors. */
export const EdvMixMatchResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('SUCCESS'),
    edvMixMatchMenu: z.object({
      dealId: z.number().int(),
      code: z.string(),
      groupSize: z.number().int(),
      medium: MixMatchGroupSchema,
      regular: MixMatchGroupSchema,
    }),
  }),
  z.object({
    status: z.literal('FAILED'),
    errors: z.array(z.object({ code: z.string(), displayMsg: z.string() })).min(1),
  }),
]);
export type EdvMixMatchResponse = z.infer<typeof EdvMixMatchResponseSchema>;
