import { useSyncExternalStore } from 'react';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { RECENT_LOCATIONS_MAX } from '@crust/domain/constants';
import type { GeocodedAddress } from '@crust/contract';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/** Where the customer is and which store serves them: what the whole browse journey hangs on. */
export interface ChosenPoint {
  latitude: number;
  longitude: number;
  /** what the customer sees: "Koramangala, Bengaluru" */
  label: string;
  placeId?: string;
  address?: GeocodedAddress;
}

export interface ChosenStore {
  id: number;
  name: string;
  online: 0 | 1;
  advanceOrderStoreId: number | null;
  address: string;
}

export interface LocationState {
  deliveryType: DeliveryType;
  point: ChosenPoint | null;
  store: ChosenStore | null;
  /** SPEC §4 Store selection: the advance-order store stored beside the store id */
  advanceStoreId: number | null;
  /**
   * While a train order borrows the station's restaurant (order type IRCTC), the customer's own order type and
   * store, given back when the train order is placed or the customer leaves the train flow (docs/train.md).
   */
  home?: HomeChoice | null;
}

/** The order type and store a train order set aside. */
export interface HomeChoice {
  deliveryType: DeliveryType;
  store: ChosenStore | null;
  advanceStoreId: number | null;
}

/** SPEC §3: recent location entry: recent, location, deliveryType. */
export interface RecentLocation {
  location: ChosenPoint;
  deliveryType: DeliveryType;
}

const initial: LocationState = { deliveryType: 'D', point: null, store: null, advanceStoreId: null };

let state: LocationState = { ...initial, ...readJson<Partial<LocationState>>(STORAGE_KEYS.location, {}) };
let recent: RecentLocation[] = readJson<RecentLocation[]>(STORAGE_KEYS.recentLocations, []);
const listeners = new Set<() => void>();

function emit(): void {
  writeJson(STORAGE_KEYS.location, state);
  writeJson(STORAGE_KEYS.recentLocations, recent);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLocationState(): LocationState {
  return state;
}

export function getRecentLocations(): RecentLocation[] {
  return recent;
}

export function useLocationState(): LocationState {
  return useSyncExternalStore(subscribe, getLocationState);
}

export function useRecentLocations(): RecentLocation[] {
  return useSyncExternalStore(subscribe, getRecentLocations);
}

/**
 * A store is chosen for an order type (a delivery store may not offer pickup, and the pickup store is the
 * customer's pick), so changing the type forgets it; the point stays, and store selection runs again.
 */
export function setDeliveryType(deliveryType: DeliveryType): void {
  if (state.deliveryType === deliveryType) return;
  // a type chosen by hand ends a train order too: nothing is left to give back
  state = { ...state, deliveryType, store: null, advanceStoreId: null, home: null };
  emit();
}

export function setPoint(point: ChosenPoint | null): void {
  state = { ...state, point };
  emit();
}

/** Store selection success (SPEC §4): store id, advance store and location are stored together. */
export function setStore(store: ChosenStore, point?: ChosenPoint | null): void {
  state = {
    ...state,
    store,
    advanceStoreId: store.advanceOrderStoreId,
    point: point === undefined ? state.point : point,
  };
  emit();
}

/**
 * A station's restaurant becomes the store of a train order. The customer's own choice is set aside once: a second
 * station chosen on the same trip keeps the home choice of the first.
 */
export function startTrainOrder(store: ChosenStore): void {
  const home: HomeChoice | null =
    state.deliveryType === 'IRCTC'
      ? (state.home ?? null)
      : { deliveryType: state.deliveryType, store: state.store, advanceStoreId: state.advanceStoreId };
  state = { ...state, deliveryType: 'IRCTC', store, advanceStoreId: null, home };
  emit();
}

/**
 * The train order is over (placed, or the customer left the train flow): their own order type and store come back.
 * Without one set aside (a state from before it was kept) the landing asks: delivery, no store.
 */
export function endTrainOrder(): void {
  if (state.deliveryType !== 'IRCTC') return;
  const home = state.home;
  state = {
    ...state,
    deliveryType: home?.deliveryType ?? 'D',
    store: home?.store ?? null,
    advanceStoreId: home?.advanceStoreId ?? null,
    home: null,
  };
  emit();
}

/** Newest first, one entry per place, at most SPEC §9's 3. */
export function addRecentLocation(entry: RecentLocation): void {
  const key = (r: RecentLocation) => r.location.placeId ?? `${r.location.latitude},${r.location.longitude}`;
  recent = [entry, ...recent.filter((r) => key(r) !== key(entry))].slice(0, RECENT_LOCATIONS_MAX);
  emit();
}

/**
 * Logout (SPEC §4 clears the address): the customer's recent places go, while the place on the map (a locality,
 * never a house number: those live in saved addresses and the checkout draft, which logout clears), the store and
 * the order type stay, so whoever orders next on this phone is not sent back to choosing a location.
 */
export function keepOnlyThePlace(): void {
  recent = [];
  emit();
}

/** For tests. */
export function resetLocationState(): void {
  state = { ...initial };
  recent = [];
  emit();
}
