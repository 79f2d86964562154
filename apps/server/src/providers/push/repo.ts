import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPushMessages, sandboxPushSubscriptions } from '../../db/schema.ts';

/** The push sandbox's rows (./sandbox.ts): its subscriptions with their private keys, and what they received. */

export async function insertSubscription(
  db: Db,
  row: typeof sandboxPushSubscriptions.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPushSubscriptions).values(row);
}

export async function findSubscription(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sandboxPushSubscriptions)
    .where(eq(sandboxPushSubscriptions.id, id))
    .limit(1);
  return row;
}

export async function setGone(db: Db, id: string, gone: boolean): Promise<boolean> {
  const rows = await db
    .update(sandboxPushSubscriptions)
    .set({ gone })
    .where(eq(sandboxPushSubscriptions.id, id))
    .returning({ id: sandboxPushSubscriptions.id });
  return rows.length > 0;
}

export async function insertMessage(db: Db, row: typeof sandboxPushMessages.$inferInsert): Promise<void> {
  await db.insert(sandboxPushMessages).values(row);
}

export function messagesOf(db: Db, subscriptionId: string) {
  return db
    .select()
    .from(sandboxPushMessages)
    .where(eq(sandboxPushMessages.subscriptionId, subscriptionId))
    .orderBy(asc(sandboxPushMessages.id));
}
