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

/**
 * Where events go: to the sender once the switch is known (./switch.ts sets `to`), held until then (at most 50).
 * This file is in the first screens' JavaScript, so it holds nothing else.
 */
export const events: { to?: (e: Tracked) => void; held: Tracked[] } = { held: [] };

/** Records a user-activity event (SPEC §7). Never waits and never throws; sent only while the switch is on. */
export function track(action: EventAction, properties: EventProperties = {}): void {
  const e = { action, properties, at: Date.now(), path: location.pathname };
  if (events.to) events.to(e);
  else if (events.held.length < 50) events.held.push(e);
}
