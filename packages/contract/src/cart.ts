import { z } from 'zod';
import { DeliveryTypeSchema, IdParam, PaiseSchema, outcomeOf, successOf } from './common.ts';
import { EarnableBurnableSchema } from './loyalty.ts';
import { FoodTypeSchema } from './menu.ts';

const ToppingIds = z.array(z.number().int().positive()).max(30);

/**
 * SPEC §3 Cart item as the client sends it: what to make, never what it costs (the server prices
 * everything, so a price field is refused). An item lacking crustId/sizeId takes them from its
 * crust/size object.
 */
export const CartItemInputSchema = z.strictObject({
  productCode: z.string().min(1).max(40),
  crustId: z.number().int().positive().nullish(),
  sizeId: z.number().int().positive().nullish(),
  crust: z.object({ crustId: z.number().int().positive() }).nullish(),
  size: z.object({ sizeId: z.number().int().positive() }).nullish(),
  addTopngs: ToppingIds.optional(),
  remTopngs: ToppingIds.optional(),
  repTopngs: ToppingIds.optional(),
  extraCheese: z.number().int().min(0).max(3).optional(),
  quantity: z.number().int().min(1).max(25),
  /**
   * SPEC §3 menuType LOYALTY: a free regular pizza paid with Pizza Pals points (potpFreeItem), one per line; its
   * toppings are still charged. Only a customer with enough burnable points may add one (issue 15).
   */
  menuType: z.literal('LOYALTY').optional(),
});
export type CartItemInput = z.infer<typeof CartItemInputSchema>;

export const TipInputSchema = z.strictObject({ tipAmount: PaiseSchema.min(0) });
export const OptedChargeSchema = z.strictObject({ chargeTypeCode: z.literal('K'), selected: z.boolean() });

/** SPEC §7 POST cart. The store and order type come from the storeid and deliverytype headers. */
export const CreateCartBodySchema = z.strictObject({
  items: z.array(CartItemInputSchema).max(25),
  tip: TipInputSchema.optional(),
  optedOptionalCharges: z.array(OptedChargeSchema).max(1).optional(),
  explicitPromo: z.strictObject({ promoCode: z.string().min(1).max(30) }).nullish(),
  /** an advance order's slot, epoch seconds; absent for now */
  orderDateTimeInSec: z.number().int().positive().nullish(),
});
export type CreateCartBody = z.infer<typeof CreateCartBodySchema>;

/**
 * SPEC §7 PUT cart. `items` replaces every line and needs the `version` the client last saw: a cart
 * changed meanwhile (another tab) answers 409 rather than silently losing a line. Single-line edits
 * go through the item calls, which never conflict.
 */
export const UpdateCartBodySchema = z.strictObject({
  items: z.array(CartItemInputSchema).max(25).optional(),
  version: z.number().int().min(0).optional(),
  tip: TipInputSchema.optional(),
  optedOptionalCharges: z.array(OptedChargeSchema).max(1).optional(),
  /** moving the cart to another store re-prices it there */
  storeId: z.number().int().positive().optional(),
  deliveryType: DeliveryTypeSchema.optional(),
  orderDateTimeInSec: z.number().int().positive().nullable().optional(),
  /** take every line whose price changed at the current price */
  acceptPrices: z.literal(true).optional(),
  /** drop every line that cannot be ordered (the invalid-items dialog's "place order with the rest") */
  removeInvalid: z.literal(true).optional(),
});
export type UpdateCartBody = z.infer<typeof UpdateCartBodySchema>;

export const AddCartItemBodySchema = z.strictObject({ item: CartItemInputSchema });
export type AddCartItemBody = z.infer<typeof AddCartItemBodySchema>;

/** Change one line: its quantity (0 removes it), its whole customisation, or accept its new price. */
export const UpdateCartItemBodySchema = z.strictObject({
  quantity: z.number().int().min(0).max(25).optional(),
  item: CartItemInputSchema.optional(),
  acceptPrice: z.literal(true).optional(),
});
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBodySchema>;

export const ApplyPromoBodySchema = z.strictObject({ code: z.string().trim().min(1).max(30) });

export const CartIdParams = z.object({ cartId: z.string().regex(/^C[0-9A-F]{20}$/, 'must be a cart id') });
export const CartItemParams = CartIdParams.extend({
  itemId: z.string().regex(/^I[0-9A-F]{12}$/, 'must be an item id'),
});
export const CartPromoParams = CartIdParams.extend({ code: z.string().trim().min(1).max(30) });
export const PromoCodeParams = z.object({ code: z.string().trim().min(1).max(30) });
export const StoreIdParams = z.object({ storeId: IdParam });

/** SPEC §3 cartCalculations: key/value entries, taxes_and_charges with children. */
export interface CalcEntry {
  key: string;
  label: string;
  value: number;
  children?: CalcEntry[] | undefined;
}
export const CalcEntrySchema: z.ZodType<CalcEntry> = z.object({
  key: z.string(),
  label: z.string(),
  value: PaiseSchema,
  get children() {
    return z.array(CalcEntrySchema).optional();
  },
});

const CartProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  categoryIds: z.array(z.number().int()),
  foodType: FoodTypeSchema,
  image: z.string(),
});

