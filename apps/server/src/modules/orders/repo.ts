import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { PaymentState } from '@crust/domain/payment-state';
import type { TrainBooking } from '@crust/domain/train';
import { insertParams, insertPlaceholders, preparedStatements } from '../../db/prepared.ts';
import {
  carts,
  couponRedemptions,
  coupons,
  deliveryCodes,
  extraCaptures,
  orderStageEvents,
  orders,
  paymentEvents,
  payments,
  vouchers,
} from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type StageEventRow = typeof orderStageEvents.$inferSelect;
export type PaymentChange = Partial<
  Pick<
    PaymentRow,
    'gatewayOrderId' | 'gateway' | 'gatewayPaymentId' | 'cardBrand' | 'cardLast4' | 'failureCode' | 'refundId'
  >
>;

const ph = sql.placeholder;

/**
 * The statements of a confirm, a payment's status and the tracker, built once (src/db/prepared.ts); inside a
 * transaction they run on its connection.
 */
const statements = preparedStatements((db) => ({
  insertOrder: db
    .insert(orders)
    .values(insertPlaceholders(orders, ORDER_INSERT))
    .onConflictDoNothing()
    .returning()
    .prepare('orders_insert'),
  findOrder: db
    .select()
    .from(orders)
    .where(eq(orders.id, ph('id')))
    .prepare('orders_find'),
  findOrderByTransaction: db
    .select()
    .from(orders)
    .where(eq(orders.transactionId, ph('transactionId')))
    .prepare('orders_find_by_transaction'),
  findActiveOrderOfCart: db
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, ph('cartId')), inArray(orders.status, ['payment_pending', 'placed'])))
    .prepare('orders_find_active_of_cart'),
  findOrderByNumber: db
    .select()
    .from(orders)
    .where(and(eq(orders.number, ph('number')), eq(orders.mobile, ph('mobile'))))
    .limit(1)
    .prepare('orders_find_by_number'),
  findPayment: db
    .select()
    .from(payments)
    .where(eq(payments.orderId, ph('orderId')))
    .prepare('payments_find'),
  insertPayment: db
    .insert(payments)
    .values({ orderId: ph('orderId'), method: ph('method') })
    .returning()
    .prepare('payments_insert'),
  // a move with nothing noted beside the state (an authorisation, a code accepted)
  movePayment: db
    .update(payments)
    .set({
      state: sql`${ph('state')}::text`,
      version: sql`${ph('seenVersion')}::integer + 1`,
      updatedAt: sql`${ph('now')}::timestamptz`,
    })
    .where(and(eq(payments.orderId, ph('orderId')), eq(payments.version, ph('seenVersion'))))
    .returning()
    .prepare('payments_move'),
  // two probes, each on its own index; the first row found ends it
  hasPlacedOrder: db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.ownerId, ph('ownerId')), eq(orders.status, 'placed')))
    .unionAll(
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.mobile, ph('mobile')), eq(orders.status, 'placed'))),
    )
    .limit(1)
    .prepare('orders_has_placed'),
  markPlaced: db
    .update(orders)
    .set({
      status: 'placed',
      placedAt: sql`${ph('now')}::timestamptz`,
      updatedAt: sql`${ph('now')}::timestamptz`,
      stage: 'CONFIRMED',
      stageAt: sql`${ph('now')}::timestamptz`,
      promisedAt: sql`${ph('promisedAt')}::timestamptz`,
    })
    .where(eq(orders.id, ph('id')))
    .returning()
    .prepare('orders_mark_placed'),
  confirmedEvent: db
    .insert(orderStageEvents)
    .values({ orderId: ph('orderId'), stage: 'CONFIRMED', at: ph('at') })
    .onConflictDoNothing()
    .prepare('order_stage_events_confirmed'),
  stageEvents: db
    .select()
    .from(orderStageEvents)
    .where(eq(orderStageEvents.orderId, ph('orderId')))
    .orderBy(asc(orderStageEvents.at), asc(orderStageEvents.id))
    .prepare('order_stage_events_of'),
  deleteCart: db
    .delete(carts)
    .where(eq(carts.id, ph('id')))
    .prepare('orders_delete_cart'),
}));

