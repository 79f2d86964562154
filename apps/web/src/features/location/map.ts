import type { LatLng } from '@crust/domain/geo';

/** Web Mercator (the slippy-map projection): world pixel coordinates at a zoom level, 256 px tiles. */
export const TILE_SIZE = 256;
export const MAP_ZOOM = 15;
const MAX_LAT = 85.05112878;

export interface Px {
  x: number;
  y: number;
}

export function worldSize(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

export function project(p: LatLng, zoom = MAP_ZOOM): Px {
  const size = worldSize(zoom);
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, p.latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((p.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function unproject(px: Px, zoom = MAP_ZOOM): LatLng {
  const size = worldSize(zoom);
  const x = (((px.x % size) + size) % size) / size;
  const y = Math.max(0, Math.min(size, px.y)) / size;
  const n = Math.PI - 2 * Math.PI * y;
  return {
    latitude: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    longitude: x * 360 - 180,
  };
}

/** Rounds to 6 decimals (~0.1 m): enough for a pin, and stable in URLs and query keys. */
export function round6(p: LatLng): LatLng {
  return { latitude: Math.round(p.latitude * 1e6) / 1e6, longitude: Math.round(p.longitude * 1e6) / 1e6 };
}

export interface TileRef {
  key: string;
  url: string;
  left: number;
  top: number;
}

/** Fills a template such as https://tile.example/{z}/{x}/{y}.png ({s} becomes a subdomain letter). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'abc'[(x + y) % 3] ?? 'a');
}

/** The tiles covering a viewport centred on `centre` (world px), with their offsets inside it. */
export function visibleTiles(
  template: string,
  centre: Px,
  width: number,
  height: number,
  zoom = MAP_ZOOM,
): TileRef[] {
  const n = 2 ** zoom;
  const left = centre.x - width / 2;
  const top = centre.y - height / 2;
  const x0 = Math.floor(left / TILE_SIZE);
  const x1 = Math.floor((left + width) / TILE_SIZE);
  const y0 = Math.max(0, Math.floor(top / TILE_SIZE));
  const y1 = Math.min(n - 1, Math.floor((top + height) / TILE_SIZE));
  const tiles: TileRef[] = [];
  for (let ty = y0; ty <= y1; ty++) {
    for (let tx = x0; tx <= x1; tx++) {
      const wrapped = ((tx % n) + n) % n;
      tiles.push({
        key: `${zoom}/${tx}/${ty}`,
        url: tileUrl(template, zoom, wrapped, ty),
        left: Math.round(tx * TILE_SIZE - left),
        top: Math.round(ty * TILE_SIZE - top),
      });
    }
  }
  return tiles;
}

/** Offset of the self-drawn street pattern so it moves with the map (the pattern repeats every `period` px). */
export function patternOffset(centre: Px, width: number, height: number, period = 512): Px {
  const mod = (v: number) => ((v % period) + period) % period;
  return { x: mod(width / 2 - centre.x), y: mod(height / 2 - centre.y) };
}

/**
 * The largest zoom (between min and max) at which every point fits in a width×height view centred on
 * `centre`, leaving `pad` px at the edges for marker labels.
 */
export function fitZoom(
  centre: LatLng,
  points: readonly LatLng[],
  width: number,
  height: number,
  opts: { min?: number; max?: number; pad?: number } = {},
): number {
  const { min = 5, max = 16, pad = 48 } = opts;
  const c = project(centre, 0);
  let dx = 0;
  let dy = 0;
  for (const p of points) {
    const q = project(p, 0);
    dx = Math.max(dx, Math.abs(q.x - c.x));
    dy = Math.max(dy, Math.abs(q.y - c.y));
  }
  const room = (half: number, d: number) => (d === 0 ? Infinity : Math.max(1, half - pad) / d);
  const scale = Math.min(room(width / 2, dx), room(height / 2, dy));
  if (!Number.isFinite(scale)) return max;
  return Math.max(min, Math.min(max, Math.floor(Math.log2(scale))));
}