/** SPEC §3 Cart item as the server answers: priced, with what the customer changed spelled out. */
export const CartItemSchema = z.object({
  itemId: z.string(),
  product: CartProductSchema,
  productType: z.string(),
  quantity: z.number().int(),
  crustId: z.number().int(),
  sizeId: z.number().int(),
  sizeCode: z.string(),
  crustName: z.string(),
  sizeName: z.string(),
  addTopngs: z.array(z.number().int()),
  remTopngs: z.array(z.number().int()),
  repTopngs: z.array(z.number().int()),
  extraCheese: z.number().int(),
  /** "Medium | New Hand Tossed", then the topping changes */
  summary: z.string(),
  isCustomizable: z.boolean(),
  nonVeg: z.boolean(),
  pricePerQty: PaiseSchema,
  /** pricePerQty × quantity */
  totalPrice: PaiseSchema,
  totalDiscount: PaiseSchema,
  totalPriceAfterDiscount: PaiseSchema,
  taxAmount: PaiseSchema,
  isEDVOApplied: z.boolean(),
  promoGroupId: z.string().nullable(),
  /** SPEC §3: LOYALTY for a free pizza paid with points, else null */
  menuType: z.literal('LOYALTY').nullable(),
  /** the free pizza of a LOYALTY line: its pizza costs ₹0, its extra toppings are charged */
  potpFreeItem: z.boolean(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const InvalidReasonCodeSchema = z.enum(['NOT_AVAILABLE', 'OUT_OF_STOCK', 'PRICE_CHANGED']);
export const InvalidCartItemSchema = z.object({
  itemId: z.string(),
  productCode: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  summary: z.string(),
  reasonCode: InvalidReasonCodeSchema,
  /** "Temporarily out of stock", "Item not available at this time", or the review-your-cart text */
  reason: z.string(),
  /** the price the customer last saw */
  pricePerQty: PaiseSchema,
  /** the price now, for PRICE_CHANGED */
  currentPricePerQty: PaiseSchema.nullable(),
});
export type InvalidCartItem = z.infer<typeof InvalidCartItemSchema>;

export const PromoKindSchema = z.enum(['COUPON', 'EDV']);

/** The surprise gift (SPEC §9): the menu product the chain gives free, e.g. { DES2601, "Choco Lava Cake" }. */
export const GiftProductSchema = z.object({ productCode: z.string(), name: z.string() });
export type GiftProduct = z.infer<typeof GiftProductSchema>;

export const CartSchema = z.object({
  cartId: z.string(),
  /** bumps on every change; PUT with items must send the version it saw */
  version: z.number().int(),
  storeId: z.number().int(),
  deliveryType: DeliveryTypeSchema,
  orderDateTimeInSec: z.number().int().nullable(),
  validItems: z.array(CartItemSchema),
  invalidItems: z.array(InvalidCartItemSchema),
  cartCalculations: z.array(CalcEntrySchema),
  strikePrice: PaiseSchema,
  displayPrice: PaiseSchema,
  displayNetPrice: PaiseSchema,
  /** the grand total */
  price: PaiseSchema,
  taxAmount: PaiseSchema,
  itemCount: z.number().int(),
  isEDVOApplied: z.boolean(),
  tip: z.object({ tipAmount: PaiseSchema, tipRemoved: z.boolean(), options: z.array(PaiseSchema) }),
  /**
   * SPEC §3 explicitPromo: a coupon only some ways to pay may pay for (issue 11). `cardIssuer` names the bank
   * whose cards a bank offer needs and `cardBins` their first digits (not secret); `condition` is the sentence
   * checkout shows ("The coupon UPI40 is valid only when you pay by UPI."). The wallet cannot pay for it.
   */
  explicitPromo: z
    .object({
      promoCode: z.string(),
      paymentOptions: z.array(z.string()),
      cardIssuer: z.string().nullable(),
      cardBins: z.array(z.string()),
      condition: z.string(),
    })
    .nullable(),
  appliedPromo: z
    .object({
      code: z.string(),
      kind: PromoKindSchema,
      title: z.string(),
      discount: PaiseSchema,
      minOrderValue: PaiseSchema,
    })
    .nullable(),
  optedOptionalCharges: z.array(
    z.object({
      chargeTypeCode: z.literal('K'),
      selected: z.boolean(),
      amount: PaiseSchema,
      label: z.string(),
    }),
  ),
  /**
   * SPEC §9: the gift that comes free with ₹350 of food after discounts, how much more is needed, or that it is
   * unlocked; null when the store does not sell the gift or has none in stock now (no promise it cannot keep)
   */
  surpriseGift: GiftProductSchema.extend({
    threshold: PaiseSchema,
    unlocked: z.boolean(),
    remaining: PaiseSchema,
  }).nullable(),
  /** SPEC §5: confetti when price plus tax reaches the applied offer's minimum order value */
  confetti: z.boolean(),
  /**
   * the cheapest deal for this cart that is not applied yet ("Save ₹X with …"); `condition` says what a
   * payment-restricted coupon needs to keep the saving ("Pay by UPI to save ₹40"), else null
   */
  bestDeal: z
    .object({
      code: z.string(),
      kind: PromoKindSchema,
      title: z.string(),
      saving: PaiseSchema,
      condition: z.string().nullable(),
    })
    .nullable(),
  /** things the customer must be told once: a removed coupon, changed prices */
  notices: z.array(z.string()),
  /**
   * SPEC §3 earnableBurnable for the cart: the points held, the free pizzas they buy, what this cart's free pizzas
   * spend and what is left; null unless a customer's cart holds a free pizza (GET loyalty info has the points).
   */
  earnableBurnable: EarnableBurnableSchema.nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartResponseSchema = successOf(CartSchema);
export type CartResponse = z.infer<typeof CartResponseSchema>;
/** Item and promo calls: FAILED for business refusals (limits, invalid coupon) with the SPEC texts. */
export const CartOutcomeSchema = outcomeOf(CartSchema);
export type CartOutcome = z.infer<typeof CartOutcomeSchema>;

export const CartUpsellResponseSchema = successOf(z.object({ productCodes: z.array(z.string()) }));
export type CartUpsellResponse = z.infer<typeof CartUpsellResponseSchema>;
