import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { HoursException } from '@crust/domain/store-hours';
import {
  cities,
  railwayStations,
  stationOutlets,
  storeHoursExceptions,
  stores,
  storeStations,
} from '../../db/schema.ts';

export type StoreRow = Omit<typeof stores.$inferSelect, 'version'> & { cityName: string };

export function listStores(db: Db): Promise<StoreRow[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      address: stores.address,
      locality: stores.locality,
      cityId: stores.cityId,
      latitude: stores.latitude,
      longitude: stores.longitude,
      phone: stores.phone,
      week: stores.week,
      deliveryRadiusM: stores.deliveryRadiusM,
      deliveryPolygon: stores.deliveryPolygon,
      orderTypes: stores.orderTypes,
      online: stores.online,
      advanceOrderStoreId: stores.advanceOrderStoreId,
      cityName: cities.name,
    })
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .orderBy(asc(stores.id));
}

export async function storeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).limit(1);
  return rows.length > 0;
}

export type StationRow = typeof storeStations.$inferSelect;

/** Every store's curbside bays (SPEC §3 storeStationDetails), by store then bay. */
export function listStations(db: Db): Promise<StationRow[]> {
  return db.select().from(storeStations).orderBy(asc(storeStations.storeId), asc(storeStations.stationId));
}

export type RailwayStationRow = typeof railwayStations.$inferSelect;
export type OutletRow = typeof stationOutlets.$inferSelect;

/** Railway stations by code (issue 16). */
export function listRailwayStations(db: Db): Promise<RailwayStationRow[]> {
  return db.select().from(railwayStations).orderBy(asc(railwayStations.code));
}

/** The stores carrying train orders to each station, with their cut-offs. */
export function listOutlets(db: Db): Promise<OutletRow[]> {
  return db
    .select()
    .from(stationOutlets)
    .orderBy(asc(stationOutlets.stationCode), asc(stationOutlets.storeId));
}

/** A store's row as the back office's settings read it. */
export async function storeSettingsRow(db: Db, id: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  return row;
}

export function sameCityStores(db: Db, cityId: string, exceptId: number) {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.cityId, cityId), ne(stores.id, exceptId)))
    .orderBy(asc(stores.id));
}

/** Saves settings read at `version`; undefined when the row has moved on since. */
export async function saveStoreSettings(
  db: Db,
  id: number,
  version: number,
  change: Partial<
    Pick<
      typeof stores.$inferInsert,
      'phone' | 'week' | 'deliveryRadiusM' | 'deliveryPolygon' | 'advanceOrderStoreId'
    >
  >,
) {
  const [row] = await db
    .update(stores)
    .set({ ...change, version: sql`${stores.version} + 1` })
    .where(and(eq(stores.id, id), eq(stores.version, version)))
    .returning({ id: stores.id });
  return row;
}

type ExceptionRow = typeof storeHoursExceptions.$inferSelect;
const exceptionOf = (r: ExceptionRow): HoursException => ({
  date: r.date,
  hours: r.opensAt === null || r.closesAt === null ? null : { opensAt: r.opensAt, closesAt: r.closesAt },
  note: r.note,
});

/** Every store's hours exceptions dated `fromDate` (YYYY-MM-DD) or later, by store then date. */
export async function listHoursExceptions(
  db: Db,
  fromDate: string,
  storeId?: number,
): Promise<(HoursException & { storeId: number })[]> {
  const rows = await db
    .select()
    .from(storeHoursExceptions)
    .where(
      and(
        gte(storeHoursExceptions.date, fromDate),
        storeId === undefined ? undefined : eq(storeHoursExceptions.storeId, storeId),
      ),
    )
    .orderBy(asc(storeHoursExceptions.storeId), asc(storeHoursExceptions.date));
  return rows.map((r) => ({ storeId: r.storeId, ...exceptionOf(r) }));
}

export async function addHoursExceptions(db: Db, storeId: number, add: readonly HoursException[]) {
  if (add.length === 0) return;
  await db.insert(storeHoursExceptions).values(
    add.map((e) => ({
      storeId,
      date: e.date,
      opensAt: e.hours?.opensAt ?? null,
      closesAt: e.hours?.closesAt ?? null,
      note: e.note,
    })),
  );
}

/** Removes a store's exceptions on these dates; answers the dates that were there. */
export async function removeHoursExceptions(db: Db, storeId: number, dates: readonly string[]) {
  if (dates.length === 0) return [];
  const rows = await db
    .delete(storeHoursExceptions)
    .where(and(eq(storeHoursExceptions.storeId, storeId), inArray(storeHoursExceptions.date, [...dates])))
    .returning({ date: storeHoursExceptions.date });
  return rows.map((r) => r.date);
}
