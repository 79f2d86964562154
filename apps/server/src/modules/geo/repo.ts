import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, localities } from '../../db/schema.ts';

export function listCities(db: Db) {
  return db.select().from(cities).orderBy(asc(cities.name));
}

export function listLocalities(db: Db) {
  return db
    .select({
      placeId: localities.placeId,
      name: localities.name,
      subLocality: localities.subLocality,
      cityId: localities.cityId,
      cityName: cities.name,
      state: cities.state,
      district: localities.district,
      postalCode: localities.postalCode,
      latitude: localities.latitude,
      longitude: localities.longitude,
    })
    .from(localities)
    .innerJoin(cities, eq(cities.id, localities.cityId))
    .orderBy(asc(localities.name));
}