/** How many numbers a new order draws before giving up: one is taken in 10⁴ only after 9,000 orders. */
const NUMBER_DRAWS = 5;

/** The columns a new order is inserted with; the rest take their defaults. */
const ORDER_INSERT = [
  'id',
  'transactionId',
  'number',
  'ownerId',
  'cartId',
  'cartVersion',
  'storeId',
  'deliveryType',
  'snapshot',
  'totalPaise',
  'walletPaise',
  'amountPaise',
  'primaryPaymentId',
  'upiMode',
  'mobile',
  'userDetails',
  'address',
  'deliverTo',
  'vehicle',
  'stationId',
  'advancedTime',
  'zeroContact',
  'instructions',
  'promoCode',
  'voucherCode',
] as const satisfies readonly (keyof NewOrderRow)[];

export type OrderInsert = Parameters<typeof insertParams<typeof orders, (typeof ORDER_INSERT)[number]>>[2];

/**
 * Inserts the order, with a number from `drawNumber`, unless the cart already has an active one (the partial
 * unique index); undefined then. A number already taken is drawn again.
 */
export async function insertOrder(
  db: Db,
  row: Omit<OrderInsert, 'number'>,
  drawNumber: () => number,
): Promise<OrderRow | undefined> {
  for (let draw = 0; draw < NUMBER_DRAWS; draw++) {
    const params = insertParams(orders, ORDER_INSERT, { ...row, number: drawNumber() });
    const [inserted] = await statements(db).insertOrder.execute(params);
    if (inserted) return inserted;
    // ON CONFLICT waited for the other order's transaction, so an active order of the cart is visible now
    if (await findActiveOrderOfCart(db, row.cartId)) return undefined;
  }
  throw new Error(`no free order number in ${NUMBER_DRAWS} draws`);
}

export async function insertPayment(db: Db, orderId: string, method: string): Promise<PaymentRow> {
  const [row] = await statements(db).insertPayment.execute({ orderId, method });
  return row!;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await statements(db).findOrder.execute({ id });
  return row;
}

export async function findOrderByTransaction(db: Db, transactionId: string): Promise<OrderRow | undefined> {
  const [row] = await statements(db).findOrderByTransaction.execute({ transactionId });
  return row;
}

export async function findActiveOrderOfCart(db: Db, cartId: string): Promise<OrderRow | undefined> {
  const [row] = await statements(db).findActiveOrderOfCart.execute({ cartId });
  return row;
}

export async function findPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await statements(db).findPayment.execute({ orderId });
  return row;
}

export async function findPaymentByGatewayOrder(
  db: Db,
  gatewayOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayOrderId, gatewayOrderId));
  return row;
}

/**
 * The conditional write of decision 010: only if nobody moved the payment since `seenVersion` (and, for
 * `withoutGatewayOrder`, only while it still has no gateway order: the gateway order is noted without a move).
 */
export async function movePayment(
  db: Db,
  orderId: string,
  seenVersion: number,
  state: PaymentState,
  change: PaymentChange,
  opts: { withoutGatewayOrder?: boolean } = {},
): Promise<PaymentRow | undefined> {
  if (Object.keys(change).length === 0 && !opts.withoutGatewayOrder) {
    const [moved] = await statements(db).movePayment.execute({
      orderId,
      seenVersion,
      state,
      now: new Date().toISOString(),
    });
    return moved;
  }
  const [row] = await db
    .update(payments)
    .set({ ...change, state, version: seenVersion + 1, updatedAt: new Date() })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.version, seenVersion),
        opts.withoutGatewayOrder ? isNull(payments.gatewayOrderId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The method paying the order changed (another method on the same gateway order). */
export async function setPaymentMethod(db: Db, orderId: string, method: string): Promise<void> {
  await db.update(payments).set({ method, updatedAt: new Date() }).where(eq(payments.orderId, orderId));
}

/** Details that do not move the state (the gateway order, once made). */
/**
 * A gateway order for a payment that has none yet. Conditional: a gateway whose orders are not idempotent by
 * receipt (Razorpay) gives a racing twin confirm another order, and the first one noted must stay the one the
 * customer pays; answers the payment as it is afterwards.
 */
export async function noteGatewayOrder(
  db: Db,
  orderId: string,
  opened: { gatewayOrderId: string; gateway: string },
): Promise<PaymentRow | undefined> {
  await db
    .update(payments)
    .set({ ...opened, updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), isNull(payments.gatewayOrderId)));
  return findPayment(db, orderId);
}

