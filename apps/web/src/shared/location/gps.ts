import { GPS_MAX_AGE_MS, GPS_TIMEOUT_MS } from '@crust/domain/constants';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { afterPointPath, searchAddressPath, type StoreRedirect } from './paths.ts';

/**
 * SPEC §4 Location (GPS), without React: ask the Permissions API first; granted → read the position,
 * prompt → let the browser ask and wait for the answer, denied → the denied popup. A position error or
 * a timeout becomes 'failed' (the current-location popup and the stored-store fallback).
 */

/** SPEC §9: 5 s timeout, 120 s maximum age, high accuracy. */
export const GPS_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: GPS_TIMEOUT_MS,
  maximumAge: GPS_MAX_AGE_MS,
};

/** Extra time after the GPS timeout before we stop waiting for a browser that never calls back. */
const WATCHDOG_SLACK_MS = 1500;

export type GeoPermission = 'granted' | 'prompt' | 'denied' | 'unknown';

export type GpsResult =
  | { kind: 'position'; latitude: number; longitude: number; accuracy: number }
  | { kind: 'denied' }
  | { kind: 'failed'; reason: 'timeout' | 'unavailable' | 'unsupported' };

/** The parts of `navigator` the flow uses, so tests can pass fakes. */
export interface GeoEnv {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>;
  permissions?: Pick<Permissions, 'query'>;
}

export function browserGeoEnv(): GeoEnv {
  if (typeof navigator === 'undefined') return {};
  return { geolocation: navigator.geolocation, permissions: navigator.permissions };
}

export async function queryGeoPermission(env: GeoEnv): Promise<GeoPermission> {
  if (!env.permissions?.query) return 'unknown';
  try {
    const status = await env.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'unknown'; // Safari before 16 rejects the 'geolocation' name
  }
}

/** One getCurrentPosition with SPEC's options, as a promise that always settles. */
export function readPosition(
  geolocation: Pick<Geolocation, 'getCurrentPosition'>,
  watchdogMs: number | null,
): Promise<GpsResult> {
  return new Promise<GpsResult>((resolve) => {
    let done = false;
    const finish = (r: GpsResult) => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      resolve(r);
    };
    const timer =
      watchdogMs === null
        ? undefined
        : setTimeout(() => finish({ kind: 'failed', reason: 'timeout' }), watchdogMs);
    try {
      geolocation.getCurrentPosition(
        (pos) =>
          finish({
            kind: 'position',
            latitude: pos.coords.latitude,
            longitude: pos.coords.longitude,
            accuracy: pos.coords.accuracy,
          }),
        (err) => {
          // code 1 PERMISSION_DENIED (the customer said no in the prompt), 2 POSITION_UNAVAILABLE, 3 TIMEOUT
          if (err.code === 1) finish({ kind: 'denied' });
          else finish({ kind: 'failed', reason: err.code === 3 ? 'timeout' : 'unavailable' });
        },
        GPS_OPTIONS,
      );
    } catch {
      finish({ kind: 'failed', reason: 'unavailable' });
    }
  });
}

/**
 * The whole GPS branch. `onPrompt` is called when the browser is about to ask the customer, so the
 * screen can say what to do. While the browser asks, we wait as long as it takes (SPEC: "Prompt: wait");
 * once permission is granted, a watchdog guards against devices that ignore the timeout option.
 */
export async function locateCustomer(
  env: GeoEnv = browserGeoEnv(),
  onPrompt?: () => void,
): Promise<GpsResult> {
  if (!env.geolocation) return { kind: 'failed', reason: 'unsupported' };
  const permission = await queryGeoPermission(env);
  if (permission === 'denied') return { kind: 'denied' };
  if (permission === 'prompt') onPrompt?.();
  const watchdog = permission === 'granted' ? GPS_TIMEOUT_MS + WATCHDOG_SLACK_MS : null;
  return readPosition(env.geolocation, watchdog);
}

/** After a position: pickup types go to /nearestStore, delivery to /mapScreen (SPEC §4). */
export function pathAfterPosition(
  type: DeliveryType,
  p: { latitude: number; longitude: number },
  redirect: StoreRedirect,
) {
  return afterPointPath(type, p, redirect);
}

/** After the denied popup's OK: from the cart, search instead (SPEC §4); elsewhere stay where we are. */
export function pathAfterDenied(isFromCart: boolean): string | null {
  return isFromCart ? searchAddressPath(null, true) : null;
}
