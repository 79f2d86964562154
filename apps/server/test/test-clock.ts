/**
 * The app's clock in tests that depend on the time of day in India (opening hours, the night delivery rule): it
 * runs at real speed from an instant the test chooses, so the outcome is the test's, not the machine's hour.
 */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const IST_OFFSET = 5.5 * HOUR;

/** The coming instant (after now) of hh:mm in Asia/Kolkata. */
export function nextIst(hh: number, mm = 0): number {
  const now = Date.now();
  const dayStart = Math.floor((now + IST_OFFSET) / DAY) * DAY - IST_OFFSET;
  const at = dayStart + (hh * 60 + mm) * 60_000;
  return at > now ? at : at + DAY;
}

/** A clock to give the app (`clock: c.now`); `set(at)` moves it to `at`, from where it keeps running. */
export function settableClock() {
  const c = {
    /** how far the app's time is ahead of the machine's, in ms */
    shift: 0,
    now: () => Date.now() + c.shift,
    set: (at: number) => {
      c.shift = at - Date.now();
    },
  };
  return c;
}