export async function notePayment(db: Db, orderId: string, change: PaymentChange): Promise<void> {
  await db
    .update(payments)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(payments.orderId, orderId));
}

export async function setOrderStatus(db: Db, id: string, status: 'failed' | 'cancelled'): Promise<void> {
  await db.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** The money is in: the order is placed and reaches the store as CONFIRMED, with its promised time. */
export async function markPlaced(
  db: Db,
  id: string,
  now: Date,
  promisedAt: Date,
): Promise<OrderRow | undefined> {
  const s = statements(db);
  const [row] = await s.markPlaced.execute({
    id,
    now: now.toISOString(),
    promisedAt: promisedAt.toISOString(),
  });
  await s.confirmedEvent.execute({ orderId: id, at: now });
  return row;
}

export async function updateOrder(
  db: Db,
  id: string,
  change: Partial<
    Pick<OrderRow, 'primaryPaymentId' | 'upiMode' | 'codeHash' | 'codeAttempts' | 'codeSentAt'>
  >,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** The order's first code, unless it has one already; answers whether this one was set. */
export async function setFirstCode(
  db: Db,
  id: string,
  change: Pick<OrderRow, 'codeHash' | 'codeAttempts' | 'codeSentAt'>,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.codeHash)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * A new code whose text certainly did not go out gives way to the one before it (issue 14 §2), unless yet another
 * code has replaced it since; the earlier code's wrong tries still count.
 */
export async function restoreCode(
  db: Db,
  id: string,
  failedHash: string,
  previous: Pick<OrderRow, 'codeHash' | 'codeAttempts' | 'codeSentAt'>,
): Promise<void> {
  await db
    .update(orders)
    .set({
      codeHash: previous.codeHash,
      codeAttempts: sql`greatest(${orders.codeAttempts}, ${previous.codeAttempts})`,
      codeSentAt: previous.codeSentAt,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, id), eq(orders.codeHash, failedHash)));
}

/** One more wrong code; answers the attempts made so far (conditional, so racing tries all count). */
export async function countWrongCode(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({ codeAttempts: sql`${orders.codeAttempts} + 1` })
    .where(eq(orders.id, id))
    .returning({ n: orders.codeAttempts });
  return row?.n ?? 0;
}

/** Orders of this customer or mobile since `since`, for the duplicate-order check. */
export function recentOrders(db: Db, who: { ownerId: string; mobile: string }, since: Date) {
  return db
    .select({
      ownerId: orders.ownerId,
      mobile: orders.mobile,
      snapshot: orders.snapshot,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        sql`(${orders.ownerId} = ${who.ownerId} or ${orders.mobile} = ${who.mobile})`,
        gte(orders.createdAt, since),
        eq(orders.status, 'placed'),
      ),
    );
}

/**
 * Whether this mobile or customer has had an order placed before (COD OTP is asked of new customers). Two
 * lookups, each on its own index: one query with "owner or mobile" made PostgreSQL walk a whole index, which
 * grows with the order book (bench:orders).
 */
export async function hasPlacedOrder(db: Db, who: { ownerId: string; mobile: string }): Promise<boolean> {
  // both probes in one statement (one round trip), each planned on its own index
  const found = await statements(db).hasPlacedOrder.execute({ ownerId: who.ownerId, mobile: who.mobile });
  return found.length > 0;
}

/**
 * The customer's last placed order (cancelled since or not) and what paid it: the customer's "last used"
 * option (issue 11: the method of the last order, whatever it was; PIGGYBANK when the wallet paid it all).
 */
export async function lastPaidOrder(db: Db, ownerId: string) {
  const [row] = await db
    .select({
      method: sql<string>`coalesce(${orders.primaryPaymentId}, ${payments.method})`,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.ownerId, ownerId), inArray(orders.status, ['placed', 'cancelled'])))
    .orderBy(sql`${orders.placedAt} desc nulls last`, desc(orders.number))
    .limit(1);
  return row;
}

