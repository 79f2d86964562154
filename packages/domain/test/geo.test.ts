import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from '../src/constants.ts';
import {
  distanceKm,
  formatDistance,
  INDIA_BOUNDS,
  isInIndia,
  isValidLatLng,
  roundCoord,
  type LatLng,
} from '../src/geo.ts';
import { DELHI_CP, MUMBAI_BANDRA, northOf } from './factories.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });

const BENGALURU = at(12.9716, 77.5946);
const CHENNAI = at(13.0827, 80.2707);
const KOLKATA = at(22.5726, 88.3639);

/** Any point inside the India bounding box. */
const indianPoint = fc.record({
  latitude: fc.double({ min: INDIA_BOUNDS.minLat, max: INDIA_BOUNDS.maxLat, noNaN: true }),
  longitude: fc.double({ min: INDIA_BOUNDS.minLng, max: INDIA_BOUNDS.maxLng, noNaN: true }),
});

describe('distanceKm', () => {
  it.each<[string, LatLng, LatLng, number]>([
    ['Delhi Connaught Place ↔ Mumbai Bandra', DELHI_CP, MUMBAI_BANDRA, 1150],
    ['Bengaluru ↔ Chennai', BENGALURU, CHENNAI, 290],
    ['Delhi Connaught Place ↔ Kolkata', DELHI_CP, KOLKATA, 1305],
  ])('%s ≈ %d km (within 1%%)', (_, a, b, km) => {
    expect(Math.abs(distanceKm(a, b) - km) / km).toBeLessThan(0.01);
  });

  it('is 0 from a point to itself', () => {
    expect(distanceKm(DELHI_CP, DELHI_CP)).toBe(0);
  });

  it('is symmetric for a known pair', () => {
    expect(distanceKm(MUMBAI_BANDRA, DELHI_CP)).toBe(distanceKm(DELHI_CP, MUMBAI_BANDRA));
  });

  it('uses an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // one degree along a meridian is R·π/180; half way round the equator is R·π
    expect(distanceKm(at(0, 77), at(1, 77))).toBeCloseTo((6371 * Math.PI) / 180, 9);
    expect(distanceKm(at(0, 0), at(0, 180))).toBeCloseTo(6371 * Math.PI, 6);
    expect(distanceKm(at(90, 0), at(-90, 0))).toBeCloseTo(6371 * Math.PI, 6);
  });

  it('measures short hops along a meridian exactly', () => {
    expect(distanceKm(DELHI_CP, northOf(DELHI_CP, 2.5))).toBeCloseTo(2.5, 9);
  });

  it('is symmetric (property)', () => {
    fc.assert(
      fc.property(indianPoint, indianPoint, (a, b) => {
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
      }),
    );
  });

  it('is never negative and never more than half the circumference (property)', () => {
    fc.assert(
      fc.property(indianPoint, indianPoint, (a, b) => {
        const d = distanceKm(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * 6371);
      }),
    );
  });

  it('satisfies the triangle inequality (property)', () => {
    fc.assert(
      fc.property(indianPoint, indianPoint, indianPoint, (a, b, c) => {
        expect(distanceKm(a, c)).toBeLessThanOrEqual(distanceKm(a, b) + distanceKm(b, c) + 1e-6);
      }),
    );
  });
});

describe('isValidLatLng', () => {
  it.each<[string, LatLng, boolean]>([
    ['Delhi', DELHI_CP, true],
    ['origin', at(0, 0), true],
    ['north pole, date line', at(90, 180), true],
    ['south pole, date line west', at(-90, -180), true],
    ['latitude above 90', at(90.0001, 0), false],
    ['latitude below -90', at(-91, 0), false],
    ['longitude above 180', at(0, 180.5), false],
    ['longitude below -180', at(0, -181), false],
    ['NaN latitude', at(Number.NaN, 77), false],
    ['NaN longitude', at(28, Number.NaN), false],
    ['infinite longitude', at(28, Number.POSITIVE_INFINITY), false],
  ])('%s → %s', (_, p, expected) => {
    expect(isValidLatLng(p)).toBe(expected);
  });
});

describe('isInIndia', () => {
  it.each<[string, LatLng, boolean]>([
    ['Delhi', DELHI_CP, true],
    ['Mumbai', MUMBAI_BANDRA, true],
    ['Kanyakumari', at(8.0883, 77.5385), true],
    ['Leh', at(34.1526, 77.5771), true],
    ['Port Blair', at(11.6234, 92.7265), true],
    ['Itanagar', at(27.0844, 93.6053), true],
    ['south-west corner', at(INDIA_BOUNDS.minLat, INDIA_BOUNDS.minLng), true],
    ['north-east corner', at(INDIA_BOUNDS.maxLat, INDIA_BOUNDS.maxLng), true],
    ['London', at(51.5074, -0.1278), false],
    ['New York', at(40.7128, -74.006), false],
    ['Singapore', at(1.3521, 103.8198), false],
    ['Karachi (west of the box)', at(24.8607, 67.0011), false],
    ['Bangkok (east of the box)', at(13.7563, 100.5018), false],
    ['origin', at(0, 0), false],
    ['NaN', at(Number.NaN, Number.NaN), false],
  ])('%s → %s', (_, p, expected) => {
    expect(isInIndia(p)).toBe(expected);
  });
});

describe('roundCoord', () => {
  it.each<[number, number, number]>([
    [28.744434, 2, 28.74],
    [77.1722417, 2, 77.17],
    [77.175, 2, 77.18],
    [-12.3456, 3, -12.346],
    [28.744434, 0, 29],
  ])('%d to %d digits → %d', (value, digits, expected) => {
    expect(roundCoord(value, digits)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each<[number, string]>([
    [0, '1 m'],
    [0.0004, '1 m'],
    [0.25, '250 m'],
    [0.4567, '457 m'],
    [0.999, '999 m'],
    [1, '1.0 km'],
    [1.04, '1.0 km'],
    [2.46, '2.5 km'],
    [12.345, '12.3 km'],
    [30, '30.0 km'],
    [1150.4, '1150.4 km'],
  ])('%d km → %s', (km, expected) => {
    expect(formatDistance(km)).toBe(expected);
  });
});
