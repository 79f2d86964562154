import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { openDatabase, type Database } from '../src/db/client.ts';
import { EVENT_CALLS_PER_CLIENT_PER_MINUTE } from '../src/modules/analytics/routes.ts';
import { scratchDatabase } from './helpers.ts';
import { REDIS_URL, twoProcessesUnavailable } from './two-process-support.ts';
import { freePort, startServer, type LiveServer } from './live-server.ts';

/**
 * Issue 33 §3: the user-activity limit per client holds across two server processes sharing one Redis (decision
 * 012), a burst split between them. In the PostgreSQL project, with Redis at REDIS_URL or 127.0.0.1:6379.
 */
const whyNot = await twoProcessesUnavailable();

let servers: LiveServer[] = [];
let database: Database | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (whyNot) return;
  const scratch = await scratchDatabase('crust_analytics');
  dropDatabase = scratch.drop;
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: `crust-test-${randomBytes(6).toString('hex')}:`,
    SESSION_SECRET: `analytics-${randomBytes(16).toString('hex')}`,
    SEED: 'true',
  };
  servers.push(await startServer(await freePort(), env));
  servers.push(await startServer(await freePort(), env));
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', migrate: false });
  await database.db.execute(
    sql`update app_config set value = value || '{"userActivityTracking": true}'::jsonb where key = 'remote'`,
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await database?.close();
  await dropDatabase();
});

describe.skipIf(whyNot !== null)(
  `user-activity limits across two processes${whyNot ? ` (skipped: ${whyNot})` : ''}`,
  () => {
    it('one client’s burst split between both gets exactly its calls a minute', async () => {
      const clientId = `two-process-client-${randomBytes(6).toString('hex')}`;
      const body = JSON.stringify({
        data: [
          {
            platform: 'PWA',
            timestamp: Date.now(),
            pageName: 'menu',
            action: 'page_view',
            actionType: 'VIEW',
          },
        ],
      });
      const extra = 8;
      const codes = await Promise.all(
        Array.from({ length: EVENT_CALLS_PER_CLIENT_PER_MINUTE + extra }, async (_, i) => {
          const res = await fetch(`${servers[i % 2]!.base}${API_PATHS.userActivity}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [HEADERS.gaClientId]: clientId },
            body,
          });
          return res.status;
        }),
      );
      expect(codes.filter((c) => c === 200)).toHaveLength(EVENT_CALLS_PER_CLIENT_PER_MINUTE);
      expect(codes.filter((c) => c === 429)).toHaveLength(extra);
      const stored: unknown = await database!.db.execute(
        sql`select count(*)::int as n from analytics_events where client_id = ${clientId}`,
      );
      expect((stored as { rows: { n: number }[] }).rows[0]!.n).toBe(EVENT_CALLS_PER_CLIENT_PER_MINUTE);
    });
  },
);
