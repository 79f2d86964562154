import { describe, expect, it } from 'vitest';
import {
  deliversTo,
  isSimplePolygon,
  pointInPolygon,
  polygonProblem,
  type DeliveryReach,
} from '../src/delivery-area.ts';
import type { LatLng } from '../src/geo.ts';

/** A point x km east and y km north of (28.6, 77.2), on the plane the polygons are compared in. */
const O = { latitude: 28.6, longitude: 77.2 };
const p = (x: number, y: number): LatLng => ({
  latitude: O.latitude + y / 111,
  longitude: O.longitude + x / 97.5,
});
const poly = (...xy: [number, number][]): LatLng[] => xy.map(([x, y]) => p(x, y));

const square = poly([-2, -2], [2, -2], [2, 2], [-2, 2]);
/** a U: the notch between x -1…1 above y 0 is outside */
const concave = poly([-3, -3], [3, -3], [3, 3], [1, 3], [1, 0], [-1, 0], [-1, 3], [-3, 3]);

describe('pointInPolygon', () => {
  it.each<[string, LatLng[], LatLng, boolean]>([
    ['the centre of a square', square, p(0, 0), true],
    ['outside to the east', square, p(3, 0), false],
    ['on an edge counts as inside', square, p(2, 0), true],
    ['on a corner counts as inside', square, p(2, 2), true],
    ['level with a corner, outside (the ray passes a vertex)', square, p(-3, 2), false],
    ['just outside an edge', square, p(2.01, 0), false],
    ['concave: in the left arm', concave, p(-2, 2), true],
    ['concave: in the notch, outside', concave, p(0, 2), false],
    ['concave: below the notch', concave, p(0, -1), true],
    ['concave: on the notch’s floor', concave, p(0, 0), true],
    ['concave: level with the notch floor, outside to the right', concave, p(4, 0), false],
    ['a triangle', poly([0, 0], [4, 0], [0, 4]), p(1, 1), true],
    ['a triangle, beyond its slanted edge', poly([0, 0], [4, 0], [0, 4]), p(2.5, 2.5), false],
    ['either winding', [...square].reverse(), p(1, 1), true],
  ])('%s', (_, polygon, point, expected) => {
    expect(pointInPolygon(point, polygon)).toBe(expected);
  });
});

describe('isSimplePolygon', () => {
  it.each<[string, LatLng[], boolean]>([
    ['a square', square, true],
    ['a concave U', concave, true],
    ['a bow tie (edges cross)', poly([-2, -2], [2, 2], [2, -2], [-2, 2]), false],
    ['a repeated point', poly([-2, -2], [2, -2], [2, 2], [2, -2]), false],
    ['three points in a line (no area)', poly([0, 0], [1, 0], [2, 0]), false],
    ['a spike folding back on its edge', poly([0, 0], [4, 0], [2, 0], [2, 3]), false],
    ['an edge touching a far corner', poly([0, 0], [4, 0], [4, 4], [2, 0], [0, 4]), false],
    ['two points', poly([0, 0], [1, 1]), false],
  ])('%s', (_, polygon, expected) => {
    expect(isSimplePolygon(polygon)).toBe(expected);
  });
});

describe('polygonProblem', () => {
  const many = Array.from({ length: 101 }, (_, i) =>
    p(3 * Math.cos((2 * Math.PI * i) / 101), 3 * Math.sin((2 * Math.PI * i) / 101)),
  );
  it.each<[string, LatLng[], ReturnType<typeof polygonProblem>]>([
    ['a square around the store', square, null],
    ['100 points on a circle', many.slice(0, 100), null],
    ['two points', poly([0, 0], [1, 1]), { problem: 'TOO_FEW' }],
    ['101 points', many, { problem: 'TOO_MANY' }],
    [
      'a point off the map',
      [...square.slice(0, 3), { latitude: 91, longitude: 77 }],
      { problem: 'BAD_POINT', index: 3 },
    ],
    ['a point 20 km away', poly([-2, -2], [20, -2], [2, 2]), { problem: 'TOO_FAR', index: 1 }],
    ['a bow tie', poly([-2, -2], [2, 2], [2, -2], [-2, 2]), { problem: 'NOT_SIMPLE' }],
    ['the store outside', poly([1, 1], [3, 1], [3, 3]), { problem: 'STORE_OUTSIDE' }],
    [
      'the store in the U’s notch',
      concave.map((q) => ({ ...q, latitude: q.latitude - 2 / 111 })),
      { problem: 'STORE_OUTSIDE' },
    ],
  ])('%s', (_, polygon, expected) => {
    expect(polygonProblem(polygon, O)).toEqual(expected);
  });
});

describe('deliversTo', () => {
  const byRadius: DeliveryReach = { ...O, deliveryRadiusKm: 5, deliveryPolygon: null };
  it.each<[string, DeliveryReach, LatLng, boolean]>([
    ['radius: 4 km north', byRadius, p(0, 4), true],
    ['radius: 6 km north', byRadius, p(0, 6), false],
    ['polygon instead of the radius: 1 km in', { ...byRadius, deliveryPolygon: square }, p(0, 1), true],
    [
      'polygon: 4 km north is within the radius but outside the polygon',
      { ...byRadius, deliveryPolygon: square },
      p(0, 4),
      false,
    ],
    [
      'polygon may reach past the radius',
      { ...byRadius, deliveryPolygon: poly([-1, -1], [1, -1], [0, 8]) },
      p(0, 6),
      true,
    ],
  ])('%s', (_, store, point, expected) => {
    expect(deliversTo(store, point)).toBe(expected);
  });
});
