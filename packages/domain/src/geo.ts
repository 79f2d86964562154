import { EARTH_RADIUS_KM } from './constants.ts';

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres on a sphere of radius 6371 km (SPEC §9). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isValidLatLng(p: LatLng): boolean {
  return (
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    p.latitude >= -90 &&
    p.latitude <= 90 &&
    p.longitude >= -180 &&
    p.longitude <= 180
  );
}

/** A generous bounding box of India; autocomplete and geocoding are restricted to it. */
export const INDIA_BOUNDS = { minLat: 6.5, maxLat: 37.2, minLng: 68.0, maxLng: 97.5 } as const;

export function isInIndia(p: LatLng): boolean {
  return (
    p.latitude >= INDIA_BOUNDS.minLat &&
    p.latitude <= INDIA_BOUNDS.maxLat &&
    p.longitude >= INDIA_BOUNDS.minLng &&
    p.longitude <= INDIA_BOUNDS.maxLng
  );
}

/** Rounds to `digits` decimals (SPEC §9 lat/lng accuracy 2 is used for cache keys). */
export function roundCoord(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Formats a distance for people: metres under 1 km, else one decimal of km. */
export function formatDistance(km: number): string {
  const metres = Math.round(km * 1000);
  if (metres < 1000) return `${Math.max(1, metres)} m`;
  return `${km.toFixed(1)} km`;
}
