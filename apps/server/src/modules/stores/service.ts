import type { Store } from '@crust/contract/stores';
import { cityStores, nearestStores, chooseStore, type StoreForChoice } from '@crust/domain/stores';
import {
  isPickupType,
  STORE_ORDER_TYPES,
  type DeliveryType,
  type StoreOrderType,
} from '@crust/domain/delivery-types';
import { formatHHMM } from '@crust/domain/hours';
import {
  hoursOnDay,
  istDateOf,
  istDayNumber,
  nextStoreOpeningAt,
  storeHoursToText,
  type HoursException,
  type StoreHours,
} from '@crust/domain/store-hours';
import type { LatLng } from '@crust/domain/geo';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../db/client.ts';
import type { StationOutlet } from '@crust/domain/train';
import {
  listHoursExceptions,
  listOutlets,
  listRailwayStations,
  listStations,
  listStores,
  storeExists as storeRowExists,
  type RailwayStationRow,
  type StoreRow,
} from './repo.ts';

/** A curbside bay as the contract names it (SPEC §3 storeStationDetails). */
export interface Station {
  stationId: number;
  name: string;
}

type ChoosableRow = Omit<StoreRow, 'orderTypes' | 'week'> &
  StoreForChoice & {
    stations: Station[];
    /** the week and the exceptions from yesterday (IST) on: yesterday's hours may run past midnight */
    hours: StoreHours;
  };

/** The railway as the chain serves it: stations by code, and the stores carrying orders to them (issue 16). */
export interface Railway {
  stations: ReadonlyMap<string, RailwayStationRow>;
  outlets: readonly StationOutlet[];
}

/** Store rows change rarely; every process keeps them a short while instead of querying per request. */
export class StoreDirectory {
  private cached: { rows: ChoosableRow[]; at: number } | undefined;
  private railwayCached: { value: Railway; at: number } | undefined;
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 15_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async all(): Promise<ChoosableRow[]> {
    const now = this.clock();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.rows;
    const yesterday = istDateOf(now - 86_400_000);
    const [storeRows, stationRows, exceptionRows] = await Promise.all([
      listStores(this.db),
      listStations(this.db),
      listHoursExceptions(this.db, yesterday),
    ]);
    const exceptionsOf = new Map<number, HoursException[]>();
    for (const { storeId, ...e } of exceptionRows) {
      const list = exceptionsOf.get(storeId) ?? [];
      list.push(e);
      exceptionsOf.set(storeId, list);
    }
    const stationsOf = new Map<number, Station[]>();
    for (const b of stationRows) {
      const list = stationsOf.get(b.storeId) ?? [];
      list.push({ stationId: b.stationId, name: b.name });
      stationsOf.set(b.storeId, list);
    }
    const rows = storeRows.map(({ week, ...r }) => {
      const stations = stationsOf.get(r.id) ?? [];
      return {
        ...r,
        hours: { week, exceptions: exceptionsOf.get(r.id) ?? [] },
        // curbside needs a bay to bring the order to: a store without bays does not offer it
        orderTypes: r.orderTypes.filter(
          (t): t is StoreOrderType =>
            (STORE_ORDER_TYPES as readonly string[]).includes(t) && (t !== 'CURB' || stations.length > 0),
        ),
        deliveryRadiusKm: r.deliveryRadiusM / 1000,
        stations,
      };
    });
    this.cached = { rows, at: now };
    return rows;
  }

  /**
   * Drops the cached list: a store went online or offline, or its settings changed, and customers must see it at
   * once. The list is also read again every `ttlMs`, so a new IST day's exceptions come in on their own.
   */
  forget(): void {
    this.cached = undefined;
    this.railwayCached = undefined;
  }

  /** The railway stations and their outlets, kept like the store list. */
  async railway(): Promise<Railway> {
    const now = this.clock();
    if (this.railwayCached && now - this.railwayCached.at < this.ttlMs) return this.railwayCached.value;
    const [stationRows, outletRows] = await Promise.all([listRailwayStations(this.db), listOutlets(this.db)]);
    const value: Railway = {
      stations: new Map(stationRows.map((r) => [r.code, r])),
      outlets: outletRows.map((o) => ({
        storeId: o.storeId,
        stationCode: o.stationCode,
        cutoffMinutes: o.cutoffMinutes,
        prepaidOnly: o.prepaidOnly,
      })),
    };
    this.railwayCached = { value, at: now };
    return value;
  }

  async byId(id: number): Promise<ChoosableRow | undefined> {
    return (await this.all()).find((s) => s.id === id);
  }

  now(): number {
    return this.clock();
  }
}

export function toStoreDto(row: ChoosableRow, distanceKm: number | null, now: number): Store {
  const opensAtMs = nextStoreOpeningAt(row.hours, now);
  const today = hoursOnDay(row.hours, istDayNumber(now)).hours;
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    locality: row.locality,
    city: row.cityName,
    cityId: row.cityId,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    online: row.online ? 1 : 0,
    advanceOrderStoreId: row.advanceOrderStoreId,
    orderTypes: [...row.orderTypes],
    deliveryRadiusKm: row.deliveryRadiusKm,
    opensAt: today ? formatHHMM(today.opensAt) : '',
    closesAt: today ? formatHHMM(today.closesAt) : '',
    hours: storeHoursToText(row.hours),
    isOpenNow: opensAtMs === null,
    nextOpensAt: opensAtMs === null ? null : Math.floor(opensAtMs / 1000),
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
    storeStationDetails: row.stations.map((b) => ({ ...b })),
  };
}

export type NearestResult =
  | { ok: true; store: Store; stores: Store[] }
  | { ok: false; code: 'NO_DELIVERY' | 'NO_STORE'; displayMsg: string };

export async function findNearest(
  dir: StoreDirectory,
  point: LatLng,
  type: DeliveryType,
): Promise<NearestResult> {
  const ranked = nearestStores(await dir.all(), point, type);
  const chosen = chooseStore(ranked);
  if (!chosen) {
    return isPickupType(type)
      ? { ok: false, code: 'NO_STORE', displayMsg: MESSAGES.restaurantNotFound }
      : { ok: false, code: 'NO_DELIVERY', displayMsg: MESSAGES.weDoNotDeliverHere };
  }
  const now = dir.now();
  const stores = ranked.map((r) => toStoreDto(r.store, r.distanceKm, now));
  return { ok: true, store: stores.find((s) => s.id === chosen.id)!, stores };
}

export async function findCityStores(
  dir: StoreDirectory,
  cityId: string,
  type: DeliveryType,
  point: LatLng | undefined,
): Promise<Store[]> {
  const inCity = (await dir.all()).filter((s) => s.cityId === cityId);
  const now = dir.now();
  return cityStores(inCity, type, point).map((r) => toStoreDto(r.store, r.distanceKm, now));
}

export const STORE_NA_CODE = '2.STORENA';

export type StoreInfoResult =
  { kind: 'unavailable' } | { kind: 'online'; store: Store } | { kind: 'offline'; store: Store };

/** SPEC §4 Store selection: 2.STORENA for a store that cannot take orders at all; offline is its own answer. */
export async function storeInfo(dir: StoreDirectory, storeId: number): Promise<StoreInfoResult> {
  const row = await dir.byId(storeId);
  if (!row) return { kind: 'unavailable' };
  const store = toStoreDto(row, null, dir.now());
  return row.online ? { kind: 'online', store } : { kind: 'offline', store };
}

/** Whether the store exists at all, listed or not (menus are kept for every store). */
export function storeExists(db: Db, storeId: number): Promise<boolean> {
  return storeRowExists(db, storeId);
}
