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
