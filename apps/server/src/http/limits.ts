/**
 * Limits that hold under concurrency and across server processes (docs/security.md). A limit is a key (what
 * is limited and for whom: `otp-send|mobile|9876543210`) with a number of slots per sliding window. A caller
 * takes its slot before the work the slot pays for (the text, the password check, the PIN guess); under the
 * key's transaction lock the slots in the window are counted and one is added, so parallel requests queue on
 * the key and exactly `max` of them get through. A key is always used with the same window.
 */
import type { Db } from '../db/client.ts';
import * as repo from './limits/repo.ts';

/**
 * No limit's window is longer: a slot older than this counts for nothing, so `sweepLimits` deletes it (keys
 * nobody uses again would otherwise keep their last slots for ever). A longer window is refused at its first use.
 */
export const LONGEST_WINDOW_MS = 3_600_000;

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Slots a caller took; given back when the work turned out not to count (a right password). */
export interface TakenSlots {
  readonly ids: readonly number[];
  /** the key of each slot, in the order of `ids` */
  readonly keys: readonly string[];
}

export type Take =
  | { ok: true; slots: TakenSlots }
  /** `limit` is the first full one; its window frees a slot in `retryAfterSec` */
  | { ok: false; limit: Limit; retryAfterSec: number };

/**
 * One slot of every limit, or none: keys are locked in one order (so two callers never wait on each other
 * crosswise), every window is checked, then a slot is written under each key.
 */
export async function takeSlots(db: Db, limits: readonly Limit[], now: Date): Promise<Take> {
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const tooLong = ordered.find((l) => l.windowMs > LONGEST_WINDOW_MS);
  if (tooLong) throw new Error(`limit ${tooLong.key}: a window over LONGEST_WINDOW_MS would be swept early`);
  return db.transaction(async (tx) => {
    for (const limit of ordered) await repo.lockKey(tx, limit.key);
    for (const limit of ordered) {
      const since = new Date(now.getTime() - limit.windowMs);
      // what no window of this key counts any more goes, so a key's rows stay at most `max`
      await repo.dropSlotsUpTo(tx, limit.key, since);
      const { used, oldest } = await repo.slotsSince(tx, limit.key, since);
      if (used >= limit.max) {
        const frees = (oldest?.getTime() ?? now.getTime()) + limit.windowMs;
        return {
          ok: false as const,
          limit,
          retryAfterSec: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)),
        };
      }
    }
    const ids: number[] = [];
    for (const limit of ordered) ids.push(await repo.insertSlot(tx, limit.key, now));
    return { ok: true as const, slots: { ids, keys: ordered.map((l) => l.key) } };
  });
}

/** One limit's slot: `takeSlots` with one limit. */
export function takeSlot(db: Db, limit: Limit, now: Date): Promise<Take> {
  return takeSlots(db, [limit], now);
}

/** Those of `slots` that belong to these limits (to give back some of what was taken together). */
export function slotsOf(slots: TakenSlots, limits: readonly Limit[]): TakenSlots {
  const wanted = new Set(limits.map((l) => l.key));
  const picked = slots.ids.map((id, i) => [id, slots.keys[i]!] as const).filter(([, key]) => wanted.has(key));
  return { ids: picked.map(([id]) => id), keys: picked.map(([, key]) => key) };
}

/** The slots go back to their windows, as if never taken. */
export async function giveBack(db: Db, slots: TakenSlots): Promise<void> {
  await repo.deleteSlots(db, slots.ids);
}

/** How many of a limit's slots are taken now (without taking one). */
export async function slotsUsed(db: Db, limit: Limit, now: Date): Promise<number> {
  return (await repo.slotsSince(db, limit.key, new Date(now.getTime() - limit.windowMs))).used;
}

/** A key starts afresh (a card's PIN attempts after the right PIN, say). */
export async function clearLimit(db: Db, key: string): Promise<void> {
  await repo.deleteKeySlots(db, key);
}

/** When the newest slot of a limit was taken within its window (for "wait n seconds" answers). */
export function newestSlot(db: Db, limit: Limit, now: Date): Promise<Date | null> {
  return repo.newestSlotSince(db, limit.key, new Date(now.getTime() - limit.windowMs));
}

/** Deletes the slots no window counts any more (every process may run it: it only deletes what is dead). */
export function sweepLimits(db: Db, now: Date): Promise<number> {
  return repo.deleteSlotsBefore(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
}
