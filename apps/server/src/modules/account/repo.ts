import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  carts,
  customers,
  favouriteItems,
  orders,
  refreshTokens,
  socialIdentities,
} from '../../db/schema.ts';

/** What an erased customer's orders keep as their mobile: no one's number. */
const ERASED_MOBILE = '0000000000';

export type AddressRow = typeof addresses.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

export async function updateCustomer(
  db: Db,
  id: string,
  change: { firstName: string; lastName: string; email: string; emailVerified: boolean },
): Promise<CustomerRow | undefined> {
  const rows = await db.update(customers).set(change).where(eq(customers.id, id)).returning();
  return rows[0];
}

export function listAddresses(db: Db, customerId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/**
 * Holds the customer's row until the transaction ends, so two address saves at once count one after the other
 * (the saved-addresses cap), in any process.
 */
export async function lockCustomer(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  return rows.length > 0;
}

export async function countAddresses(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Db, row: typeof addresses.$inferInsert): Promise<AddressRow> {
  const rows = await db.insert(addresses).values(row).returning();
  return rows[0]!;
}

/** Changes an address only when it is this customer's. */
export async function updateAddress(
  db: Db,
  customerId: string,
  id: string,
  change: Partial<typeof addresses.$inferInsert>,
): Promise<AddressRow | undefined> {
  const rows = await db
    .update(addresses)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning();
  return rows[0];
}

export async function deleteAddress(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id });
  return rows.length === 1;
}

/**
 * Deletes an account's personal data in one transaction: addresses, carts, favourite items and social sign-in
 * links go, the customer row keeps only its id, orders stay (the chain's books need them) but lose who and
 * where, and its token families are listed for revocation.
 */
export async function eraseCustomer(db: Db, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.delete(addresses).where(eq(addresses.customerId, id));
    await tx.delete(carts).where(eq(carts.ownerId, id));
    await tx.delete(socialIdentities).where(eq(socialIdentities.customerId, id));
    await tx.delete(favouriteItems).where(eq(favouriteItems.ownerId, id));
    await tx
      .update(orders)
      .set({
        mobile: ERASED_MOBILE,
        userDetails: { firstName: '', lastName: '', email: '', mobile: ERASED_MOBILE },
        address: null,
        deliverTo: '',
        vehicle: null,
        instructions: null,
      })
      .where(eq(orders.ownerId, id));
    await tx
      .update(customers)
      .set({
        mobile: `deleted:${id}`,
        firstName: '',
        lastName: '',
        email: '',
        emailVerified: false,
        passwordHash: null,
      })
      .where(eq(customers.id, id));
    const families = await tx
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.subjectId, id));
    return families.map((f) => f.familyId);
  });
}
