import { Redis } from 'ioredis';

/** The Redis the two-process tests share between their servers (decision 012). */
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Why two server processes cannot run here, or null when they can: they need PostgreSQL (the server-postgres project,
 * DATABASE_URL) and Redis at REDIS_URL.
 */
export async function twoProcessesUnavailable(): Promise<string | null> {
  if (process.env.TEST_DB !== 'postgres')
    return 'needs PostgreSQL (the server-postgres project, DATABASE_URL): PGlite is one process';
  return (await redisAnswers()) ? null : `needs Redis at ${REDIS_URL}`;
}
