import type { SeedOutlet, SeedRailwayStation } from '../types.ts';

/**
 * Railway stations with their Indian Railways codes and names (issue 16 §2). Stations with a city have a Crust
 * restaurant near them (OUTLETS); the others are stops on the demo journeys that no restaurant serves, so a
 * passenger sees them and why they cannot be ordered for.
 */
export const RAILWAY_STATIONS: SeedRailwayStation[] = [
  { code: 'NDLS', name: 'New Delhi', cityId: 'delhi', latitude: 28.6425, longitude: 77.2197 },
  { code: 'NZM', name: 'Hazrat Nizamuddin', cityId: 'delhi', latitude: 28.5886, longitude: 77.2536 },
  { code: 'CNB', name: 'Kanpur Central', cityId: 'kanpur', latitude: 26.454, longitude: 80.351 },
  { code: 'BPL', name: 'Bhopal Junction', cityId: 'bhopal', latitude: 23.268, longitude: 77.413 },
  { code: 'NGP', name: 'Nagpur Junction', cityId: 'nagpur', latitude: 21.152, longitude: 79.088 },
  { code: 'MAS', name: 'MGR Chennai Central', cityId: 'chennai', latitude: 13.0827, longitude: 80.275 },
  { code: 'HWH', name: 'Howrah Junction', cityId: 'kolkata', latitude: 22.5839, longitude: 88.3425 },
  { code: 'CSMT', name: 'Mumbai CSMT', cityId: 'mumbai', latitude: 18.9398, longitude: 72.8355 },
  { code: 'PUNE', name: 'Pune Junction', cityId: 'pune', latitude: 18.5286, longitude: 73.8743 },
  { code: 'SBC', name: 'KSR Bengaluru City', cityId: 'bengaluru', latitude: 12.9781, longitude: 77.5697 },
  { code: 'SC', name: 'Secunderabad Junction', cityId: 'hyderabad', latitude: 17.4337, longitude: 78.5016 },
  // stops of the demo journeys with no Crust restaurant
  { code: 'AGC', name: 'Agra Cantt', cityId: null, latitude: 27.1578, longitude: 77.9906 },
  { code: 'BZA', name: 'Vijayawada Junction', cityId: null, latitude: 16.518, longitude: 80.619 },
];

/**
 * The restaurants that carry train orders to a station's platform, each with its own cut-off (minutes before the
 * train's expected arrival it must have the order: the drive to the station and the walk to the coach included)
 * and, for all of them, prepaid orders only (SPEC §5: no cash and no wallet on a train order).
 */
export const OUTLETS: SeedOutlet[] = [
  { storeId: 1001, stationCode: 'NDLS', cutoffMinutes: 45, prepaidOnly: true },
  { storeId: 1002, stationCode: 'NZM', cutoffMinutes: 40, prepaidOnly: true },
  { storeId: 5001, stationCode: 'CNB', cutoffMinutes: 30, prepaidOnly: true },
  { storeId: 5101, stationCode: 'BPL', cutoffMinutes: 30, prepaidOnly: true },
  { storeId: 5201, stationCode: 'NGP', cutoffMinutes: 30, prepaidOnly: true },
  { storeId: 3206, stationCode: 'MAS', cutoffMinutes: 60, prepaidOnly: true },
  { storeId: 4001, stationCode: 'HWH', cutoffMinutes: 60, prepaidOnly: true },
  { storeId: 2009, stationCode: 'CSMT', cutoffMinutes: 60, prepaidOnly: true },
  { storeId: 2101, stationCode: 'PUNE', cutoffMinutes: 45, prepaidOnly: true },
  { storeId: 3005, stationCode: 'SBC', cutoffMinutes: 75, prepaidOnly: true },
  { storeId: 3104, stationCode: 'SC', cutoffMinutes: 40, prepaidOnly: true },
];
