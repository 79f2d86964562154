import { z } from 'zod';
import { DeliveryTypeSchema, PaiseSchema, successOf } from './common.ts';
import { OrderIdSchema, OrderStatusSchema, OrderSummarySchema } from './orders.ts';
import { OrderLabelSchema, OrderStageSchema } from './tracking.ts';
import { TrainTrackSchema } from './train-orders.ts';

/**
 * Order history, details, invoices, reorder and favourites (issue 6, SPEC §3 Order history, §7). Only the
 * caller's own orders: a guest's by its session, a customer's by the account.
 */

export const HISTORY_FILTERS = ['ALL', 'DELIVERED', 'CANCELLED', 'FAVOURITE'] as const;
export const HistoryFilterSchema = z.enum(HISTORY_FILTERS);
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;

export const HistoryQuerySchema = z.object({
  /** SPEC §7 queryStringHash.pageNo, from 1 */
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  filter: HistoryFilterSchema.default('ALL'),
});

export const HistoryOrderSchema = z.object({
  id: OrderIdSchema,
  dominosOrderId: z.string(),
  deliveryType: DeliveryTypeSchema,
  status: OrderStatusSchema,
  stage: OrderStageSchema.nullable(),
  label: OrderLabelSchema,
  storeName: z.string(),
  /** e.g. "2 x Farmhouse, 1 x Garlic Breadsticks" */
  itemsLine: z.string(),
  netPrice: PaiseSchema,
  placedAt: z.string().nullable(),
  createdAt: z.string(),
  favourite: z.boolean(),
  /** still moving: the history links to the tracker */
  trackable: z.boolean(),
  /** a train order's train and SPEC §4 train status; null for every other order */
  train: TrainTrackSchema.nullable(),
  /**
   * the rating prompt (issue 17 §1): RATE, delivered within the last 5 days and not rated (links to /uf); RATED;
   * null, nothing to show. Absent for a guest (feedback needs a login).
   */
  feedback: z.enum(['RATE', 'RATED']).nullable().optional(),
});
export type HistoryOrder = z.infer<typeof HistoryOrderSchema>;

export const OrderHistorySchema = z.object({
  orders: z.array(HistoryOrderSchema),
  hasNext: z.boolean(),
  filters: z.array(z.object({ code: HistoryFilterSchema, label: z.string() })),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;
export const OrderHistoryResponseSchema = successOf(OrderHistorySchema);
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponseSchema>;

/** SPEC §3 Order history orderDetails: the summary plus where it stands and whether an invoice exists. */
export const OrderDetailsSchema = z.object({
  orderDetails: OrderSummarySchema.extend({
    stage: OrderStageSchema.nullable(),
    label: OrderLabelSchema,
    favourite: z.boolean(),
    cancelReason: z.string().nullable(),
    train: TrainTrackSchema.nullable(),
  }),
  /** null when an invoice can be downloaded; otherwise why not */
  invoiceMsg: z.string().nullable(),
});
export type OrderDetailsView = z.infer<typeof OrderDetailsSchema>;
export const OrderDetailsResponseSchema = successOf(OrderDetailsSchema);
export type OrderDetailsResponse = z.infer<typeof OrderDetailsResponseSchema>;

export const InvoiceQuerySchema = z.object({ orderType: DeliveryTypeSchema.optional() });

/** SPEC §7 reorder by {id}: body action; response storeId, customerAddress. */
export const ReorderBodySchema = z.strictObject({
  /** CHECK answers what would happen; ADD fills the cart with what is still available */
  action: z.enum(['CHECK', 'ADD']),
});
export const ReorderSchema = z.object({
  storeId: z.number().int(),
  /** the delivery address of the order, in one line; null for pickup */
  customerAddress: z.string().nullable(),
  deliveryType: DeliveryTypeSchema,
  /** the cart the items went into (ADD) */
  cartId: z.string().nullable(),
  added: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int() })),
  /** items the store cannot sell now, each with the SPEC §8 reason */
  unavailable: z.array(z.object({ productId: z.string(), name: z.string(), reason: z.string() })),
});
export type Reorder = z.infer<typeof ReorderSchema>;
export const ReorderResponseSchema = successOf(ReorderSchema);
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;

export const FavouriteOrderBodySchema = z.strictObject({ favourite: z.boolean() });
/** The order's favourite flag as it now stands. */
export const FavouriteOrderResponseSchema = successOf(
  z.object({ orderId: OrderIdSchema, favourite: z.boolean() }),
);
export type FavouriteOrderResponse = z.infer<typeof FavouriteOrderResponseSchema>;
export const FavouriteItemBodySchema = z.strictObject({
  productId: z.string().regex(/^[A-Z]{3}\d{4}$/),
  favourite: z.boolean(),
});
/** SPEC §7 GET favourites / previous order: status, productIds */
export const ProductIdsSchema = z.object({ status: z.literal('SUCCESS'), productIds: z.array(z.string()) });
export type ProductIds = z.infer<typeof ProductIdsSchema>;

export const RecentOrdersResponseSchema = successOf(z.array(HistoryOrderSchema));