/** A placed order that reached its customer: delivered, or picked up. */
const reachedCustomer = () =>
  and(eq(orders.status, 'placed'), inArray(orders.stage, ['DELIVERED', 'PICKED_UP']));

/** The owner's first order that reached its customer (delivered or picked up, the earliest delivery first). */
export async function firstDeliveredOrderId(db: Db, ownerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.ownerId, ownerId), reachedCustomer(), isNotNull(orders.deliveredAt)))
    .orderBy(asc(orders.deliveredAt), asc(orders.id))
    .limit(1);
  return row?.id;
}

/** Where a walk through the stale payments has got to: the last one it was given. */
export interface StaleCursor {
  at: Date;
  orderId: string;
}

/**
 * The reconciler's pages, walked by (a time, order id) after `after`: what to select, the condition for "after"
 * and the order. The time is cut to the millisecond a Date holds, so a cursor made from a row never lets that row
 * come round again.
 */
function pagedBy(stamp: AnyPgColumn, orderId: AnyPgColumn, after: StaleCursor | null) {
  const at = sql`date_trunc('milliseconds', ${stamp})`;
  return {
    // every stamp is a timestamptz, read back as a Date like payments.updated_at
    fields: { at: sql<Date>`${at}`.mapWith(payments.updatedAt), orderId: sql<string>`${orderId}` },
    after: after
      ? sql`(${at}, ${orderId}) > (${after.at.toISOString()}::timestamptz, ${after.orderId})`
      : undefined,
    order: [at, orderId] as const,
  };
}

/**
 * Payments still open and untouched since `before` (what the reconciler asks the gateway about), oldest
 * first, `limit` of them after `after`. Walked in pages by (last change, order id); the change time is cut to
 * the millisecond a Date holds, so a cursor made from a row never lets that row come round again.
 */
export async function stalePayments(
  db: Db,
  before: Date,
  after: StaleCursor | null,
  limit: number,
): Promise<StaleCursor[]> {
  const page = pagedBy(payments.updatedAt, payments.orderId, after);
  return db
    .select(page.fields)
    .from(payments)
    .where(
      and(
        inArray(payments.state, ['created', 'pending', 'refund_pending']),
        lt(payments.updatedAt, before),
        page.after,
      ),
    )
    .orderBy(...page.order)
    .limit(limit);
}

/** Records a webhook event; false when it was seen before. */
export async function recordEvent(
  db: Db,
  event: { provider: string; eventId: string; kind: string; gatewayOrderId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}

/** The cart the order was made of is spent: it is removed with the order's confirmation. */
export async function deleteCart(db: Db, cartId: string): Promise<void> {
  await statements(db).deleteCart.execute({ id: cartId });
}

/**
 * Waits for, and holds until the transaction ends, the lock of one customer's use of one coupon: two orders
 * of one customer with one coupon (two carts, two tabs) take their turn here, so the second sees the first.
 */
export async function lockCouponUse(db: Db, code: string, customerId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-use|${code}|${customerId}`}, 0))`,
  );
}

/** Locks the coupon's row for the rest of the transaction: orders racing for its last use go one by one. */
export async function lockCoupon(db: Db, code: string): Promise<void> {
  await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).for('update');
}

/** Uses of a coupon, by one customer or by everybody. */
export async function countRedemptions(db: Db, code: string, customerId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      customerId === undefined
        ? eq(couponRedemptions.code, code)
        : and(eq(couponRedemptions.code, code), eq(couponRedemptions.customerId, customerId)),
    );
  return Number(row?.n ?? 0);
}

export async function insertRedemption(
  db: Db,
  input: { code: string; customerId: string; orderId: string },
): Promise<void> {
  await db.insert(couponRedemptions).values(input).onConflictDoNothing();
}

