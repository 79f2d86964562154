/**
 * Where a sandbox train is: each stop's expected arrival and whether the train has left it, from its timetable and
 * the delays it has run under. A delay set while the train runs moves the stops still ahead (expected = scheduled +
 * delay) and leaves alone the ones it had already left, as a real train's past does not change. Pure.
 */

const MINUTE_MS = 60_000;

/** A delay in force from `fromMs` (the first one from the start of time) until the next one. */
export interface DelaySpell {
  fromMs: number;
  minutes: number;
}

export interface StopTimes {
  expectedMs: number;
  departed: boolean;
}

/** `spells` in the order they were set, the first being the train's own delay from the start. */
export function stopTimes(
  scheduledMs: number,
  haltMinutes: number,
  spells: readonly DelaySpell[],
  nowMs: number,
): StopTimes {
  for (let i = 0; i < spells.length; i++) {
    const expectedMs = scheduledMs + spells[i]!.minutes * MINUTE_MS;
    const leavesMs = expectedMs + haltMinutes * MINUTE_MS;
    const next = spells[i + 1];
    // the train left this stop while this delay held: its times are history
    if (next === undefined) return { expectedMs, departed: leavesMs <= nowMs };
    if (leavesMs <= next.fromMs) return { expectedMs, departed: true };
  }
  throw new Error('a train runs under at least one delay');
}
