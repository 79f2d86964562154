import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxRailDelays, sandboxRailModes, sandboxRailPnrs } from '../../db/schema.ts';

/** When the sandbox first answered a demo PNR: set once (the first of two racing calls wins), then read. */
export async function anchorOf(db: Db, pnr: string, now: Date): Promise<Date> {
  await db.insert(sandboxRailPnrs).values({ pnr, anchoredAt: now }).onConflictDoNothing();
  const row = (
    await db
      .select({ anchoredAt: sandboxRailPnrs.anchoredAt })
      .from(sandboxRailPnrs)
      .where(eq(sandboxRailPnrs.pnr, pnr))
      .limit(1)
  )[0];
  if (!row) throw new Error('the sandbox PNR anchor vanished between its insert and its read');
  return row.anchoredAt;
}

/** The delays switched on a train, in the order they were set. */
export function delaysOf(db: Db, trainNo: string) {
  return db
    .select({ minutes: sandboxRailDelays.minutes, setAt: sandboxRailDelays.setAt })
    .from(sandboxRailDelays)
    .where(eq(sandboxRailDelays.trainNo, trainNo))
    .orderBy(asc(sandboxRailDelays.id));
}

export async function addDelay(db: Db, trainNo: string, minutes: number, at: Date): Promise<void> {
  await db.insert(sandboxRailDelays).values({ trainNo, minutes, setAt: at });
}

export type RailFailMode = 'error' | 'garbled';

/** The rail sandbox's test switches (modules/sandbox/rail-routes.ts): in the database, so every process sees them. */
export interface RailSandboxModes {
  fail: RailFailMode | null;
  slowSeconds: number;
}

export const DEFAULT_RAIL_MODES: Readonly<RailSandboxModes> = { fail: null, slowSeconds: 0 };

export async function readRailModes(db: Db): Promise<RailSandboxModes> {
  const row = (
    await db
      .select({ fail: sandboxRailModes.fail, slowSeconds: sandboxRailModes.slowSeconds })
      .from(sandboxRailModes)
      .where(eq(sandboxRailModes.id, 1))
      .limit(1)
  )[0];
  // the table's checks allow only these values
  return row
    ? { fail: row.fail as RailFailMode | null, slowSeconds: row.slowSeconds }
    : { ...DEFAULT_RAIL_MODES };
}

/** Changes the given modes in one statement, so two changes at once both land. */
export async function changeRailModes(
  db: Db,
  change: Partial<RailSandboxModes>,
  at: Date,
): Promise<RailSandboxModes> {
  await db
    .insert(sandboxRailModes)
    .values({ id: 1, ...DEFAULT_RAIL_MODES, ...change, updatedAt: at })
    .onConflictDoUpdate({ target: sandboxRailModes.id, set: { ...change, updatedAt: at } });
  return readRailModes(db);
}

/** Back to the start: demo times re-anchor at their next answer, no delays switched, normal answers. */
export async function resetRailSandbox(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sandboxRailPnrs);
    await tx.delete(sandboxRailDelays);
    await tx.delete(sandboxRailModes);
  });
}
