import { eq } from 'drizzle-orm';
import { newVapidKeys, type VapidKeys } from '../config/push.ts';
import { newSecret } from '../config/secrets.ts';
import type { Db } from './client.ts';
import { instanceSecrets } from './schema.ts';

/**
 * The installation's own secret `name`, made on first use (docs/security.md "Secrets and defaults"). It lives in
 * the database, so with PGlite it is in the data folder and with PostgreSQL every process shares it; two
 * processes starting together both read the one that was written first.
 */
export function installationSecret(db: Db, name: string): Promise<string> {
  return installationValue(db, name, newSecret());
}

/** The value kept under `name`: `made` if nobody kept one before, else the one kept first. */
export async function installationValue(db: Db, name: string, made: string): Promise<string> {
  await db.insert(instanceSecrets).values({ name, value: made }).onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`installation secret ${name} was not kept`);
  return row.value;
}

/**
 * The installation's own VAPID pair (outside production, when VAPID_* are unset), made on first use and kept like
 * its token key: browsers' subscriptions are bound to the public key, so it must outlive restarts.
 */
export async function installationVapidKeys(db: Db): Promise<VapidKeys> {
  const kept = JSON.parse(await installationValue(db, 'vapid', JSON.stringify(newVapidKeys()))) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}
