import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { experiments } from '../../db/schema.ts';

export type ExperimentRow = typeof experiments.$inferSelect;
export type NewExperimentRow = typeof experiments.$inferInsert;

export function listExperiments(db: Db): Promise<ExperimentRow[]> {
  return db.select().from(experiments).orderBy(asc(experiments.name));
}

/** Writes the rows whose names are missing; an existing row (the chain's) is left as it is. */
export async function insertMissing(db: Db, rows: readonly NewExperimentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(experiments)
    .values([...rows])
    .onConflictDoNothing({ target: experiments.name });
}

/** The row, locked for the rest of the transaction (of two switches at once, the second reads the first's). */
export async function lockExperiment(db: Db, name: string): Promise<ExperimentRow | undefined> {
  const [row] = await db.select().from(experiments).where(eq(experiments.name, name)).for('update');
  return row;
}

export async function updateExperiment(
  db: Db,
  name: string,
  set: Pick<NewExperimentRow, 'enabled' | 'startsAt' | 'stopsAt' | 'updatedAt'>,
): Promise<ExperimentRow> {
  const [row] = await db.update(experiments).set(set).where(eq(experiments.name, name)).returning();
  if (!row) throw new Error(`experiment ${name} vanished inside its transaction`);
  return row;
}
