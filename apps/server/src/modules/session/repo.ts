import type { Db } from '../../db/client.ts';
import { guestSessions } from '../../db/schema.ts';

export async function insertGuestSession(
  db: Db,
  row: { id: string; accessKeyId: string; secretHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(guestSessions).values(row);
}
