import cluster from 'node:cluster';
import { ConfigError } from './config/app-config.ts';
import { processNotes } from './start/notes.ts';
import { openPrepared, prepareDatabase } from './start/prepare.ts';
import { runWorkers, WORKER_ENV } from './start/primary.ts';
import { serve } from './start/serve.ts';

/**
 * npm start: migrate, seed (idempotent), precompute menus, then serve API and PWA on one port; on PostgreSQL
 * from WORKERS processes (one per core by default) sharing that port, on PGlite from this one.
 */
async function main(): Promise<void> {
  if (cluster.isWorker) {
    const { config, database } = await openPrepared(process.env);
    const tell = process.env[WORKER_ENV.startNotes] === '1';
    await serve(config, database, { tell, extra: processNotes(config, database.kind) });
    return;
  }
  const { config, database } = await prepareDatabase(process.env);
  // PGlite is one process's embedded database: nobody else may open its folder
  const processes = database.kind === 'postgres' ? config.workers : 1;
  if (processes === 1) {
    await serve(config, database, { tell: true, extra: processNotes(config, database.kind) });
    return;
  }
  await database.close();
  runWorkers(processes);
}

main().catch((err: unknown) => {
  // a bad environment is the operator's to fix: the list of variables, not a stack trace
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
