import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { installationSecret } from './db/instance-secrets.ts';
import { seedDemoData } from './db/seed/index.ts';
import { rebuildSnapshots } from './modules/menu/service.ts';
import { buildApp } from './app.ts';
import { startNotes } from './start-notes.ts';

/** npm start: migrate, seed (idempotent), precompute menus, serve API and PWA on one port. */
async function main(): Promise<void> {
  const env = process.env;
  const first = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: first.databaseUrl,
    dataDir: first.dataDir,
    onIdleError: (err) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: err.message })),
  });
  // without SESSION_SECRET (never in production) tokens are signed with a key this installation made for itself
  const config = env.SESSION_SECRET
    ? first
    : loadConfig(env, await installationSecret(database.db, 'session'));
  if (config.seedOnStart) {
    const { applied } = await seedDemoData(database.db, { production: config.nodeEnv === 'production' });
    if (applied) await rebuildSnapshots(database.db);
  }
  const app = await buildApp(config, { database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  for (const note of startNotes(config, app.deps, database.kind))
    app.log[note.level](note.fields, note.message);
}

main().catch((err: unknown) => {
  // a bad environment is the operator's to fix: the list of variables, not a stack trace
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
