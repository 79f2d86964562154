import { events, type Tracked } from './track.ts';

/** The sender takes over; null: the switch is off, and what was held and what comes is dropped. */
export function takeEvents(next: ((e: Tracked) => void) | null): void {
  events.to = next ?? (() => undefined);
  const waiting = events.held.splice(0);
  if (next) waiting.forEach(next);
}

/** Back to holding events until the switch is known (the layout left: a test's unmount, or the app's end). */
export function holdEvents(): void {
  delete events.to;
  events.held.length = 0;
}
