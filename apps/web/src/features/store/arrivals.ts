/**
 * Orders that arrived while the queue was on screen, so their cards can stand out. Noted as each fetch lands
 * (not in a render or an effect): the first fetch of a store's queue is what was already there, and marks
 * nothing.
 */
export const NEW_HIGHLIGHT_MS = 2 * 60_000;

const byStore = new Map<number, Map<string, number>>();

export function noteQueue(
  storeId: number,
  previous: readonly { id: string }[] | undefined,
  orders: readonly { id: string }[],
  nowMs: number,
): void {
  if (!previous) {
    byStore.set(storeId, new Map());
    return;
  }
  const known = new Set(previous.map((o) => o.id));
  const arrivals = byStore.get(storeId) ?? new Map<string, number>();
  byStore.set(storeId, arrivals);
  for (const o of orders) if (!known.has(o.id) && !arrivals.has(o.id)) arrivals.set(o.id, nowMs);
}

export function isNewArrival(storeId: number, orderId: string, nowMs: number): boolean {
  const at = byStore.get(storeId)?.get(orderId);
  return at !== undefined && nowMs - at < NEW_HIGHLIGHT_MS;
}

/** Once someone has acted on the order it is no longer news. */
export function acknowledge(storeId: number, orderId: string): void {
  byStore.get(storeId)?.delete(orderId);
}
