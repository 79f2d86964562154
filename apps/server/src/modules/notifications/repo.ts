import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderNotices, pushSubscriptions } from '../../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The order's subscription at `endpoint`, made now or kept from before (one per browser and order); null when the
 * order already has `max` others. Taken under the order's lock, so browsers subscribing at once, on any process,
 * never pass the limit between them.
 */
export function keepSubscription(
  db: Db,
  s: { orderId: string; endpoint: string; p256dh: string; auth: string },
  max: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`push-subscriptions|${s.orderId}`}, 0))`,
    );
    const kept = await tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.orderId, s.orderId));
    if (!kept.some((k) => k.endpoint === s.endpoint) && kept.length >= max) return null;
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: `P${randomBytes(10).toString('hex')}`, ...s })
      // the browser may have made new keys for the same endpoint: the latest are the ones it decrypts with
      .onConflictDoUpdate({
        target: [pushSubscriptions.orderId, pushSubscriptions.endpoint],
        set: { p256dh: s.p256dh, auth: s.auth },
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new Error('push subscription not kept');
    return row.id;
  });
}

export function subscriptionsOf(db: Db, orderId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.orderId, orderId));
}

/** Whether it was there to drop. */
export async function dropSubscription(db: Db, orderId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.orderId, orderId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/**
 * Claims the notice of `stage` to `target` (a subscription's id, or `sms`): true for the one caller, in any
 * process, whose row went in; false when it was claimed before (the event told twice, two processes).
 */
export async function claimNotice(db: Db, orderId: string, stage: string, target: string): Promise<boolean> {
  const rows = await db
    .insert(orderNotices)
    .values({ orderId, stage, target })
    .onConflictDoNothing()
    .returning({ orderId: orderNotices.orderId });
  return rows.length > 0;
}

export async function settleNotice(
  db: Db,
  orderId: string,
  stage: string,
  target: string,
  outcome: 'sent' | 'gone' | 'failed',
): Promise<void> {
  await db
    .update(orderNotices)
    .set({ outcome, at: new Date() })
    .where(
      and(eq(orderNotices.orderId, orderId), eq(orderNotices.stage, stage), eq(orderNotices.target, target)),
    );
}
