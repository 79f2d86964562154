import { z } from 'zod';
import { PRIZE_KINDS, SPIN_STATES, WHEEL_LIMITS } from '@crust/domain/wheel';
import { outcomeOf, successOf } from './common.ts';
import { OrderIdSchema } from './orders.ts';

/**
 * Spin-the-wheel (issue 33 §1, SPEC §7 "Game calls | game data and spin the wheel (not shown)", docs/game.md). The
 * server draws; the app only animates to the segment it was told. The prize table's rules (8 segments, weights,
 * budgets) are packages/domain wheel.ts.
 */

export const PrizeKindSchema = z.enum(PRIZE_KINDS);
export const SpinStateSchema = z.enum(SPIN_STATES);

/** One segment as the wheel draws it and the odds panel lists it. */
export const GameSegmentSchema = z.object({
  /** 0 … 7, clockwise from the top */
  index: z.number().int().min(0).max(7),
  label: z.string(),
  background: z.string(),
  text: z.string(),
  prizeKind: PrizeKindSchema,
  /** the chance of this segment, 0 … 1, before any budget runs out */
  chance: z.number().min(0).max(1),
  /** the chance as the odds panel writes it ("12.5%") */
  chanceText: z.string(),
});
export type GameSegment = z.infer<typeof GameSegmentSchema>;

/** A prize as won. */
export const WonPrizeSchema = z.object({
  kind: PrizeKindSchema,
  label: z.string(),
  /** COUPON: paise off; POINTS: points; else 0 */
  value: z.number().int(),
  /** COUPON and FREE_SIDE: the code to apply in the cart (it works only in the winner's account) */
  couponCode: z.string().nullable(),
  /** when the prize stops working; null: it does not (points, or nothing won) */
  expiresAt: z.string().nullable(),
  /** one sentence on how to use it */
  howToUse: z.string(),
});
export type WonPrize = z.infer<typeof WonPrizeSchema>;

export const SpinResultSchema = z.object({
  spinId: z.string(),
  orderId: z.string(),
  /** SPEC §4 game states */
  state: SpinStateSchema,
  /** the segment the server chose: the wheel stops on it */
  segmentIndex: z.number().int().min(0).max(7),
  prize: WonPrizeSchema,
  spunAt: z.string(),
});
export type SpinResult = z.infer<typeof SpinResultSchema>;

/** A delivered order of the caller's that has not been spun yet. */
export const AvailableSpinSchema = z.object({
  orderId: z.string(),
  deliveredAt: z.string(),
  /** the spin can be taken until then */
  spinBy: z.string(),
});
export type AvailableSpin = z.infer<typeof AvailableSpinSchema>;

/** GET game data. */
export const GameDataSchema = z.object({
  segments: z.array(GameSegmentSchema).length(8),
  /** the public rules: odds, budgets, who may spin */
  rules: z.array(z.string()),
  /** empty for a guest */
  spinsAvailable: z.array(AvailableSpinSchema),
  /** the caller's spins of the last days (the result of a spin whose answer was lost) */
  recentSpins: z.array(SpinResultSchema),
  loggedIn: z.boolean(),
});
export type GameData = z.infer<typeof GameDataSchema>;
export const GameDataResponseSchema = successOf(GameDataSchema);

export const SpinBodySchema = z.strictObject({ orderId: OrderIdSchema });
export type SpinBody = z.infer<typeof SpinBodySchema>;
export const SpinResponseSchema = outcomeOf(SpinResultSchema);

// ---- the back office (the chain admin)

export const PrizeTableSegmentSchema = z.strictObject({
  position: z.number().int().min(0).max(7),
  colourIndex: z.number().int().min(0).max(7),
  label: z.string().max(WHEEL_LIMITS.labelMax * 2),
  prize: z.strictObject({
    kind: PrizeKindSchema,
    value: z.number().int().min(0).max(10_000_000),
    minOrderPaise: z.number().int().min(0).max(10_000_000),
    productCode: z.string().max(40).nullable(),
  }),
  weight: z.number().int().min(0).max(WHEEL_LIMITS.weightMax),
  dailyLimit: z.number().int().min(0).max(1_000_000).nullable(),
  costPaise: z.number().int().min(0).max(10_000_000),
});
export type PrizeTableSegment = z.infer<typeof PrizeTableSegmentSchema>;

export const PrizeTableRulesSchema = z.strictObject({
  dailyBudgetPaise: z.number().int().min(0).max(1_000_000_000).nullable(),
  spinWindowDays: z.number().int().min(1).max(WHEEL_LIMITS.validDaysMax),
  prizeValidDays: z.number().int().min(1).max(WHEEL_LIMITS.validDaysMax),
});

export const PrizeTableSchema = z.object({
  segments: z.array(PrizeTableSegmentSchema),
  rules: PrizeTableRulesSchema,
  version: z.number().int(),
});
export type PrizeTable = z.infer<typeof PrizeTableSchema>;

export const SavePrizeTableBodySchema = z.strictObject({
  segments: z.array(PrizeTableSegmentSchema).max(8),
  rules: PrizeTableRulesSchema,
  /** the version the admin edited: a save over someone else's is refused */
  version: z.number().int(),
});
export type SavePrizeTableBody = z.infer<typeof SavePrizeTableBodySchema>;

/** One IST day of the game: spins, prizes granted by kind and what they cost. */
export const GameDaySchema = z.object({
  day: z.string(),
  spins: z.number().int(),
  prizes: z.number().int(),
  byKind: z.record(PrizeKindSchema, z.number().int()),
  costPaise: z.number().int(),
});
export type GameDay = z.infer<typeof GameDaySchema>;

export const GameReportQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const GameAdminSchema = z.object({
  table: PrizeTableSchema,
  days: z.array(GameDaySchema),
});
export type GameAdmin = z.infer<typeof GameAdminSchema>;
export const GameAdminResponseSchema = successOf(GameAdminSchema);
export const PrizeTableResponseSchema = successOf(PrizeTableSchema);
