import type { EventAction } from '@crust/domain/funnel';

/** An event's properties: ids, codes and reasons, never personal data (docs/analytics.md). */
export type EventProperties = Record<string, string | number | boolean | null>;

/** What a screen recorded, before the sender (./sender.ts) gives it the SPEC §7 shape. */
export interface Tracked {
  action: EventAction;
  properties: EventProperties;
  at: number;
  path: string;
}

/** Events recorded before the sender has started, at most this many (the rest are dropped). */
const HELD = 50;
const held: Tracked[] = [];
let sink: ((e: Tracked) => void) | null = null;

/**
 * Records a user-activity event (SPEC §7). Never waits and never throws: the events go out in batches from a
 * lazily loaded sender, and only while the remote config's switch is on. This file is in the first screens'
 * JavaScript, so it holds nothing else.
 */
export function track(action: EventAction, properties: EventProperties = {}): void {
  const e = { action, properties, at: Date.now(), path: location.pathname };
  if (sink) sink(e);
  else if (held.length < HELD) held.push(e);
}

/** The sender takes over; null: the switch is off, and what was held and what comes is dropped. */
export function takeEvents(next: ((e: Tracked) => void) | null): void {
  sink = next ?? (() => undefined);
  const waiting = held.splice(0);
  if (next) waiting.forEach(next);
}

/** Back to holding events until the switch is known (the layout left: a test's unmount, or the app's end). */
export function holdEvents(): void {
  sink = null;
  held.length = 0;
}
