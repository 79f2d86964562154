import { z } from 'zod';
import { REPORT_GROUPINGS } from '@crust/domain/report-periods';
import { successOf } from './common.ts';
import { CONSOLE_PATHS } from './console-paths.ts';

/**
 * The back office's reports (issue 30 §5; docs/back-office.md "Reports"): sales, their mix, top items, offer
 * cost, delivery times and guarantee payouts, loyalty points and ratings, over IST days, for the chain, a city or
 * a store as far as the caller reaches. Money in paise (integers); `?format=csv` answers the same table as CSV in
 * rupees.
 */

export const REPORT_KINDS = ['sales', 'mix', 'items', 'offers', 'delivery', 'loyalty', 'ratings'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Which stores a report covers: every store (chain admins), one city's, or one store's. */
export const REPORT_SCOPES = ['chain', 'city', 'store'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const ReportQuerySchema = z.object({
  /** IST days, both included, at most 366 of them */
  from: DaySchema,
  to: DaySchema,
  /** the rows' periods: IST days, weeks from Monday, calendar months */
  group: z.enum(REPORT_GROUPINGS).default('day'),
  scope: z.enum(REPORT_SCOPES).default('chain'),
  /** the city of `scope=city` */
  cityId: z.string().min(1).max(40).optional(),
  /** the store of `scope=store` */
  storeId: z.coerce.number().int().positive().optional(),
  /** the rows' breakdown within the scope: one row per period for it all (its own kind), or per city or store */
  by: z.enum(REPORT_SCOPES).optional(),
  /** top items: how many */
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** csv: the table as a download (text/csv, rupees with two decimals) */
  format: z.enum(['json', 'csv']).default('json'),
});
export type ReportQuery = z.input<typeof ReportQuerySchema>;
export type ReportQueryParsed = z.output<typeof ReportQuerySchema>;

/** What a report covered: its days, how its rows are cut, and the stores behind it. */
export const ReportMetaSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPINGS),
  scope: z.object({ kind: z.enum(REPORT_SCOPES), id: z.string(), name: z.string() }),
  by: z.enum(REPORT_SCOPES),
  /** every period the range touches, by its first day (YYYY-MM-DD), also those with no rows */
  periods: z.array(z.string()),
  /** the stores covered */
  storeIds: z.array(z.number().int()),
});
export type ReportMeta = z.infer<typeof ReportMetaSchema>;

/** A row's place: its period (first day) and its store, city or the scope as a whole. */
const RowPlace = {
  period: z.string(),
  groupId: z.string(),
  groupName: z.string(),
};