/** A failed order gives its coupon use back. */
export async function releaseCoupon(db: Db, orderId: string): Promise<void> {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

export async function findVoucher(db: Db, code: string) {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

/** Spends `amount` of a voucher if it has that much; false otherwise. */
export async function spendVoucher(db: Db, code: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(vouchers)
    .set({ balancePaise: sql`${vouchers.balancePaise} - ${amount}` })
    .where(and(eq(vouchers.code, code), gte(vouchers.balancePaise, amount)))
    .returning({ code: vouchers.code });
  return rows.length === 1;
}

/** A guest who logs in keeps what they ordered: the session's orders become the customer's. */
export async function transferOrders(db: Db, fromOwner: string, toOwner: string): Promise<void> {
  await db.update(orders).set({ ownerId: toOwner }).where(eq(orders.ownerId, fromOwner));
}

/** SPEC §5 Tracking: the order with this number placed with this mobile number. */
export async function findOrderByNumber(
  db: Db,
  mobile: string,
  number: number,
): Promise<OrderRow | undefined> {
  const [row] = await statements(db).findOrderByNumber.execute({ number, mobile });
  return row;
}

export function stageEvents(db: Db, orderId: string): Promise<StageEventRow[]> {
  return statements(db).stageEvents.execute({ orderId });
}

export interface StageWrite {
  stage: string;
  at: Date;
  staffId: string | null;
  riderName?: string;
  cancelReason?: string;
  deliveredAt?: Date;
  status?: 'cancelled';
}

/**
 * Moves the order from `from` to the written stage only if it is still at `from`: two staff tapping at once
 * (or a stale screen) move it once. The stage's event row is written in the same transaction.
 */
export async function moveStage(
  db: Db,
  orderId: string,
  from: string,
  w: StageWrite,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      stage: w.stage,
      stageAt: w.at,
      updatedAt: w.at,
      ...(w.riderName !== undefined ? { riderName: w.riderName } : {}),
      ...(w.cancelReason !== undefined ? { cancelReason: w.cancelReason } : {}),
      ...(w.deliveredAt !== undefined ? { deliveredAt: w.deliveredAt } : {}),
      ...(w.status !== undefined ? { status: w.status } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.stage, from), eq(orders.status, 'placed')))
    .returning();
  if (!row) return undefined;
  await db
    .insert(orderStageEvents)
    .values({
      orderId,
      stage: w.stage,
      staffId: w.staffId,
      note: w.cancelReason ?? w.riderName ?? null,
      at: w.at,
    })
    .onConflictDoNothing();
  return row;
}

export async function setGuaranteeCredit(db: Db, orderId: string, amount: number): Promise<void> {
  await db.update(orders).set({ guaranteePaise: amount }).where(eq(orders.id, orderId));
}

const ACTIVE_STAGES = ['CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'READY'];
const FINAL_STAGES = ['DELIVERED', 'PICKED_UP', 'UNDELIVERED', 'CANCELLED'];

/** A store's queue: orders the store still has to finish (oldest first), or those it finished since `since`. */
export function storeQueue(db: Db, storeId: number, view: 'active' | 'done', since: Date) {
  const where =
    view === 'active'
      ? and(eq(orders.storeId, storeId), eq(orders.status, 'placed'), inArray(orders.stage, ACTIVE_STAGES))
      : and(
          eq(orders.storeId, storeId),
          isNotNull(orders.stage),
          inArray(orders.stage, FINAL_STAGES),
          gte(orders.stageAt, since),
        );
  return db
    .select({ order: orders, paymentState: payments.state, method: payments.method })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(where)
    .orderBy(
      view === 'active'
        ? asc(sql`coalesce(${orders.advancedTime}, ${orders.placedAt})`)
        : desc(orders.stageAt),
    )
    .limit(200);
}

/**
 * How long the store's queue is (issue 31 item 6, the ETA): its unfinished orders, as its console lists them, that
 * are due before `before` (an order by when it was placed, an advance order by its slot).
 */
export async function queueLength(db: Db, storeId: number, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, 'placed'),
        inArray(orders.stage, ACTIVE_STAGES),
        lt(sql`coalesce(${orders.advancedTime}, ${orders.placedAt})`, before),
      ),
    );
  return row?.n ?? 0;
}

