import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, customers, edvDeals } from '../../db/schema.ts';

/**
 * The coupons customers may use: published ones (a draft never applies, a retired one no longer); of the personal
 * ones (spin-the-wheel prizes), only those not yet expired, so the promotion book holds the live prizes only.
 */
export function listActiveCoupons(db: Db, now: Date) {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.status, 'PUBLISHED'),
        or(isNull(coupons.ownerId), isNull(coupons.validTo), gt(coupons.validTo, now)),
      ),
    )
    .orderBy(asc(coupons.sortOrder), asc(coupons.code));
}
export type CouponRow = Awaited<ReturnType<typeof listActiveCoupons>>[number];

export function listActiveDeals(db: Db) {
  return db.select().from(edvDeals).where(eq(edvDeals.status, 'PUBLISHED')).orderBy(asc(edvDeals.sortOrder));
}
export type DealRow = Awaited<ReturnType<typeof listActiveDeals>>[number];

/** Redemptions per code by everybody. */
export function totalRedemptions(db: Db) {
  return db
    .select({ code: couponRedemptions.code, total: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.code);
}

/**
 * Redemptions of the given codes by one customer, by orders of other carts than `cartId`: the cart's own
 * order (waiting for its payment) must not count against the coupon it was priced with.
 */
export async function customerRedemptions(db: Db, customerId: string, codes: string[], cartId: string) {
  if (codes.length === 0) return [];
  return db
    .select({ code: couponRedemptions.code, n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(
        inArray(couponRedemptions.code, codes),
        eq(couponRedemptions.customerId, customerId),
        // columns named with their tables: drizzle leaves a one-table query's own columns unqualified
        sql`not exists (select 1 from orders o where o.id = coupon_redemptions.order_id and o.cart_id = ${cartId})`,
      ),
    )
    .groupBy(couponRedemptions.code);
}

/**
 * The orders that make a customer's next order not their first (docs/cart-pricing.md): placed, cancelled
 * after it was placed, or still waiting for its payment; a failed order (nothing was bought) does not count.
 */
const COUNTED_STATUSES = sql`('placed', 'cancelled', 'payment_pending')`;

/**
 * What a coupon needs to know of a customer: whether they are staff (their mobile is a staff member's
 * registered one) and whether they have an order, under their account or their mobile, of any cart but
 * `cartId`. undefined for an unknown customer.
 */
export async function customerStanding(
  db: Db,
  customerId: string,
  cartId: string,
): Promise<{ isStaff: boolean; hasOrdered: boolean } | undefined> {
  const counted = (match: SQL) =>
    sql`exists (select 1 from orders o where ${match} and o.status in ${COUNTED_STATUSES}
          and o.cart_id <> ${cartId})`;
  // columns named with their tables: drizzle leaves a one-table query's own columns unqualified
  const [row] = await db
    .select({
      isStaff: sql<boolean>`exists (select 1 from staff s where s.mobile = customers.mobile)`,
      hasOrdered: sql<boolean>`(${counted(sql`o.owner_id = customers.id`)}
        or ${counted(sql`o.mobile = customers.mobile`)})`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ? { isStaff: Boolean(row.isStaff), hasOrdered: Boolean(row.hasOrdered) } : undefined;
}

/** A coupon's limits as the database holds them now (the promotion book's copy may be 30 s old). */
export async function couponLimits(db: Db, code: string) {
  const [row] = await db
    .select({
      firstOrderOnly: coupons.firstOrderOnly,
      perCustomerLimit: coupons.perCustomerLimit,
      totalLimit: coupons.totalLimit,
      audience: coupons.audience,
      status: coupons.status,
      ownerId: coupons.ownerId,
    })
    .from(coupons)
    .where(eq(coupons.code, code));
  return row;
}

export async function recordRedemption(db: Db, row: { code: string; customerId: string; orderId: string }) {
  await db.insert(couponRedemptions).values(row).onConflictDoNothing();
}

// ---- the back office's reads and writes (issue 30 §3; modules/offers/admin.ts)

export type CouponInsert = typeof coupons.$inferInsert;
export type DealInsert = typeof edvDeals.$inferInsert;

/** The chain's coupons: personal ones (spin-the-wheel prizes) are the game's, shown in its view. */
export function allCoupons(db: Db) {
  return db
    .select()
    .from(coupons)
    .where(isNull(coupons.ownerId))
    .orderBy(asc(coupons.sortOrder), asc(coupons.code));
}

export function allDeals(db: Db) {
  return db.select().from(edvDeals).orderBy(asc(edvDeals.sortOrder), asc(edvDeals.id));
}

export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function dealById(db: Db, id: number): Promise<DealRow | undefined> {
  const [row] = await db.select().from(edvDeals).where(eq(edvDeals.id, id));
  return row;
}

/** Whether a coupon or a deal (of any status: retired codes stay taken) answers to this code, but `exceptDealId`. */
export async function codeTaken(db: Db, code: string, exceptDealId: number | null = null): Promise<boolean> {
  const [c] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code));
  if (c) return true;
  const [d] = await db.select({ id: edvDeals.id }).from(edvDeals).where(eq(edvDeals.code, code));
  return d !== undefined && d.id !== exceptDealId;
}

/** Codes are shared by coupons and deals: one lock for making or renaming either, so two saves cannot both win. */
export async function lockCodes(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('offer-codes', 0))`);
}

export async function insertCoupon(db: Db, row: CouponInsert): Promise<CouponRow> {
  const [made] = await db.insert(coupons).values(row).returning();
  return made!;
}

/** The next deal id (deals are keyed by the SPEC's ids): under lockCodes. */
export async function nextDealId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number>`coalesce(max(${edvDeals.id}), 0)::int` }).from(edvDeals);
  return (row?.max ?? 0) + 1;
}

export async function insertDeal(db: Db, row: DealInsert): Promise<DealRow> {
  const [made] = await db.insert(edvDeals).values(row).returning();
  return made!;
}

/** Writes when the row is still at `version`; undefined when it is not (someone saved meanwhile) or is gone. */
export async function updateCoupon(
  db: Db,
  code: string,
  version: number,
  fields: Partial<CouponInsert>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...fields, version: sql`${coupons.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.code, code), eq(coupons.version, version)))
    .returning();
  return row;
}

export async function updateDeal(
  db: Db,
  id: number,
  version: number,
  fields: Partial<DealInsert>,
): Promise<DealRow | undefined> {
  const [row] = await db
    .update(edvDeals)
    .set({ ...fields, version: sql`${edvDeals.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(edvDeals.id, id), eq(edvDeals.version, version)))
    .returning();
  return row;
}

/** A personal coupon (a spin-the-wheel prize), in the granting transaction. */
export async function insertPersonalCoupon(db: Db, row: CouponInsert & { ownerId: string }): Promise<void> {
  await db.insert(coupons).values(row);
}
