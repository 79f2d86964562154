import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderStageEvents, orders, payments, vouchers } from '../../db/schema.ts';

import type { OrderRow } from '../orders/repo.ts';

export type { OrderRow };
export type StageEventRow = typeof orderStageEvents.$inferSelect;

/** SPEC §5 Tracking: the order with this number placed with this mobile number. */
export async function findOrderByNumber(
  db: Db,
  mobile: string,
  number: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.mobile, mobile)))
    .limit(1);
  return row;
}

export function stageEvents(db: Db, orderId: string): Promise<StageEventRow[]> {
  return db
    .select()
    .from(orderStageEvents)
    .where(eq(orderStageEvents.orderId, orderId))
    .orderBy(asc(orderStageEvents.at), asc(orderStageEvents.id));
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
const FINAL_STAGES = ['DELIVERED', 'PICKED_UP', 'CANCELLED'];

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

/** What a cancelled order spent of an e-voucher or gift card goes back onto it. */
export async function restoreVoucher(db: Db, code: string, amount: number): Promise<void> {
  await db
    .update(vouchers)
    .set({ balancePaise: sql`${vouchers.balancePaise} + ${amount}` })
    .where(eq(vouchers.code, code));
}