/** What a cancelled order spent of an e-voucher or gift card goes back onto it. */
export async function restoreVoucher(db: Db, code: string, amount: number): Promise<void> {
  await db
    .update(vouchers)
    .set({ balancePaise: sql`${vouchers.balancePaise} + ${amount}` })
    .where(eq(vouchers.code, code));
}

/** Train orders placed and still on their way to the train (issue 16): what the train watch re-reads. */
export function activeTrainOrders(db: Db, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.deliveryType, 'IRCTC'),
        or(
          and(eq(orders.status, 'placed'), inArray(orders.stage, ['CONFIRMED', 'BEING_BAKED', 'DISPATCHED'])),
          // an unpaid one too: its payment cut-off follows the train as well
          eq(orders.status, 'payment_pending'),
        ),
      ),
    )
    .orderBy(asc(orders.promisedAt))
    .limit(limit);
}

/**
 * A train order's booking moved with its train (its expected arrival and every deadline), and a placed order's
 * promised time with it; only from the promise and the arrival the watch saw (two processes' watches write it once,
 * and an order placed meanwhile is moved by the next pass). Answers the order moved, if it did.
 */
export async function moveTrainPromise(
  db: Db,
  id: string,
  seen: { promisedAt: Date | null; expectedArrival: string },
  booking: TrainBooking,
): Promise<OrderRow | undefined> {
  const [moved] = await db
    .update(orders)
    .set({
      // an unpaid order has no promise yet: placing it promises its booking's arrival then
      promisedAt: sql`case when ${orders.status} = 'placed' then ${booking.expectedArrival}::timestamptz else ${orders.promisedAt} end`,
      snapshot: sql`jsonb_set(${orders.snapshot}, '{train}', ${JSON.stringify(booking)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.id, id),
        seen.promisedAt === null ? sql`${orders.promisedAt} is null` : eq(orders.promisedAt, seen.promisedAt),
        sql`${orders.snapshot} -> 'train' ->> 'expectedArrival' = ${seen.expectedArrival}`,
      ),
    )
    .returning();
  return moved;
}

export interface DeliveryCodeRow {
  orderId: string;
  codeHash: string;
  attempts: number;
  sentAt: Date;
}

/** The order's first delivery code; answers false when it already has one. */
export async function insertDeliveryCode(db: Db, row: DeliveryCodeRow): Promise<boolean> {
  const made = await db
    .insert(deliveryCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: deliveryCodes.orderId });
  return made.length > 0;
}

/** A new delivery code in place of the old, only if the old was sent before `sentBefore`. */
export async function replaceDeliveryCode(db: Db, row: DeliveryCodeRow, sentBefore: Date): Promise<boolean> {
  const made = await db
    .insert(deliveryCodes)
    .values(row)
    .onConflictDoUpdate({
      target: deliveryCodes.orderId,
      set: { codeHash: row.codeHash, attempts: 0, sentAt: row.sentAt },
      setWhere: lt(deliveryCodes.sentAt, sentBefore),
    })
    .returning({ id: deliveryCodes.orderId });
  return made.length > 0;
}

/** One try at the order's delivery code, taken while fewer than `limit` were: the code's hash, or undefined. */
export async function takeCodeAttempt(db: Db, orderId: string, limit: number): Promise<string | undefined> {
  const [taken] = await db
    .update(deliveryCodes)
    .set({ attempts: sql`${deliveryCodes.attempts} + 1` })
    .where(and(eq(deliveryCodes.orderId, orderId), lt(deliveryCodes.attempts, limit)))
    .returning({ codeHash: deliveryCodes.codeHash });
  return taken?.codeHash;
}

export async function hasDeliveryCode(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveryCodes.orderId })
    .from(deliveryCodes)
    .where(eq(deliveryCodes.orderId, orderId));
  return row !== undefined;
}

// ——— extra captures (issue 28 §1, extra-captures.ts) ———

export type ExtraCaptureRow = typeof extraCaptures.$inferSelect;
export type NewExtraCapture = Pick<
  typeof extraCaptures.$inferInsert,
  'gateway' | 'gatewayPaymentId' | 'orderId' | 'amountPaise' | 'currency' | 'reason'
>;

/** Records a capture beyond the order's own payment, due for refund; false when it was recorded before. */
export async function recordExtraCapture(db: Db, extra: NewExtraCapture): Promise<boolean> {
  const rows = await db
    .insert(extraCaptures)
    .values(extra)
    .onConflictDoNothing()
    .returning({ id: extraCaptures.gatewayPaymentId });
  return rows.length === 1;
}

/** The order's extra captures on this gateway not refunded yet. */
export function dueExtraCaptures(db: Db, orderId: string, gateway: string): Promise<ExtraCaptureRow[]> {
  return db
    .select()
    .from(extraCaptures)
    .where(
      and(
        eq(extraCaptures.orderId, orderId),
        eq(extraCaptures.gateway, gateway),
        eq(extraCaptures.state, 'due'),
      ),
    );
}

/** An extra capture the gateway refunded (once: only a due one moves). */
export async function markExtraRefunded(
  db: Db,
  extra: Pick<ExtraCaptureRow, 'gateway' | 'gatewayPaymentId'>,
  refundId: string,
): Promise<void> {
  await db
    .update(extraCaptures)
    .set({ state: 'refunded', refundId, updatedAt: new Date() })
    .where(
      and(
        eq(extraCaptures.gateway, extra.gateway),
        eq(extraCaptures.gatewayPaymentId, extra.gatewayPaymentId),
        eq(extraCaptures.state, 'due'),
      ),
    );
}

/** The extra captures of some orders, oldest first: what the customer and the store are told. */
export function extraCapturesOf(db: Db, orderIds: readonly string[]): Promise<ExtraCaptureRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(extraCaptures)
    .where(inArray(extraCaptures.orderId, [...orderIds]))
    .orderBy(asc(extraCaptures.createdAt), asc(extraCaptures.gatewayPaymentId));
}

/**
 * Starts watching a decided payment whose gateway order may still capture until `until` (once: the window does
 * not move), or stops (null). Neither touches the payment's version or state.
 */
export async function watchOpenAttempts(db: Db, orderId: string, until: Date | null): Promise<void> {
  await db
    .update(payments)
    .set({ openAttemptsUntil: until })
    .where(and(eq(payments.orderId, orderId), until ? isNull(payments.openAttemptsUntil) : undefined));
}

/**
 * Orders with an extra capture still due whose row is older than `before` (extra_captures_due_idx), oldest
 * first after `after`: the reconciler's page.
 */
export async function ordersWithDueExtras(
  db: Db,
  before: Date,
  after: StaleCursor | null,
  limit: number,
): Promise<StaleCursor[]> {
  const page = pagedBy(extraCaptures.updatedAt, extraCaptures.orderId, after);
  return db
    .select(page.fields)
    .from(extraCaptures)
    .where(and(eq(extraCaptures.state, 'due'), lt(extraCaptures.updatedAt, before), page.after))
    .orderBy(...page.order)
    .limit(limit);
}

/**
 * Decided payments still watched at `now` (payments_open_attempts_idx), by the end of their watch, after
 * `after`: the reconciler asks the gateway about each again.
 */
export async function watchedPayments(
  db: Db,
  now: Date,
  after: StaleCursor | null,
  limit: number,
): Promise<StaleCursor[]> {
  const page = pagedBy(payments.openAttemptsUntil, payments.orderId, after);
  return db
    .select(page.fields)
    .from(payments)
    .where(and(isNotNull(payments.openAttemptsUntil), gt(payments.openAttemptsUntil, now), page.after))
    .orderBy(...page.order)
    .limit(limit);
}

/** The owner's orders delivered or picked up since `since` (spin-the-wheel's eligible orders), newest first. */
export function deliveredSince(db: Db, ownerId: string, since: Date) {
  return db
    .select({
      id: orders.id,
      stage: orders.stage,
      deliveredAt: orders.deliveredAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.ownerId, ownerId), reachedCustomer(), gte(orders.deliveredAt, since)))
    .orderBy(desc(orders.deliveredAt))
    .limit(50);
}
