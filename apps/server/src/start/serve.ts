import { buildApp } from '../app.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { Database } from '../db/client.ts';
import { startNotes, type StartNote } from './notes.ts';

/**
 * One server process: builds the app, listens, and on SIGTERM/SIGINT closes the app (its requests, streams and
 * timers end) and then the database. `notes` says whether this process tells what the start-up looks like.
 */
export async function serve(
  config: AppConfig,
  database: Database,
  notes: { tell: boolean; extra?: StartNote[] } = { tell: true },
): Promise<void> {
  const app = await buildApp(config, { database });
  let closing: Promise<void> | null = null;
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      await database.close();
      process.exit(0);
    })();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!notes.tell) return;
  for (const note of [...startNotes(config, app.deps, database.kind), ...(notes.extra ?? [])])
    app.log[note.level](note.fields, note.message);
}
