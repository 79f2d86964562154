import { readJson, writeJson } from '../storage.ts';
import { AB_TEST_KEY, CLIENT_ID_KEY } from './headers.ts';

/** The assignment the app shows by: the bucket and each experiment's variant, `{}` before any allocation. */
export type AbTest = Readonly<Record<string, string | undefined>>;

/**
 * The assignment as the last allocation left it, read once by a screen as it opens: a variant that arrives later
 * shows from the next visit of the screen, so nothing on screen moves under the customer.
 */
export function readAbTest(): AbTest {
  const kept = readJson<unknown>(AB_TEST_KEY, {});
  return kept && typeof kept === 'object' ? (kept as AbTest) : {};
}

/** Keeps the allocation's answer: from now on every call's `ab_test` header. */
export const storeAbTest = (assignment: AbTest): void => writeJson(AB_TEST_KEY, assignment);

/** Keeps `id` as the device's client id (the allocation replaces one that is not GA-style). */
export function renewClientId(id: string): string {
  writeJson(CLIENT_ID_KEY, id);
  return id;
}
