import { z } from 'zod';
import { DeliveryTypeSchema, IdParam, PaiseSchema, successOf } from './common.ts';
import { GiftProductSchema } from './cart.ts';
import { ExtraPaymentSchema, OrderIdSchema, OrderStatusSchema } from './orders.ts';
import { OrderStageSchema } from './tracking.ts';
import { ConsoleTrainSchema } from './train-orders.ts';
import { STAFF_ACTIONS, STAFF_ROLES } from '@crust/domain/staff-roles';

/**
 * The store console (issue 6; the SPEC does not show it, docs/store-console.md does): store staff log in with a
 * username and password, see their store's live queue and move orders along. A store manager or staff login sees
 * one store, a regional manager the stores of their cities, a chain admin every store (roles: docs/back-office.md). Calls carry `Authorization: Bearer <token>`; the queue's live stream carries the
 * `key` it was given, since EventSource cannot send headers.
 */

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export const StaffActionSchema = z.enum(STAFF_ACTIONS);

export const StaffLoginBodySchema = z.strictObject({
  username: z.string().trim().min(1, 'Enter your username').max(40),
  password: z.string().min(1, 'Enter your password').max(128),
});

/** A staff password chosen by its owner: longer than a customer's, since one login runs a store or the chain. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const StaffPasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your password').max(128),
  newPassword: z
    .string()
    .min(STAFF_PASSWORD_MIN_LENGTH, `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
    .max(128, 'Use at most 128 characters'),
});

export const ConsoleStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  online: z.boolean(),
  /** where customers are sent for an advance order while this store is offline */
  advanceOrderStoreId: z.number().int().nullable(),
});
export type ConsoleStore = z.infer<typeof ConsoleStoreSchema>;

export const StaffSessionSchema = z.object({
  token: z.string(),
  /** ISO */
  expiresAt: z.string(),
  staff: z.object({
    id: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    storeId: z.number().int().nullable(),
    /** a regional manager's cities */
    cities: z.array(z.string()),
    /** what this login may do: the console shows these tabs and views */
    may: z.array(StaffActionSchema),
  }),
  /**
   * The login used a one-time password (`npm run staff:admin`): until a new one is set (POST staffPassword),
   * every other console call answers 403 PASSWORD_CHANGE_REQUIRED and `stores` is empty.
   */
  mustChangePassword: z.boolean(),
  stores: z.array(ConsoleStoreSchema),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;
export const StaffSessionResponseSchema = successOf(StaffSessionSchema);
export const ConsoleStoresResponseSchema = successOf(z.array(ConsoleStoreSchema));

export const ConsoleStoreParams = z.object({ storeId: IdParam });
export const ConsoleOrderParams = z.object({ orderId: OrderIdSchema });
export const ConsoleQueueQuerySchema = z.object({
  /** active: not yet delivered, picked up or cancelled; done: today's finished orders */
  view: z.enum(['active', 'done']).default('active'),
});

export const ConsoleOrderSchema = z.object({
  id: OrderIdSchema,
  dominosOrderId: z.string(),
  storeId: z.number().int(),
  deliveryType: DeliveryTypeSchema,
  status: OrderStatusSchema,
  stage: OrderStageSchema.nullable(),
  /** what the "next" button moves it to; null at the end */
  next: OrderStageSchema.nullable(),
  /** an advance order still waiting for its processing to start (30 minutes before the slot) */
  advanceWaiting: z.boolean(),
  slotAt: z.string().nullable(),
  placedAt: z.string().nullable(),
  promisedAt: z.string().nullable(),
  stageAt: z.string().nullable(),
  customerName: z.string(),
  /** masked: the store needs only to recognise it, the rider calls through the customer's number on the order slip */
  mobile: z.string(),
  /** the delivery address in one line, or the vehicle for curbside */
  deliverTo: z.string(),
  instructions: z.string().nullable(),
  zeroContact: z.boolean(),
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      /** size, crust and toppings, e.g. "Medium · Cheese Burst · + Paneer, Onion" */
      description: z.string(),
    }),
  ),
  /** the surprise gift the order unlocked: the kitchen packs it free with the items; else null */
  surpriseGift: GiftProductSchema.nullable(),
  totalPaise: PaiseSchema,
  payment: z.object({
    /** the method's name, e.g. "Cash on delivery", "Card", "UPI", "Wallet" */
    method: z.string(),
    /** the payment's state: success, refunded and so on */
    state: z.string(),
    /** what the rider must collect (cash on delivery), paise */
    toCollectPaise: PaiseSchema,
    /** the customer paid again for it and is refunded (issue 28 §1): nothing to collect or hand back */
    extraPayments: z.array(ExtraPaymentSchema).optional(),
  }),
  riderName: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** a train order's train, station, coach and berth; its handover needs the passenger's delivery code */
  train: ConsoleTrainSchema.nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrderSchema>;

export const ConsoleQueueSchema = z.object({
  store: ConsoleStoreSchema,
  orders: z.array(ConsoleOrderSchema),
  /** the queue's live stream (server-sent events named "queue": a change happened, fetch again) */
  eventsUrl: z.string(),
});
export type ConsoleQueue = z.infer<typeof ConsoleQueueSchema>;
export const ConsoleQueueResponseSchema = successOf(ConsoleQueueSchema);

export const ConsoleStageBodySchema = z.strictObject({
  /** the stage the staff member saw the button for: a stale screen is refused, not moved twice */
  to: OrderStageSchema,
  /** required when dispatching a delivery order */
  riderName: z.string().trim().min(1).max(60).optional(),
  /** required when handing a train order over: the 4-digit code the passenger received by SMS */
  deliveryCode: z.string().trim().max(10).optional(),
});
export const ConsoleCancelBodySchema = z.strictObject({
  reason: z.string().trim().min(3, 'Please give a reason').max(200),
});
export const ConsoleOrderResponseSchema = successOf(ConsoleOrderSchema);

export const ConsoleOnlineBodySchema = z.strictObject({ online: z.boolean() });
export const ConsoleStoreResponseSchema = successOf(ConsoleStoreSchema);

export const ConsoleProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  inStock: z.boolean(),
});
export const ConsoleProductsResponseSchema = successOf(z.array(ConsoleProductSchema));
export const ConsoleProductParams = z.object({
  storeId: IdParam,
  productCode: z.string().regex(/^[A-Z]{3}\d{4}$/),
});
export const ConsoleStockBodySchema = z.strictObject({ inStock: z.boolean() });
