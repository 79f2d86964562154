import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { staff, vouchers } from '../schema.ts';
import { ADMIN_LOGIN, STAFF_MOBILES, STORE_STAFF_HASHES } from './data/staff.ts';
import { VOUCHERS } from './data/vouchers.ts';

/** The advisory lock every seed and retirement takes: two processes starting together queue on it. */
export const SEED_LOCK = 727001;

/** Long past: a retired demo voucher's expiry (fixed, so a second retirement changes nothing). */
const RETIRED_AT = new Date(0);

/** The demo's staff rows that still hold the hash of their published password (a changed one is kept). */
function demoStaffRows(): { id: string; passwordHash: string }[] {
  return [
    ...STORE_STAFF_HASHES.map(([storeId, passwordHash]) => ({ id: `S${storeId}`, passwordHash })),
    { id: 'SADMIN', passwordHash: ADMIN_LOGIN.passwordHash },
  ];
}

/**
 * What a development database keeps of the demo that production must not honour (docs/security.md "Staff
 * accounts"): demo logins still holding their published password are removed; a kept login loses the demo's
 * staff mobile (anybody holding that number would be staff for STAFF100); the demo e-vouchers and gift card,
 * whose PINs and card mobile are published, are emptied and expired rather than deleted, so orders paid with
 * them keep their history. Idempotent; the caller holds the seed lock.
 */
export async function retireDemoData(tx: Db): Promise<void> {
  for (const row of demoStaffRows())
    await tx.delete(staff).where(and(eq(staff.id, row.id), eq(staff.passwordHash, row.passwordHash)));
  for (const { staffId, mobile } of STAFF_MOBILES)
    await tx
      .update(staff)
      .set({ mobile: null })
      .where(and(eq(staff.id, staffId), eq(staff.mobile, mobile)));
  await tx
    .update(vouchers)
    .set({ balancePaise: 0, expiresAt: RETIRED_AT })
    .where(
      and(
        inArray(
          vouchers.code,
          VOUCHERS.map((v) => v.code),
        ),
        or(gt(vouchers.balancePaise, 0), gt(vouchers.expiresAt, RETIRED_AT)),
      ),
    );
}

/** A production start that does not seed still retires the demo (SEED=false on a database seeded in development). */
export function retireDemoDataAlone(db: Db): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await retireDemoData(tx);
  });
}
