import { z } from 'zod';
import { ELIGIBILITIES, ENROLLMENT_STATUSES } from '@crust/domain/loyalty';
import { outcomeOf } from './common.ts';

/** A customer's points (SPEC §3 Loyalty balance, packages/domain loyalty.ts pointsBalance). */
export const LoyaltyBalanceSchema = z.object({
  overall: z.object({ points: z.number().int() }),
  /** earned by orders not yet credited (24–48 h after delivery) */
  pending: z.object({ points: z.number().int() }),
  /** credited at least 24 h ago: what free pizzas may use */
  burnable: z.object({ points: z.number().int(), freeItems: z.number().int() }),
  /** points divided by the points an order earns */
  sliceBalance: z.number().int(),
  /** slices drawn toward the next free pizza (0–5) */
  slicesTowardNext: z.number().int(),
});
export type LoyaltyBalance = z.infer<typeof LoyaltyBalanceSchema>;

/** SPEC §7 loyalty info: the enrolment, the programme and the balance. */
export const LoyaltyInfoSchema = z.object({
  enrollmentStatus: z.boolean(),
  status: z.enum(ENROLLMENT_STATUSES),
  eligibility: z.enum(ELIGIBILITIES),
  loyaltyCardCode: z.string(),
  programme: z.object({
    itemRedeemPoints: z.number().int(),
    earnPointsPerOrder: z.number().int(),
    slices: z.number().int(),
  }),
  balance: LoyaltyBalanceSchema,
});
export type LoyaltyInfo = z.infer<typeof LoyaltyInfoSchema>;
export const LoyaltyInfoResponseSchema = outcomeOf(LoyaltyInfoSchema);
export const LoyaltyBalanceResponseSchema = outcomeOf(LoyaltyBalanceSchema);

/** POST enroll: the card code of SPEC §3 `loyaltyRegistrationRequest` (the programme's own when absent). */
export const LoyaltyEnrollBodySchema = z.strictObject({
  loyaltyCardCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,12}$/, 'loyaltyCardCode must be 2–12 capital letters or digits')
    .optional(),
});

/** SPEC §3 earnableBurnable: points held, the free pizzas they buy, what this cart/order spends, what is left. */
export const EarnableBurnableSchema = z.object({
  overall: z.object({ points: z.number().int() }),
  burnable: z.object({ freeItems: z.number().int() }),
  toBeConsumed: z.object({ points: z.number().int() }),
  updatedPointsBalance: z.number().int(),
});
export type EarnableBurnableView = z.infer<typeof EarnableBurnableSchema>;

/** SPEC §7 loyalty menu items: the regular pizzas of a store a customer may take free for itemRedeemPoints. */
export const LoyaltyMenuItemsQuerySchema = z.object({ storeId: z.coerce.number().int().positive() });
export const LoyaltyMenuItemSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  image: z.string(),
  nonVeg: z.boolean(),
  crustId: z.number().int(),
  crustName: z.string(),
  sizeId: z.number().int(),
  sizeName: z.string(),
  /** what the pizza costs when paid for (shown struck through beside ₹0) */
  pricePaise: z.number().int(),
});
export type LoyaltyMenuItem = z.infer<typeof LoyaltyMenuItemSchema>;
export const LoyaltyMenuItemsSchema = z.object({
  itemRedeemPoints: z.number().int(),
  items: z.array(LoyaltyMenuItemSchema),
});
export type LoyaltyMenuItems = z.infer<typeof LoyaltyMenuItemsSchema>;
export const LoyaltyMenuItemsResponseSchema = outcomeOf(LoyaltyMenuItemsSchema);

/**
 * SPEC §7 cheesy-rewards register: joining from the loyalty widget or /pizzaLoyalty, with the programme's terms
 * accepted (a join without them is refused); the card code of `loyaltyRegistrationRequest` is optional.
 */
export const CheesyRewardsRegisterBodySchema = LoyaltyEnrollBodySchema.extend({
  acceptTerms: z.literal(true, { message: 'Please accept the Pizza Pals terms to join.' }),
});
