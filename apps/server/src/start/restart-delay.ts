/** A worker that served this long before dying was not crash-looping: its restart starts the count afresh. */
export const STABLE_AFTER_MS = 10_000;
export const FIRST_RESTART_DELAY_MS = 250;
export const MAX_RESTART_DELAY_MS = 30_000;

/**
 * When to start a dead worker again: at once-ish after a death that ended a stable run, then twice as long
 * after each death in a row that came soon after its start, so a crash loop (a bad deploy, a database that
 * refuses connections) costs a restart every 30 s, not a spinning core.
 */
export function nextRestart(previousCrashes: number, livedMs: number): { crashes: number; delayMs: number } {
  const crashes = livedMs >= STABLE_AFTER_MS ? 1 : previousCrashes + 1;
  const delayMs = Math.min(FIRST_RESTART_DELAY_MS * 2 ** (crashes - 1), MAX_RESTART_DELAY_MS);
  return { crashes, delayMs };
}
