import type { SeedStation } from '../types.ts';

/**
 * SPEC §3 Store storeStationDetails: the Drive-n-Pick bays of the stores that offer curbside (CURB) orders,
 * numbered per store as the signs in their car parks are. A store offers CURB only with bays here (a seed
 * test holds the two lists together); stores without bays offer no curbside orders.
 */
const BAYS: readonly (readonly [storeId: number, names: readonly string[]])[] = [
  [1001, ['Bay 1', 'Bay 2', 'Bay 3', 'Bay 4']],
  [1102, ['Bay 1', 'Bay 2', 'Bay 3']],
  [2003, ['Bay 1', 'Bay 2']],
  [2101, ['Bay 1', 'Bay 2', 'Bay 3']],
  [3001, ['Bay 1', 'Bay 2', 'Bay 3', 'Bay 4', 'Bay 5']],
  [3002, ['Bay 1', 'Bay 2']],
  [3101, ['Bay 1', 'Bay 2', 'Bay 3']],
  [4002, ['Bay 1', 'Bay 2']],
];

export const STATIONS: SeedStation[] = BAYS.flatMap(([storeId, names]) =>
  names.map((name, i) => ({ storeId, stationId: i + 1, name })),
);
