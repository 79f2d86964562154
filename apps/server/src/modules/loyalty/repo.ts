import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { EnrollmentStatus, PointsEntry, PointsEntryKind } from '@crust/domain/loyalty';
import type { Db } from '../../db/client.ts';
import { customers, loyaltyMembers, loyaltyPoints } from '../../db/schema.ts';

export type MemberRow = typeof loyaltyMembers.$inferSelect;

/**
 * The customer's membership, made NEW the first time the programme hears of them. Read first: every placed order
 * of a customer asks (in the confirm's transaction), and all but the first find it.
 */
export async function ensureMember(db: Db, customerId: string, cardCode: string): Promise<MemberRow> {
  const found = await findMember(db, customerId);
  if (found) return found;
  await db.insert(loyaltyMembers).values({ customerId, cardCode }).onConflictDoNothing();
  const made = await findMember(db, customerId);
  if (!made) throw new Error(`loyalty member ${customerId} vanished`);
  return made;
}

/**
 * The membership row locked until the transaction ends: a free pizza's points are checked and spent under it, so
 * two orders spending the same points at once take turns and the second sees the first's redeem.
 */
export async function lockMember(db: Db, customerId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(loyaltyMembers)
    .where(eq(loyaltyMembers.customerId, customerId))
    .for('update');
  return row;
}

export async function findMember(db: Db, customerId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(loyaltyMembers).where(eq(loyaltyMembers.customerId, customerId));
  return row;
}

/** A conditional move: only from the status the caller saw, so racing moves cannot both apply. */
export async function moveMember(
  db: Db,
  customerId: string,
  from: EnrollmentStatus,
  to: EnrollmentStatus,
  change: Partial<Pick<MemberRow, 'cardCode' | 'enrolledAt' | 'optedOutAt'>> = {},
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(loyaltyMembers)
    .set({ ...change, status: to, updatedAt: new Date() })
    .where(and(eq(loyaltyMembers.customerId, customerId), eq(loyaltyMembers.status, from)))
    .returning();
  return row;
}

/** The customer's points entries, in the order they were written. */
export async function entriesOf(db: Db, customerId: string): Promise<PointsEntry[]> {
  const rows = await db
    .select({
      kind: loyaltyPoints.kind,
      ref: loyaltyPoints.ref,
      points: loyaltyPoints.points,
      at: loyaltyPoints.at,
    })
    .from(loyaltyPoints)
    .where(eq(loyaltyPoints.customerId, customerId))
    .orderBy(asc(loyaltyPoints.id));
  return rows.map((r) => ({
    kind: r.kind as PointsEntryKind,
    ref: r.ref,
    points: r.points,
    at: r.at.getTime(),
  }));
}

/**
 * An entry, once per customer, kind and order, and (for earn_pending) once per IST day: false when one was
 * already there, which is how racing orders and racing credit jobs are told apart without a lock.
 */
export async function insertEntry(db: Db, row: typeof loyaltyPoints.$inferInsert): Promise<boolean> {
  const made = await db
    .insert(loyaltyPoints)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: loyaltyPoints.id });
  return made.length > 0;
}

/**
 * A placed order's earning in one round trip for the usual customer, already a member: the member's status, and
 * the day's earning written if that status earns (false when the day was already taken). `status` is null for a
 * customer the programme has never heard of.
 */
export async function earnIfMember(
  db: Db,
  e: { customerId: string; ref: string; points: number; earnDay: Date; at: Date; earning: readonly string[] },
): Promise<{ status: EnrollmentStatus | null; earned: boolean }> {
  const statuses = sql.join(
    e.earning.map((s) => sql`${s}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with m as (select status from loyalty_members where customer_id = ${e.customerId}),
    ins as (
      insert into loyalty_points (customer_id, kind, ref, points, earn_day, at)
      select ${e.customerId}, 'earn_pending', ${e.ref}, ${e.points}, ${e.earnDay.toISOString()}::timestamptz,
        ${e.at.toISOString()}::timestamptz
      from m where m.status in (${statuses})
      on conflict do nothing
      returning 1
    )
    select (select status from m) as status, (select count(*) from ins)::int as earned`);
  const [row] = (res as { rows: { status: EnrollmentStatus | null; earned: number }[] }).rows;
  return { status: row?.status ?? null, earned: (row?.earned ?? 0) > 0 };
}

/** The kinds of entries an order has for this customer. */
export async function kindsOf(db: Db, customerId: string, ref: string): Promise<Set<string>> {
  const rows = await db
    .select({ kind: loyaltyPoints.kind })
    .from(loyaltyPoints)
    .where(and(eq(loyaltyPoints.customerId, customerId), eq(loyaltyPoints.ref, ref)));
  return new Set(rows.map((r) => r.kind));
}

/** A delivered order's pending points fall due at `dueAt` (the first delivery counts). */
export async function setCreditDue(db: Db, customerId: string, ref: string, dueAt: Date): Promise<void> {
  await db
    .update(loyaltyPoints)
    .set({ creditDueAt: dueAt })
    .where(
      and(
        eq(loyaltyPoints.customerId, customerId),
        eq(loyaltyPoints.ref, ref),
        eq(loyaltyPoints.kind, 'earn_pending'),
        isNull(loyaltyPoints.creditDueAt),
      ),
    );
}

/** Pending earnings due by `now` with no credit and no void yet, oldest first. */
export function dueEarnings(db: Db, now: Date, limit: number) {
  const settled = db
    .select({ one: sql`1` })
    .from(sql`loyalty_points as s`)
    .where(
      sql`s.customer_id = ${loyaltyPoints.customerId} and s.ref = ${loyaltyPoints.ref} and s.kind in ('earn_credited', 'earn_voided')`,
    );
  return db
    .select({ customerId: loyaltyPoints.customerId, ref: loyaltyPoints.ref, points: loyaltyPoints.points })
    .from(loyaltyPoints)
    .where(
      and(
        eq(loyaltyPoints.kind, 'earn_pending'),
        lte(loyaltyPoints.creditDueAt, now),
        sql`not exists (${settled})`,
      ),
    )
    .orderBy(asc(loyaltyPoints.creditDueAt))
    .limit(limit);
}

export async function mobileOf(db: Db, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ mobile: customers.mobile })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.mobile;
}
