import { useSyncExternalStore } from 'react';
import type { Cart, CartItemInput } from '@crust/contract';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/**
 * Cart edits tapped while the device is offline (issue 31 item 2): kept in localStorage, so a reload keeps them,
 * and sent in the order tapped when the connection returns (./api.ts `sendKeptEdits`). An add keeps the
 * idempotency key it was given when tapped: sent twice (a reply lost on the way back), the server adds it once
 * (decision 006). A quantity change keeps the step (+1, −1), not the number it led to, and is applied to the line
 * as the server has it when sent, so a change made meanwhile in another tab is not undone.
 */
export type KeptEdit = (
  | { kind: 'add'; key: string; item: CartItemInput; name: string }
  | { kind: 'step'; key: string; itemId: string; step: number; name: string }
  | { kind: 'remove'; key: string; itemId: string; name: string }
) & {
  /** the server's reason when it refused the edit: still listed, so nothing tapped vanishes unexplained */
  refused?: string;
};

/** An edit that was kept rather than sent: the caller's toast is the keeper's, not an error. */
export class KeptOffline extends Error {}

/** Offline as the browser knows it: a tap then waits for the connection instead of failing. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

const listeners = new Set<() => void>();
let edits: readonly KeptEdit[] = readJson<KeptEdit[]>(STORAGE_KEYS.cartOutbox, []);

function set(next: readonly KeptEdit[]): void {
  edits = next;
  writeJson(STORAGE_KEYS.cartOutbox, next.length ? next : null);
  for (const l of listeners) l();
}

export const keptEdits = (): readonly KeptEdit[] => edits;
/** The edits still to send, in the order tapped (a refused one is only shown). */
export const waitingEdits = (list: readonly KeptEdit[] = edits): KeptEdit[] => list.filter((e) => !e.refused);
export const keepEdit = (edit: KeptEdit): void => set([...edits, edit]);
/** The edit reached the server: the next one is first now. */
export const dropKeptEdit = (key: string): void => set(edits.filter((e) => e.key !== key));
/** The server said no: the edit stays listed with the reason until the customer has read it. */
export const refuseKeptEdit = (key: string, reason: string): void =>
  set(edits.map((e) => (e.key === key ? { ...e, refused: reason } : e)));
export const dropRefusedEdits = (): void => set(waitingEdits());

/** How the kept edits change the cart's item count, so the count shows what was tapped and not yet sent. */
export function keptCountChange(kept: readonly KeptEdit[], cart: Cart | null | undefined): number {
  let n = 0;
  for (const e of waitingEdits(kept)) {
    if (e.kind === 'add') n += e.item.quantity;
    else if (e.kind === 'step') n += e.step;
    else n -= cart?.validItems.find((l) => l.itemId === e.itemId)?.quantity ?? 0;
  }
  return n;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useKeptEdits(): readonly KeptEdit[] {
  return useSyncExternalStore(subscribe, keptEdits, keptEdits);
}

/** For tests. */
export function resetKeptEdits(): void {
  edits = readJson<KeptEdit[]>(STORAGE_KEYS.cartOutbox, []);
  for (const l of listeners) l();
}
