import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appConfig } from '../../db/schema.ts';

export async function readConfigValue(db: Db, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, key))
    .limit(1);
  return rows[0]?.value;
}

/**
 * Sets fields of the stored remote config (the row `remote`), keeping the others: a jsonb merge in one statement,
 * so two switches changed at once both stay. Answers the row's value before.
 */
export async function mergeRemoteFields(db: Db, fields: Record<string, unknown>): Promise<unknown> {
  const before = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, 'remote'))
    .for('update');
  await db
    .insert(appConfig)
    .values({ key: 'remote', value: fields })
    .onConflictDoUpdate({
      target: appConfig.key,
      set: { value: sql`${appConfig.value} || ${JSON.stringify(fields)}::jsonb` },
    });
  return before[0]?.value ?? {};
}
