import { loadConfig, type AppConfig } from '../config/app-config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { installationSecret, installationVapidKeys } from '../db/instance-secrets.ts';
import { seedDemoData } from '../db/seed/index.ts';
import { retireDemoDataAlone } from '../db/seed/retire-demo.ts';
import { rebuildSnapshots } from '../modules/menu/service.ts';
import { logLine } from './log-line.ts';

const onIdleError = (err: Error) => logLine('error', 'idle database connection failed', { err: err.message });

/** The database and the config with its token key: SESSION_SECRET, else the one the installation keeps. */
async function openWithKey(
  env: NodeJS.ProcessEnv,
  migrate: boolean,
): Promise<{ config: AppConfig; database: Database }> {
  const first = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: first.databaseUrl,
    dataDir: first.dataDir,
    poolMax: first.databasePoolMax,
    onIdleError,
    migrate,
  });
  // without SESSION_SECRET (never in production) tokens are signed with a key this installation made for itself,
  // and without VAPID keys (never in production either) push messages with a pair it made for itself
  const secret = env.SESSION_SECRET ? undefined : await installationSecret(database.db, 'session');
  const vapid = first.push.vapid ? undefined : await installationVapidKeys(database.db);
  const config = secret || vapid ? loadConfig(env, secret, vapid) : first;
  return { config, database };
}

/**
 * What happens once per start, before anything serves: migrations, the installation's key, the demo seed and
 * the menus precomputed from it. With many processes the primary does it alone, so workers never race the
 * migrations or each other's seed.
 */
export async function prepareDatabase(
  env: NodeJS.ProcessEnv,
): Promise<{ config: AppConfig; database: Database }> {
  const { config, database } = await openWithKey(env, true);
  if (config.seedOnStart) {
    const { applied } = await seedDemoData(database.db, { production: config.nodeEnv === 'production' });
    if (applied) await rebuildSnapshots(database.db);
  } else if (config.nodeEnv === 'production') {
    await retireDemoDataAlone(database.db);
  }
  return { config, database };
}

/** A worker's view of the database its primary prepared: no migrations, the key already kept. */
export function openPrepared(env: NodeJS.ProcessEnv): Promise<{ config: AppConfig; database: Database }> {
  return openWithKey(env, false);
}
