/**
 * A random id (idempotency keys, the device id, a guest address's id): a UUID where the browser makes one
 * (secure contexts only), else the time and a random number in base 36.
 */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
