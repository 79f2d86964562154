/**
 * Where a store delivers (issue 30 §4): within its delivery radius (SPEC §9, great-circle distance), or, when it
 * has one, inside its delivery polygon instead. A polygon is a list of points (latitude, longitude) joined in
 * order and closed back to the first: 3–100 points, each within 15 km of the store, a simple shape (no edge
 * crosses or touches another but its neighbours at their shared point) that contains the store itself.
 *
 * Over a delivery area's few kilometres the earth is flat enough: points are compared on the plane of longitude
 * (x) and latitude (y). A point on an edge or a corner is inside.
 */
import { distanceKm, isValidLatLng, type LatLng } from './geo.ts';

export const POLYGON_LIMITS = { minPoints: 3, maxPoints: 100, maxDistanceKm: 15 } as const;

/** A store's reach: its radius, and its polygon (null: the radius is used). */
export interface DeliveryReach extends LatLng {
  deliveryRadiusKm: number;
  deliveryPolygon: readonly LatLng[] | null;
}

type Pt = readonly [x: number, y: number];
const pt = (p: LatLng): Pt => [p.longitude, p.latitude];

/** Twice the signed area of the triangle a, b, c: > 0 turning left, < 0 right, 0 in a line. */
function cross(a: Pt, b: Pt, c: Pt): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** Whether c, in line with a and b, lies between them (ends included). */
function within(a: Pt, b: Pt, c: Pt): boolean {
  return (
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  );
}

const sign = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);

/** Whether the segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = sign(cross(c, d, a));
  const d2 = sign(cross(c, d, b));
  const d3 = sign(cross(a, b, c));
  const d4 = sign(cross(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && within(c, d, a)) ||
    (d2 === 0 && within(c, d, b)) ||
    (d3 === 0 && within(a, b, c)) ||
    (d4 === 0 && within(a, b, d))
  );
}

/** Whether a point is inside the polygon or on its boundary (ray casting, edges checked first). */
export function pointInPolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  const p = pt(point);
  const ring = polygon.map(pt);
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (cross(a, b, p) === 0 && within(a, b, p)) return true;
    if (a[1] > p[1] !== b[1] > p[1]) {
      const x = a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
      if (p[0] < x) inside = !inside;
    }
  }
  return inside;
}

/** Whether the closed ring is simple: no repeated point, no edge meeting another but its neighbours at a corner. */
export function isSimplePolygon(polygon: readonly LatLng[]): boolean {
  const ring = polygon.map(pt);
  const n = ring.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (ring[i]![0] === ring[j]![0] && ring[i]![1] === ring[j]![1]) return false;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = ring[j]!;
      const d = ring[(j + 1) % n]!;
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours) {
        if (segmentsMeet(a, b, c, d)) return false;
        continue;
      }
      // neighbours share one corner; they must not fold back along each other
      const [shared, p, q] = j === i + 1 ? [b, a, d] : [a, b, c];
      if (cross(p, shared, q) === 0 && (within(shared, p, q) || within(shared, q, p))) return false;
    }
  }
  return true;
}

export type PolygonProblem =
  | { problem: 'TOO_FEW' | 'TOO_MANY' | 'NOT_SIMPLE' | 'STORE_OUTSIDE' }
  | { problem: 'BAD_POINT' | 'TOO_FAR'; index: number };

/** Why a polygon cannot be a store's delivery area, or null. */
export function polygonProblem(polygon: readonly LatLng[], store: LatLng): PolygonProblem | null {
  if (polygon.length < POLYGON_LIMITS.minPoints) return { problem: 'TOO_FEW' };
  if (polygon.length > POLYGON_LIMITS.maxPoints) return { problem: 'TOO_MANY' };
  const bad = polygon.findIndex((p) => !isValidLatLng(p));
  if (bad >= 0) return { problem: 'BAD_POINT', index: bad };
  const far = polygon.findIndex((p) => distanceKm(p, store) > POLYGON_LIMITS.maxDistanceKm);
  if (far >= 0) return { problem: 'TOO_FAR', index: far };
  if (!isSimplePolygon(polygon)) return { problem: 'NOT_SIMPLE' };
  return pointInPolygon(store, polygon) ? null : { problem: 'STORE_OUTSIDE' };
}

/** Whether the store delivers to a point: inside its polygon when it has one, else within its radius. */
export function deliversTo(store: DeliveryReach, point: LatLng): boolean {
  if (store.deliveryPolygon) return pointInPolygon(point, store.deliveryPolygon);
  return distanceKm(point, store) <= store.deliveryRadiusKm;
}
