import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run, every suite: domain and contract (pure), server on PGlite, server again on PostgreSQL when
 * DATABASE_URL is set, and the web app's component tests in jsdom.
 *
 * The server suites share their worker's module graph (`isolate: false`): each file builds its own app on its own
 * database, and importing the server and starting PGlite once per worker instead of once per file halves the run
 * (docs/performance.md "The test suite"). Files that replace a module with vi.mock run isolated.
 */
const MOCKS_MODULES = ['test/auth-limits.test.ts', 'test/tracking-privacy.test.ts'];
/**
 * What does not depend on the database engine (HTTP and process behaviour, configuration, pure checks) runs on
 * PGlite only: PostgreSQL would run the same code against the same SQL engine a second time.
 */
const ENGINE_INDEPENDENT = [
  'test/seed-data.test.ts',
  'test/config-env.test.ts',
  'test/config-errors.test.ts',
  'test/restart-delay.test.ts',
  'test/oidc.test.ts',
  'test/redis-bus.test.ts',
  'test/static.test.ts',
  'test/load-shedding.test.ts',
  'test/trust-proxy.test.ts',
  'test/cache-control.test.ts',
  'test/malformed-input.test.ts',
  'test/log-masking.test.ts',
  'test/import-cycles.test.ts',
  'test/config-sms.test.ts',
  'test/sms-templates.test.ts',
  'test/sms-gupshup-adapter.test.ts',
  'test/razorpay-adapter.test.ts',
  'test/payu-adapter.test.ts',
  'test/config-rail.test.ts',
  'test/rail-adapter.test.ts',
  'test/rate-limit-answers.test.ts',
  'test/security-headers.test.ts',
  // the confirm's rules, table by table (orders/confirm/)
  'test/confirm-order-checks.test.ts',
  'test/confirm-payment-rules.test.ts',
  // two servers of its own, each on its own PGlite folder
  'test/production-mode.test.ts',
];

/**
 * Many server processes share only PostgreSQL (PGlite is one process's): the PostgreSQL project alone runs it, so
 * once per run with DATABASE_URL (CI); without it the PGlite project shows it skipped, with the reason.
 */
const POSTGRES_ONLY = ['test/two-processes.test.ts', 'test/database-sweep.test.ts'];

function serverProjects(db: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const exclude = db === 'postgres' ? ENGINE_INDEPENDENT : process.env.DATABASE_URL ? POSTGRES_ONLY : [];
  const base = {
    root: 'apps/server',
    env: { TEST_DB: db },
    // hang guards, not budgets: a busy machine may take minutes to set a file up, and waiting longer never
    // hides a failure (docs/performance.md "Test suite time")
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // the migrated and the seeded database each file gets a copy of, built once per run
    globalSetup: ['test/database-templates-setup.ts'],
  };
  return [
    {
      extends: true,
      test: {
        ...base,
        name: `server-${db}`,
        include: ['test/**/*.test.ts'],
        exclude: [...exclude, ...MOCKS_MODULES],
        isolate: false,
      },
    },
    {
      extends: true,
      test: { ...base, name: `server-${db}-mocks`, include: MOCKS_MODULES },
    },
  ];
}

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores − 1: one worker on a 2-core machine); the server suites wait on
    // the database as much as they compute, so one worker per core halves the run (docs/performance.md)
    maxWorkers: Math.max(2, availableParallelism()),
    // expect.poll's own default (1 s) is a budget a busy machine exceeds; polling longer hides no failure
    expect: { poll: { timeout: 60_000 } },
    projects: [
      // the property tests run thousands of cases: a busy machine takes longer than 5 s (a hang guard, not a budget)
      {
        extends: true,
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      ...serverProjects('pglite'),
      ...(process.env.DATABASE_URL ? serverProjects('postgres') : []),
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          // a screen test waits for lazy chunks and real back-offs; on a busy machine 5 s is not enough (a hang guard)
          testTimeout: 120_000,
        },
      },
    ],
  },
});
