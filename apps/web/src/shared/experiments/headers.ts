import { readJson, writeJson } from '../storage.ts';

/**
 * What every API call sends of the experiments (issue 33 §2, docs/experiments.md): the `ab_test` header, the
 * assignment the last allocation answered and the device keeps; and the device's GA-style client id
 * (`<31-bit number>.<first visit, seconds>`), whose number modulo 100 is its SPEC §4 bucket. This module is in
 * every first screen: the rest (./assignment.ts, ./allocate.ts) is not.
 */
export const AB_TEST_KEY = 'crust.abTest';
export const CLIENT_ID_KEY = 'crust.clientId';

/** The `ab_test` header: the kept assignment, `{}` before the first allocation (or without storage). */
export const abTestHeader = (): string => JSON.stringify(readJson<unknown>(AB_TEST_KEY, {}));

let made: string | undefined;
/**
 * The device's client id, made at its first visit and kept (as GA keeps its `_ga` cookie); also the device part of
 * a guest's `request_id` (before issue 33 a random hex device id, `crust.deviceId`, now unused).
 */
export function clientId(): string {
  const kept = readJson<string | null>(CLIENT_ID_KEY, null);
  if (kept) return kept;
  // the domain's newClientId written out: the rules (packages/domain experiments.ts) are no first screen's
  made ??= `${(Math.random() * 2 ** 31) >>> 0}.${(Date.now() / 1000) >>> 0}`;
  writeJson(CLIENT_ID_KEY, made);
  return made;
}
