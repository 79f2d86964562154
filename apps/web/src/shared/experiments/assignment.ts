import { bucketOf, clientNumber, newClientId, type Bucket } from '@crust/domain/experiments';

/**
 * The device's experiment assignment (issue 33 §2, docs/experiments.md), kept in localStorage as the exact
 * `ab_test` header the allocation answered, so every call reads it without parsing. Here only what the first
 * screens need (the header, the bucket for the menu, the assignment for the landing); the allocation itself is in
 * ./allocate.ts, loaded once the browser is idle.
 */
export const AB_TEST_KEY = 'crust.abTest';
/** The GA-style client id (`<31-bit number>.<first visit, seconds>`): its number modulo 100 is the bucket. */
export const CLIENT_ID_KEY = 'crust.clientId';

let header: string | undefined;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The `ab_test` header: the last allocation's answer, `{}` before the first. */
export function abTestHeader(): string {
  return (header ??= read(AB_TEST_KEY) ?? '{}');
}

export function storeAbTest(value: string): void {
  header = value;
  try {
    localStorage.setItem(AB_TEST_KEY, value);
  } catch {
    /* storage unavailable: kept for this visit */
  }
}

/** The device's client id, made at its first visit and kept (GA keeps its `_ga` cookie the same way). */
let device: string | undefined;
export function clientId(): string {
  device ??= read(CLIENT_ID_KEY) ?? undefined;
  if (!device || clientNumber(device) === null) {
    device = newClientId(Math.random(), Date.now() / 1000);
    try {
      localStorage.setItem(CLIENT_ID_KEY, device);
    } catch {
      /* kept for this visit only */
    }
  }
  return device;
}

/** This device's SPEC §4 bucket: known from its client id at once, the same as the allocation answers. */
export const deviceBucket = (): Bucket => bucketOf(clientNumber(clientId()) ?? 0);

/**
 * The assignment as the last allocation left it (`{}` before any), read once by a screen as it opens: a variant
 * that arrives later shows from the next visit of the screen, so nothing on screen moves under the customer.
 */
export function readAbTest(): Readonly<Record<string, string | undefined>> {
  try {
    const parsed: unknown = JSON.parse(abTestHeader());
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}
