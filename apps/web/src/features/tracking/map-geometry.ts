/**
 * The tracker's little map (no tiles, no images: the app must work without remote assets). An equirectangular
 * projection is plenty across a delivery radius: longitude shrinks by cos(latitude), and the points are fitted
 * into the drawing with padding, the same scale on both axes so the route keeps its direction.
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Pt {
  x: number;
  y: number;
}

export interface Frame {
  width: number;
  height: number;
  /** room kept at every edge for the pins and their labels */
  pad: number;
}

export function fitPoints(points: readonly GeoPoint[], frame: Frame): Pt[] {
  if (points.length === 0) return [];
  const meanLat = points.reduce((n, p) => n + p.latitude, 0) / points.length;
  const kx = Math.cos((meanLat * Math.PI) / 180);
  const raw = points.map((p) => ({ x: p.longitude * kx, y: -p.latitude }));
  const xs = raw.map((p) => p.x);
  const ys = raw.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  const innerW = frame.width - 2 * frame.pad;
  const innerH = frame.height - 2 * frame.pad;
  // one point (or two in the same place) sits in the middle
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity);
  const offX = frame.pad + (innerW - spanX * scale) / 2;
  const offY = frame.pad + (innerH - spanY * scale) / 2;
  return raw.map((p) => ({ x: offX + (p.x - minX) * scale, y: offY + (p.y - minY) * scale }));
}

/** The point a fraction of the way from a to b. */
export function along(a: Pt, b: Pt, fraction: number): Pt {
  return { x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction };
}

/**
 * How far the rider probably is: the share of the time from dispatch to the promise that has passed, kept off
 * both ends (we have no GPS fix, only a hint that they are on their way). Halfway when the times are unknown.
 */
export function riderProgress(dispatchedMs: number | null, promisedMs: number | null, nowMs: number): number {
  if (dispatchedMs === null || promisedMs === null || promisedMs <= dispatchedMs) return 0.5;
  const share = (nowMs - dispatchedMs) / (promisedMs - dispatchedMs);
  return Math.min(0.85, Math.max(0.15, share));
}
