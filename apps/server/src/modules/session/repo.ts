import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guestSessions, refreshTokens, revokedFamilies } from '../../db/schema.ts';

export async function insertGuestSession(
  db: Db,
  row: { id: string; accessKeyId: string; secretHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(guestSessions).values(row);
}

export async function insertRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: Db, id: string) {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  return rows[0];
}

/** Marks a token spent; false when it already was (someone used it first: reuse). */
export async function spendRefreshToken(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db.insert(revokedFamilies).values({ familyId, reason }).onConflictDoNothing();
}

export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ familyId: revokedFamilies.familyId })
    .from(revokedFamilies)
    .where(eq(revokedFamilies.familyId, familyId))
    .limit(1);
  return rows.length === 1;
}
