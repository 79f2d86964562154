import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, otpChallenges, socialIdentities } from '../../db/schema.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type ChallengeRow = typeof otpChallenges.$inferSelect;

export async function insertChallenge(db: Db, row: typeof otpChallenges.$inferInsert): Promise<void> {
  await db.insert(otpChallenges).values(row);
}

/** A challenge whose text failed: its request id was never answered, so nobody can use its code. */
export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(otpChallenges).where(eq(otpChallenges.id, id));
}

export async function findChallenge(db: Db, id: string, mobile: string): Promise<ChallengeRow | undefined> {
  const rows = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.id, id), eq(otpChallenges.mobile, mobile)))
    .limit(1);
  return rows[0];
}

/**
 * Takes one attempt from a live code before the guess is compared, atomically: answers the attempt's
 * number, or undefined when the code is used up, spent or unknown.
 */
export async function takeAttempt(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const rows = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, id),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: otpChallenges.attempts });
  return rows[0]?.attempts;
}

/**
 * The same for a code proving the number for a new password: a code spent on the login just before still counts
 * (the forgot-password flow logs in with it, then sets the password), under the same attempts.
 */
export async function takeProofAttempt(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const rows = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, id), lt(otpChallenges.attempts, maxAttempts)))
    .returning({ attempts: otpChallenges.attempts });
  return rows[0]?.attempts;
}

/** Spends the code; false when it was already spent (a parallel request won). */
export async function consumeChallenge(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: at })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

export async function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

export async function findCustomerByMobile(db: Db, mobile: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
  return rows[0];
}

/** The customer with this mobile, made on first login; concurrent first logins end with one row. */
export async function upsertCustomerByMobile(
  db: Db,
  row: { id: string; mobile: string; firstName: string; lastName: string; at: Date },
): Promise<CustomerRow> {
  await db
    .insert(customers)
    .values({ id: row.id, mobile: row.mobile, firstName: row.firstName, lastName: row.lastName })
    .onConflictDoNothing({ target: customers.mobile });
  const rows = await db
    .update(customers)
    // a name given at login fills an account that has none; it never overwrites one
    .set({
      lastLoginAt: row.at,
      firstName: sql`case when ${customers.firstName} = '' then ${row.firstName} else ${customers.firstName} end`,
      lastName: sql`case when ${customers.lastName} = '' then ${row.lastName} else ${customers.lastName} end`,
    })
    .where(eq(customers.mobile, row.mobile))
    .returning();
  return rows[0]!;
}

export async function setPasswordHash(db: Db, customerId: string, passwordHash: string): Promise<void> {
  await db.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}

export async function touchLogin(db: Db, customerId: string, at: Date): Promise<void> {
  await db.update(customers).set({ lastLoginAt: at }).where(eq(customers.id, customerId));
}

/** The customer a provider's person is linked to. */
export async function findLinkedCustomer(
  db: Db,
  issuer: string,
  subject: string,
): Promise<CustomerRow | undefined> {
  const rows = await db
    .select({ customer: customers })
    .from(socialIdentities)
    .innerJoin(customers, eq(customers.id, socialIdentities.customerId))
    .where(and(eq(socialIdentities.issuer, issuer), eq(socialIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.customer;
}

/** Whether the customer is linked to someone at this provider already (one link per provider). */
export async function hasLinkAt(db: Db, customerId: string, issuer: string): Promise<boolean> {
  const rows = await db
    .select({ subject: socialIdentities.subject })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.customerId, customerId), eq(socialIdentities.issuer, issuer)))
    .limit(1);
  return rows.length === 1;
}

/** False when either uniqueness rule stopped it (a parallel sign-in linked first). */
export async function insertLink(db: Db, row: typeof socialIdentities.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(socialIdentities)
    .values(row)
    .onConflictDoNothing()
    .returning({ subject: socialIdentities.subject });
  return rows.length === 1;
}

/** An email from sign-in fills an account that has none; it never overwrites one. */
export async function fillEmail(
  db: Db,
  customerId: string,
  email: string,
  emailVerified: boolean,
): Promise<CustomerRow> {
  const blank = sql`${customers.email} = ''`;
  const rows = await db
    .update(customers)
    .set({
      email: sql`case when ${blank} then ${email} else ${customers.email} end`,
      emailVerified: sql`case when ${blank} then ${emailVerified} else ${customers.emailVerified} end`,
    })
    .where(eq(customers.id, customerId))
    .returning();
  return rows[0]!;
}
