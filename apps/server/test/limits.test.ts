import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';
import {
  LONGEST_WINDOW_MS,
  clearLimit,
  giveBack,
  slotsUsed,
  sweepLimits,
  takeSlot,
  takeSlots,
  type Limit,
} from '../src/http/limits.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await freshDatabase();
  db = t.database.db;
});
afterAll(() => t.drop());

const HOUR = 3_600_000;
const limitOf = (max: number, windowMs = HOUR): Limit => ({
  key: `test|${randomBytes(6).toString('hex')}`,
  max,
  windowMs,
});
const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, 0) + ms);

describe('takeSlots', () => {
  it('lets exactly max of 60 parallel takers through, and refuses the rest with when a slot frees', async () => {
    const limit = limitOf(5);
    const takes = await Promise.all(Array.from({ length: 60 }, () => takeSlot(db, limit, at(0))));
    expect(takes.filter((x) => x.ok)).toHaveLength(5);
    const refused = takes.filter((x) => !x.ok);
    expect(refused).toHaveLength(55);
    for (const r of refused) if (!r.ok) expect(r.retryAfterSec).toBe(3600);
    expect(await slotsUsed(db, limit, at(0))).toBe(5);
  });

  it('slides: a slot frees when its oldest taking leaves the window', async () => {
    const limit = limitOf(2, 60_000);
    expect((await takeSlot(db, limit, at(0))).ok).toBe(true);
    expect((await takeSlot(db, limit, at(30_000))).ok).toBe(true);
    const full = await takeSlot(db, limit, at(45_000));
    expect(full).toEqual({ ok: false, limit, retryAfterSec: 15 });
    expect((await takeSlot(db, limit, at(60_001))).ok).toBe(true);
    expect((await takeSlot(db, limit, at(60_002))).ok).toBe(false);
  });

  it('takes one slot of every limit or none', async () => {
    const roomy = limitOf(10);
    const tight = limitOf(1);
    expect((await takeSlots(db, [roomy, tight], at(0))).ok).toBe(true);
    const second = await takeSlots(db, [roomy, tight], at(1000));
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.limit.key).toBe(tight.key);
    expect(await slotsUsed(db, roomy, at(1000))).toBe(1);
  });

  it('holds across overlapping keys taken in parallel in different orders', async () => {
    const a = limitOf(3);
    const b = limitOf(3);
    const takes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => takeSlots(db, i % 2 ? [a, b] : [b, a], at(0))),
    );
    expect(takes.filter((x) => x.ok)).toHaveLength(3);
    expect(await slotsUsed(db, a, at(0))).toBe(3);
    expect(await slotsUsed(db, b, at(0))).toBe(3);
  });

  it('gives slots back, and clears a key', async () => {
    const limit = limitOf(1);
    const first = await takeSlot(db, limit, at(0));
    if (!first.ok) throw new Error('refused');
    await giveBack(db, first.slots);
    expect((await takeSlot(db, limit, at(1))).ok).toBe(true);
    await clearLimit(db, limit.key);
    expect(await slotsUsed(db, limit, at(2))).toBe(0);
  });
});

describe('sweepLimits', () => {
  it('deletes the slots no window counts any more, of every key, and keeps the rest counting', async () => {
    const old = limitOf(3);
    const live = limitOf(3);
    const base = 10 * HOUR;
    for (const ms of [0, 1000, 2000]) expect((await takeSlot(db, old, at(base + ms))).ok).toBe(true);
    expect((await takeSlot(db, live, at(base + HOUR))).ok).toBe(true);
    const swept = await sweepLimits(db, at(base + HOUR + 1500));
    expect(swept).toBeGreaterThanOrEqual(2);
    // the old key's two slots beyond the longest window went; its third and the live key's stay
    expect(await slotsUsed(db, old, at(base + HOUR + 1500))).toBe(1);
    expect(await slotsUsed(db, live, at(base + HOUR + 1500))).toBe(1);
    const res = await db.execute(sql`select count(*)::int as n from limit_slots where key = ${old.key}`);
    const n = (res as { rows: { n: number }[] }).rows[0]!.n;
    expect(n).toBe(1);
  });

  it('sweeps running in parallel with 30 takers (as every process sweeps) still let exactly max through', async () => {
    const limit = limitOf(4);
    const now = at(20 * HOUR);
    const results = await Promise.all([
      ...Array.from({ length: 30 }, () => takeSlot(db, limit, now)),
      ...Array.from({ length: 3 }, () => sweepLimits(db, now)),
    ]);
    expect(results.filter((r) => typeof r === 'object' && r.ok)).toHaveLength(4);
    expect(await slotsUsed(db, limit, now)).toBe(4);
  });

  it('refuses a limit whose window is longer than the sweep keeps', async () => {
    await expect(takeSlot(db, limitOf(1, LONGEST_WINDOW_MS + 1), at(0))).rejects.toThrow(/LONGEST_WINDOW_MS/);
  });
});
