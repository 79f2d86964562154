import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paytmLinks, paytmOtpRequests } from '../../db/schema.ts';

export type LinkRow = typeof paytmLinks.$inferSelect;

/** The first live link among `owners`, in their order. */
export async function findLink(db: Db, owners: readonly string[], now: Date): Promise<LinkRow | undefined> {
  const rows = await db
    .select()
    .from(paytmLinks)
    .where(and(inArray(paytmLinks.owner, [...owners]), gt(paytmLinks.expiresAt, now)));
  return owners.map((o) => rows.find((r) => r.owner === o)).find(Boolean);
}

/** The owner's link, replacing an older one (a wallet linked again, or another wallet). */
export async function saveLink(db: Db, row: typeof paytmLinks.$inferInsert): Promise<void> {
  await db
    .insert(paytmLinks)
    .values(row)
    .onConflictDoUpdate({
      target: paytmLinks.owner,
      set: {
        mobile: row.mobile,
        token: row.token,
        expiresAt: row.expiresAt,
        linkedAt: row.linkedAt ?? new Date(),
      },
    });
}

/** Drops a link Paytm no longer honours, unless it was replaced meanwhile. */
export async function dropLink(db: Db, owner: string, token: string): Promise<void> {
  await db.delete(paytmLinks).where(and(eq(paytmLinks.owner, owner), eq(paytmLinks.token, token)));
}

export async function insertOtpRequest(db: Db, row: typeof paytmOtpRequests.$inferInsert): Promise<void> {
  await db.insert(paytmOtpRequests).values(row);
}

export async function findOtpRequest(db: Db, state: string) {
  const [row] = await db.select().from(paytmOtpRequests).where(eq(paytmOtpRequests.state, state));
  return row;
}
