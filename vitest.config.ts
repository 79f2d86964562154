import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, every suite: domain and contract (pure), server on PGlite, server again on PostgreSQL when
 * DATABASE_URL is set, and the web app's component tests in jsdom.
 */
const serverOnPg = process.env.DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/seed-data.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores − 1: one worker on a 2-core machine); the server suites wait on
    // the database as much as they compute, so one worker per core halves the run (docs/performance.md)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...serverOnPg,
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          // a screen test waits for lazy chunks and real back-offs; on a busy CI machine 5 s is not enough
          testTimeout: 30_000,
        },
      },
    ],
  },
});
