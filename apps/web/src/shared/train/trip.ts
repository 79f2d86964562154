import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/**
 * The train a passenger chose to order for (issue 16): the ticket, the station ahead and the restaurant serving it.
 * Kept for the tab only (sessionStorage), for the menu, cart and checkout of a train order (customerIrctcDetails).
 */
export interface Trip {
  pnr: string;
  trainNo: string;
  trainName: string;
  stationCode: string;
  stationName: string;
  /** the train's expected arrival at the station when chosen (ISO) */
  arrivalDateTime: string;
  coach: string | null;
  berth: string | null;
  storeId: number;
}

export const readTrip = (): Trip | null => readJson<Trip | null>(STORAGE_KEYS.trip, null, 'session');
export const saveTrip = (trip: Trip): void => writeJson(STORAGE_KEYS.trip, trip, 'session');
export const forgetTrip = (): void => writeJson(STORAGE_KEYS.trip, null, 'session');
