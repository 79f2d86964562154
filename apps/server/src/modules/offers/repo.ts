import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, edvDeals } from '../../db/schema.ts';

export function listActiveCoupons(db: Db) {
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.active, true))
    .orderBy(asc(coupons.sortOrder), asc(coupons.code));
}
export type CouponRow = Awaited<ReturnType<typeof listActiveCoupons>>[number];

export function listActiveDeals(db: Db) {
  return db.select().from(edvDeals).where(eq(edvDeals.active, true)).orderBy(asc(edvDeals.sortOrder));
}
export type DealRow = Awaited<ReturnType<typeof listActiveDeals>>[number];

/** Redemptions per code by everybody. */
export function totalRedemptions(db: Db) {
  return db
    .select({ code: couponRedemptions.code, total: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.code);
}

/** Redemptions of the given codes by one customer. */
export async function customerRedemptions(db: Db, customerId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: couponRedemptions.code, n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(inArray(couponRedemptions.code, codes), eq(couponRedemptions.customerId, customerId)))
    .groupBy(couponRedemptions.code);
}

export async function recordRedemption(db: Db, row: { code: string; customerId: string; orderId: string }) {
  await db.insert(couponRedemptions).values(row).onConflictDoNothing();
}
