import { describe, expect, it } from 'vitest';
import {
  FIRST_RESTART_DELAY_MS,
  MAX_RESTART_DELAY_MS,
  nextRestart,
  STABLE_AFTER_MS,
} from '../src/start/restart-delay.ts';

describe('a dead server process is started again after a back-off', () => {
  it.each([
    // previous crashes in a row, how long it lived, → crashes now, delay
    [0, 60_000, 1, FIRST_RESTART_DELAY_MS],
    [5, STABLE_AFTER_MS, 1, FIRST_RESTART_DELAY_MS],
    [1, 1_000, 2, 2 * FIRST_RESTART_DELAY_MS],
    [2, 1_000, 3, 4 * FIRST_RESTART_DELAY_MS],
    [6, 1_000, 7, 64 * FIRST_RESTART_DELAY_MS],
    [7, 1_000, 8, MAX_RESTART_DELAY_MS],
    [40, 1_000, 41, MAX_RESTART_DELAY_MS],
  ])(
    'after %i crashes, one that lived %i ms: crash %i, restart in %i ms',
    (before, lived, crashes, delayMs) => {
      expect(nextRestart(before, lived)).toEqual({ crashes, delayMs });
    },
  );
});
