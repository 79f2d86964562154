import { useSyncExternalStore } from 'react';
import { messageOf } from '../api/errors.ts';
import { KeptOffline } from './outbox.ts';

/**
 * Short messages about the cart (a notice from the server, a refused add, a network retry), shown one
 * at a time by <CartToast /> for SPEC §9's toast time. Kept outside React so the data layer can post them.
 */
export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function notify(text: string, tone: Toast['tone'] = 'info'): void {
  // the same text already waiting is not queued twice (a quick double tap, a repeated notice)
  if (queue.some((x) => x.text === text)) return;
  queue = [...queue, { id: nextId++, text, tone }];
  emit();
}

export function dismissToast(id: number): void {
  queue = queue.filter((x) => x.id !== id);
  emit();
}

/** A failed cart action as a toast: the server's displayMsg, else the generic SPEC §8 text. */
export function notifyError(e: unknown): void {
  // an aborted call (the screen left) says nothing; ApiError and NetworkError are never a DOMException; an edit
  // kept for the connection was already told
  if (e instanceof KeptOffline) return;
  if (!(e instanceof DOMException && e.name === 'AbortError')) notify(messageOf(e), 'error');
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => queue,
    () => queue,
  );
}

/** For tests. */
export function resetToasts(): void {
  queue = [];
  emit();
}
