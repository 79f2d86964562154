import { useQuery } from '@tanstack/react-query';
import type {
  AutocompleteResponse,
  CitiesResponse,
  City,
  CityLocalitiesResponse,
  CityStoresResponse,
  GeocodedAddress,
  GeocodeResponse,
  Locality,
  NearestStoreResponse,
  RemoteConfig,
  Store,
} from '@crust/contract';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { LatLng } from '@crust/domain/geo';
import { CONFIG_REFRESH_SECONDS } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError } from '../api/client.ts';
import type { Outcome, Success } from '../api/envelope.ts';
import { keepPartnerConfig } from '../partner/mode.ts';

/** Query keys of the location feature (TanStack Query). */
export const locationKeys = {
  config: ['config'] as const,
  autocomplete: (input: string, near: LatLng | null) =>
    ['geo', 'autocomplete', input, near?.latitude ?? null, near?.longitude ?? null] as const,
  reverse: (p: LatLng) => ['geo', 'reverse', p.latitude.toFixed(5), p.longitude.toFixed(5)] as const,
  nearest: (type: DeliveryType, p: LatLng) => ['stores', 'nearest', type, p.latitude, p.longitude] as const,
  cities: (type: DeliveryType) => ['cities', type] as const,
  cityStores: (city: string, type: DeliveryType, p: LatLng | null) =>
    ['cities', city, 'stores', type, p?.latitude ?? null, p?.longitude ?? null] as const,
  localities: (city: string) => ['cities', city, 'localities'] as const,
};

export async function fetchConfig(signal?: AbortSignal): Promise<RemoteConfig> {
  const config = (await api<Success<RemoteConfig>>(API_PATHS.config, { signal })).data;
  keepPartnerConfig(config);
  return config;
}

/** How often the app asks for the remote config again (SPEC §9 config refresh 180 s; the config may say otherwise). */
export const configRefreshMs = (config: RemoteConfig | undefined): number =>
  (config?.configRefreshSeconds ?? CONFIG_REFRESH_SECONDS) * 1000;

/**
 * The remote config (features, map tiles, timers). Shared key so every screen reuses one answer, asked
 * again every refresh interval while the app is open, so the chain's changes reach a customer without a reload.
 */
export function useRemoteConfig() {
  return useQuery({
    queryKey: locationKeys.config,
    queryFn: ({ signal }) => fetchConfig(signal),
    staleTime: (q) => configRefreshMs(q.state.data),
    refetchInterval: (q) => configRefreshMs(q.state.data),
  });
}

/**
 * The remote config as the app last had it, without asking for it: for the switches in headers and links, which
 * should not each start a call (the app layout keeps the config fetched and fresh); undefined until it has come.
 */
export function useKnownRemoteConfig(): RemoteConfig | undefined {
  return useQuery({
    queryKey: locationKeys.config,
    queryFn: ({ signal }) => fetchConfig(signal),
    enabled: false,
  }).data;
}

export function fetchAutocomplete(input: string, near: LatLng | null, signal?: AbortSignal) {
  return api<AutocompleteResponse>(API_PATHS.autocomplete, {
    query: { input, latitude: near?.latitude, longitude: near?.longitude },
    signal,
  });
}

export async function reverseGeocode(p: LatLng, signal?: AbortSignal): Promise<GeocodedAddress | null> {
  const res = await api<GeocodeResponse>(API_PATHS.reverseGeocode, {
    query: { latitude: p.latitude, longitude: p.longitude },
    signal,
  });
  return res.status === 'OK' ? (res.results[0] ?? null) : null;
}

/** "Koramangala 5th Block, Bengaluru": what the customer sees for a geocoded point. */
export function addressLabel(a: GeocodedAddress): string {
  const area = a.sub_locality || a.locality || a.formatted_address;
  return a.city && a.city !== area ? `${area}, ${a.city}` : area;
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
