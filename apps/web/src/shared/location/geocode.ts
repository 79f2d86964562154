import type { GeocodedAddress, GeocodeResponse } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import type { LatLng } from '@crust/domain/geo';
import { api } from '../api/client.ts';

/*
 * A point's address: the GPS choice on the landing asks this, so it is apart from the location screens' other
 * lookups (./lookups.ts), which the landing's first download need not carry (issue 32 §1).
 */

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
