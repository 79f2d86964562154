import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/index.ts';
import { rebuildSnapshots } from './modules/menu/service.ts';
import { buildApp } from './app.ts';

/** npm start: migrate, seed (idempotent), precompute menus, serve API and PWA on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: err.message })),
  });
  if (config.seedOnStart) {
    const { applied } = await seedDemoData(database.db);
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
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    },
    'Crust is serving',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
