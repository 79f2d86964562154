import type { LatLng } from '@crust/domain/geo';

/**
 * The delivery area editor's drawn map (docs/decisions/005: no tiles): a flat projection around the store, in
 * km east and north of it, which is exact enough within the 15 km an area may reach.
 */

const KM_PER_DEG_LAT = 110.574;
const kmPerDegLng = (latitude: number) => 111.32 * Math.cos((latitude * Math.PI) / 180);

/** The map's drawing box (the SVG's viewBox): the store at its centre. */
export const AREA_VIEW = { width: 560, height: 400 } as const;

/** How far from the store the map shows, each way, in km: zoom out goes up this list. */
export const AREA_SPANS_KM = [1, 2, 3, 5, 8, 12, 16] as const;

export interface Xy {
  x: number;
  y: number;
}

/** px per km when `spanKm` fits from the store to the nearer edge of the box. */
export const pxPerKm = (spanKm: number) => Math.min(AREA_VIEW.width, AREA_VIEW.height) / 2 / spanKm;

/** A point on the box (x right, y down), the store at its centre. */
export function toXy(p: LatLng, store: LatLng, spanKm: number): Xy {
  const scale = pxPerKm(spanKm);
  return {
    x: AREA_VIEW.width / 2 + (p.longitude - store.longitude) * kmPerDegLng(store.latitude) * scale,
    y: AREA_VIEW.height / 2 - (p.latitude - store.latitude) * KM_PER_DEG_LAT * scale,
  };
}

/** The place under a point of the box, to 6 decimals (~0.1 m). */
export function fromXy(xy: Xy, store: LatLng, spanKm: number): LatLng {
  const scale = pxPerKm(spanKm);
  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    latitude: round6(store.latitude - (xy.y - AREA_VIEW.height / 2) / scale / KM_PER_DEG_LAT),
    longitude: round6(store.longitude + (xy.x - AREA_VIEW.width / 2) / scale / kmPerDegLng(store.latitude)),
  };
}

/** The smallest span that shows the whole radius and every point, with a little room around them. */
export function spanFor(store: LatLng, radiusKm: number, points: readonly LatLng[]): number {
  let reach = radiusKm;
  for (const p of points) {
    const east = Math.abs(p.longitude - store.longitude) * kmPerDegLng(store.latitude);
    const north = Math.abs(p.latitude - store.latitude) * KM_PER_DEG_LAT;
    reach = Math.max(reach, east, north);
  }
  return AREA_SPANS_KM.find((s) => s >= reach * 1.15) ?? 16;
}

/** The scale bar's length in km: a round figure near a quarter of the box's width. */
export function scaleKm(spanKm: number): number {
  const target = AREA_VIEW.width / 4 / pxPerKm(spanKm);
  return [0.25, 0.5, 1, 2, 5, 10].reduce((best, k) =>
    Math.abs(k - target) < Math.abs(best - target) ? k : best,
  );
}
