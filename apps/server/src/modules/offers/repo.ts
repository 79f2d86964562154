import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, customers, edvDeals } from '../../db/schema.ts';

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
      active: coupons.active,
    })
    .from(coupons)
    .where(eq(coupons.code, code));
  return row;
}

export async function recordRedemption(db: Db, row: { code: string; customerId: string; orderId: string }) {
  await db.insert(couponRedemptions).values(row).onConflictDoNothing();
}