const SalesFigures = {
  /** placed orders, not cancelled */
  orders: z.number().int(),
  /** orders cancelled after they were placed, and what they came to: in none of the sums */
  cancelled: z.number().int(),
  cancelledPaise: z.number().int(),
  /** the items at their prices (the cart's item total) */
  grossPaise: z.number().int(),
  /** coupons and deals */
  discountPaise: z.number().int(),
  /** gross less discounts: net sales */
  netPaise: z.number().int(),
  /** GST on the net */
  gstPaise: z.number().int(),
  /** delivery and packaging charges and the optional donation */
  chargesPaise: z.number().int(),
  tipsPaise: z.number().int(),
  /** what customers paid: net + GST + charges + tips */
  totalPaise: z.number().int(),
  /** net over orders, half up to the paisa */
  averageOrderPaise: z.number().int(),
};
export const SalesRowSchema = z.object({ ...RowPlace, ...SalesFigures });
export type SalesRow = z.infer<typeof SalesRowSchema>;
export const SalesReportSchema = ReportMetaSchema.extend({
  rows: z.array(SalesRowSchema),
  total: z.object(SalesFigures),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

export const MixRowSchema = z.object({
  ...RowPlace,
  dimension: z.enum(['orderType', 'payment']),
  /** a delivery type (D, T, …) or a payment method (CASH, UPI_WALLET, …, PIGGYBANK: the wallet alone) */
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  netPaise: z.number().int(),
});
export type MixRow = z.infer<typeof MixRowSchema>;
export const MixReportSchema = ReportMetaSchema.extend({ rows: z.array(MixRowSchema) });
export type MixReport = z.infer<typeof MixReportSchema>;

export const ItemRowSchema = z.object({
  rank: z.number().int(),
  productCode: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** the lines' price after their share of discounts */
  netPaise: z.number().int(),
});
export type ItemRow = z.infer<typeof ItemRowSchema>;
export const ItemsReportSchema = ReportMetaSchema.extend({ rows: z.array(ItemRowSchema) });
export type ItemsReport = z.infer<typeof ItemsReportSchema>;

export const OfferRowSchema = z.object({
  /** COUPON or EDV (an everyday-value deal) */
  kind: z.enum(['COUPON', 'EDV']),
  code: z.string(),
  title: z.string(),
  orders: z.number().int(),
  /** what the offer took off those orders: its cost */
  discountPaise: z.number().int(),
  /** the net sales of those orders */
  netPaise: z.number().int(),
});
export type OfferRow = z.infer<typeof OfferRowSchema>;
export const OffersReportSchema = ReportMetaSchema.extend({
  rows: z.array(OfferRowSchema),
  total: z.object({ orders: z.number().int(), discountPaise: z.number().int(), netPaise: z.number().int() }),
});
export type OffersReport = z.infer<typeof OffersReportSchema>;

const DeliveryFigures = {
  /** delivery orders delivered (an advance order is not timed) */
  delivered: z.number().int(),
  /** placed to delivered, in whole minutes (nearest rank); null with none delivered */
  medianMinutes: z.number().int().nullable(),
  p90Minutes: z.number().int().nullable(),
  /** late deliveries whose guarantee was paid to the customer's wallet, and how much */
  guarantees: z.number().int(),
  guaranteePaise: z.number().int(),
};
export const DeliveryRowSchema = z.object({ ...RowPlace, ...DeliveryFigures });
export type DeliveryRow = z.infer<typeof DeliveryRowSchema>;
export const DeliveryReportSchema = ReportMetaSchema.extend({
  rows: z.array(DeliveryRowSchema),
  total: z.object(DeliveryFigures),
});
export type DeliveryReport = z.infer<typeof DeliveryReportSchema>;

const LoyaltyFigures = {
  /** Pizza Pals points the period's orders earned (not cancelled ones) */
  pointsEarned: z.number().int(),
  /** points spent on free pizzas by the period's orders (not cancelled ones) */
  pointsRedeemed: z.number().int(),
};
export const LoyaltyRowSchema = z.object({ ...RowPlace, ...LoyaltyFigures });
export type LoyaltyRow = z.infer<typeof LoyaltyRowSchema>;
export const LoyaltyReportSchema = ReportMetaSchema.extend({
  rows: z.array(LoyaltyRowSchema),
  total: z.object(LoyaltyFigures),
});
export type LoyaltyReport = z.infer<typeof LoyaltyReportSchema>;

const RatingFigures = {
  /** ratings given in the period (by the IST day they were given) */
  ratings: z.number().int(),
  /** the average overall (CSAT) score, 1–5 to 2 decimals; null with none */
  csatAverage: z.number().nullable(),
  /** %promoters − %detractors of the ratings with an NPS score; null with none */
  nps: z.number().int().nullable(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
};
export const RatingRowSchema = z.object({ ...RowPlace, ...RatingFigures });
export type RatingRow = z.infer<typeof RatingRowSchema>;
export const RatingsReportSchema = ReportMetaSchema.extend({
  rows: z.array(RatingRowSchema),
  total: z.object(RatingFigures),
});
export type RatingsReport = z.infer<typeof RatingsReportSchema>;

export const SalesReportResponseSchema = successOf(SalesReportSchema);
export const MixReportResponseSchema = successOf(MixReportSchema);
export const ItemsReportResponseSchema = successOf(ItemsReportSchema);
export const OffersReportResponseSchema = successOf(OffersReportSchema);
export const DeliveryReportResponseSchema = successOf(DeliveryReportSchema);
export const LoyaltyReportResponseSchema = successOf(LoyaltyReportSchema);
export const RatingsReportResponseSchema = successOf(RatingsReportSchema);

/** Each report's answer, by kind. */
export const REPORT_RESPONSES = {
  sales: SalesReportResponseSchema,
  mix: MixReportResponseSchema,
  items: ItemsReportResponseSchema,
  offers: OffersReportResponseSchema,
  delivery: DeliveryReportResponseSchema,
  loyalty: LoyaltyReportResponseSchema,
  ratings: RatingsReportResponseSchema,
} as const satisfies Record<ReportKind, z.ZodType>;

export interface ReportOf {
  sales: SalesReport;
  mix: MixReport;
  items: ItemsReport;
  offers: OffersReport;
  delivery: DeliveryReport;
  loyalty: LoyaltyReport;
  ratings: RatingsReport;
}

/** Each report's path (CONSOLE_PATHS), by kind. */
export const REPORT_PATHS = {
  sales: CONSOLE_PATHS.reportSales,
  mix: CONSOLE_PATHS.reportMix,
  items: CONSOLE_PATHS.reportItems,
  offers: CONSOLE_PATHS.reportOffers,
  delivery: CONSOLE_PATHS.reportDelivery,
  loyalty: CONSOLE_PATHS.reportLoyalty,
  ratings: CONSOLE_PATHS.reportRatings,
} as const satisfies Record<ReportKind, string>;
