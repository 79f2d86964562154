import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appConfig, cities, staff, staffCities, stores } from '../../db/schema.ts';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaff(db: Db, username: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** A new password hash; `mustChange` marks a one-time password its owner has to replace. */
export async function setStaffPassword(
  db: Db,
  id: string,
  passwordHash: string,
  mustChange: boolean,
): Promise<void> {
  await db
    .update(staff)
    .set({ passwordHash, mustChangePassword: mustChange, updatedAt: new Date() })
    .where(eq(staff.id, id));
}

/** A new login; a username or mobile already taken fails on its unique index. */
export async function createStaff(db: Db, row: typeof staff.$inferInsert): Promise<StaffRow> {
  const [created] = await db.insert(staff).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function insertStaff(db: Db, rows: (typeof staff.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(staff).values(rows).onConflictDoNothing();
}

export async function citiesOf(db: Db, staffIds: readonly string[]): Promise<Map<string, string[]>> {
  const byStaff = new Map<string, string[]>();
  if (staffIds.length === 0) return byStaff;
  const rows = await db
    .select()
    .from(staffCities)
    .where(inArray(staffCities.staffId, [...staffIds]))
    .orderBy(asc(staffCities.cityId));
  for (const r of rows) byStaff.set(r.staffId, [...(byStaff.get(r.staffId) ?? []), r.cityId]);
  return byStaff;
}

export async function setCities(db: Db, staffId: string, cities: readonly string[]): Promise<void> {
  await db.delete(staffCities).where(eq(staffCities.staffId, staffId));
  if (cities.length > 0) await db.insert(staffCities).values(cities.map((cityId) => ({ staffId, cityId })));
}

/** Every store with its city: the reach of regional managers and the place of store logins. */
export function storeCities(db: Db) {
  return db.select({ id: stores.id, cityId: stores.cityId }).from(stores).orderBy(asc(stores.id));
}

export function storeList(db: Db) {
  return db
    .select({ id: stores.id, name: stores.name, cityId: stores.cityId })
    .from(stores)
    .orderBy(asc(stores.id));
}

export function cityList(db: Db) {
  return db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name));
}

/** The logins in these stores, or every one (the chain), newest last. */
export function listStaff(db: Db, storeIds: readonly number[] | 'chain') {
  const q = db.select().from(staff);
  return (storeIds === 'chain' ? q : q.where(inArray(staff.storeId, [...storeIds]))).orderBy(
    asc(staff.storeId),
    asc(staff.username),
  );
}

/**
 * Serialises the changes that could leave the chain without an admin (two admins disabling each other at once):
 * the transaction holds this lock until it ends.
 */
export async function lockChainAdmins(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('crust:staff-admins'))`);
}

/** Active chain admins other than `exceptId`. */
export async function otherActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(and(eq(staff.role, 'ADMIN'), isNull(staff.disabledAt), ne(staff.id, exceptId)));
  return row?.n ?? 0;
}

/** Saves a change made on version `version`; undefined when the row has moved on since (or is gone). */
export async function updateStaff(
  db: Db,
  id: string,
  version: number,
  change: Partial<Omit<typeof staff.$inferInsert, 'id' | 'version'>>,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .update(staff)
    .set({ ...change, version: sql`${staff.version} + 1`, updatedAt: new Date() })
    .where(and(eq(staff.id, id), eq(staff.version, version)))
    .returning();
  return row;
}

/** What the chain lets its store managers do (app_config 'chain-rules', the back office's Prices settings). */
export async function chainRules(db: Db): Promise<{ storePrices: boolean }> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, 'chain-rules'));
  return { storePrices: (row?.value as { storePrices?: unknown } | undefined)?.storePrices === true };
}
