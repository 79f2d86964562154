import type {
  AutocompleteResponse,
  CitiesResponse,
  City,
  CityLocalitiesResponse,
  CityStoresResponse,
  Locality,
  NearestStoreResponse,
  Store,
} from '@crust/contract';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { LatLng } from '@crust/domain/geo';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError } from '../api/client.ts';
import type { Outcome } from '../api/envelope.ts';
import { CONFIG_KEY } from './api.ts';

export { addressLabel, reverseGeocode } from './geocode.ts';

/*
 * The location screens' lookups: places, addresses, the nearest store, cities and their stores. Apart from the
 * remote config (./api.ts), which the app shell asks for on every screen, so that the entry does not carry these
 * (issue 32 §1).
 */

/** Query keys of the location feature (TanStack Query). */
export const locationKeys = {
  config: CONFIG_KEY,
  autocomplete: (input: string, near: LatLng | null) =>
    ['geo', 'autocomplete', input, near?.latitude ?? null, near?.longitude ?? null] as const,
  reverse: (p: LatLng) => ['geo', 'reverse', p.latitude.toFixed(5), p.longitude.toFixed(5)] as const,
  nearest: (type: DeliveryType, p: LatLng) => ['stores', 'nearest', type, p.latitude, p.longitude] as const,
  cities: (type: DeliveryType) => ['cities', type] as const,
  cityStores: (city: string, type: DeliveryType, p: LatLng | null) =>
    ['cities', city, 'stores', type, p?.latitude ?? null, p?.longitude ?? null] as const,
  localities: (city: string) => ['cities', city, 'localities'] as const,
};

export function fetchAutocomplete(input: string, near: LatLng | null, signal?: AbortSignal) {
  return api<AutocompleteResponse>(API_PATHS.autocomplete, {
    query: { input, latitude: near?.latitude, longitude: near?.longitude },
    signal,
  });
}

export type NearestOutcome =
  { ok: true; store: Store; stores: Store[] } | { ok: false; code: string; message: string };

/**
 * SPEC §7 nearest store. A FAILED answer (NO_DELIVERY, NO_STORE, bad input) becomes an outcome;
 * only a request that never got an answer throws.
 */
export async function fetchNearestStore(
  type: DeliveryType,
  p: LatLng,
  signal?: AbortSignal,
): Promise<NearestOutcome> {
  try {
    const res = await api<NearestStoreResponse>(API_PATHS.nearestStore, {
      query: { orderDeliveryType: type, latitude: p.latitude, longitude: p.longitude },
      signal,
    });
    if (res.status === 'SUCCESS') return { ok: true, store: res.data.store, stores: res.data.stores };
    const e = res.errors[0];
    return {
      ok: false,
      code: e?.code ?? 'FAILED',
      message: e?.displayMsg ?? MESSAGES.somethingWentWrongRetry,
    };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, code: e.code ?? String(e.status), message: e.message };
    throw e;
  }
}

export async function fetchCities(type: DeliveryType, signal?: AbortSignal): Promise<City[]> {
  return (await api<CitiesResponse>(API_PATHS.cities, { query: { delivery_type: type }, signal })).data
    .cities;
}

function unwrap<T>(res: Outcome<T>): T {
  if (res.status === 'SUCCESS') return res.data;
  // an error the server sent without a code (off the contract) still gets one
  throw new ApiError(
    200,
    res.errors.map((e) => Object.assign({ code: 'FAILED' }, e)),
  );
}

export async function fetchCityStores(
  city: string,
  type: DeliveryType,
  p: LatLng | null,
  signal?: AbortSignal,
): Promise<Store[]> {
  const res = await api<CityStoresResponse>(fillPath(API_PATHS.cityStores, { city }), {
    query: { orderDeliveryType: type, latitude: p?.latitude, longitude: p?.longitude },
    signal,
  });
  return unwrap(res).stores;
}

export async function fetchLocalities(
  city: string,
  signal?: AbortSignal,
): Promise<{ city: City; localities: Locality[] }> {
  return unwrap(await api<CityLocalitiesResponse>(fillPath(API_PATHS.cityLocalities, { city }), { signal }));
}
