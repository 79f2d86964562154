// BENCH_SMOKE=1: a bench's smallest run that still goes through each of its code paths (every scenario and step
// once, tiny rates, a second or so each), so `npm test` (npm run bench:smoke) fails when a change breaks a bench.
// Its figures mean nothing.
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A bench's setting: its variable when set, else the smoke run's value under BENCH_SMOKE=1, else the full run's. */
export const setting = (name, full, smoke = full) => process.env[name] ?? (SMOKE ? smoke : full);

/**
 * The PostgreSQL server a bench makes its scratch databases on: BENCH_DATABASE_URL, else DATABASE_URL (CI sets
 * it), else this machine's test server. A smoke run names none of its own: without either variable it skips
 * its PostgreSQL part (null), and says so.
 */
export function postgresBase(bench) {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (url) return url;
  if (!SMOKE) return 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`${bench}: PostgreSQL part skipped (neither DATABASE_URL nor BENCH_DATABASE_URL is set)`);
  return null;
}

/**
 * In a smoke run a failed request is a broken bench, not a figure (its rates are far below any limit): the bench
 * exits non-zero, after its tables.
 */
export function failuresBreakSmoke(bench, failures) {
  if (!SMOKE || failures === 0) return;
  console.error(`${bench}: ${failures} failed in a smoke run`);
  process.exitCode = 1;
}
