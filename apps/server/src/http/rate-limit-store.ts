import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ProcessRateStore } from './process-rate-store.ts';

/**
 * Where @fastify/rate-limit counts (docs/decisions/012-many-processes.md): in Redis with REDIS_URL, so a
 * limit such as "new guest sessions per address per minute" holds across every server process, or in this
 * process without it (process-rate-store.ts). The Redis connection fails fast (a slow counter must not hold a request) and, when
 * Redis cannot answer, the request goes through: these limits blunt floods, while the limits that guard
 * secrets (OTP, passwords, PIN guesses, tracking lookups) are in the database (http/limits.ts) and hold
 * regardless.
 */
export async function rateLimitStore(
  app: FastifyInstance,
  redisUrl: string | null,
): Promise<{ redis?: Redis; skipOnError?: boolean; nameSpace?: string; store?: typeof ProcessRateStore }> {
  if (!redisUrl) return { store: ProcessRateStore };
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (err: unknown) => app.log.warn({ err }, 'rate limits: redis connection error'));
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return { redis, skipOnError: true, nameSpace: 'crust:rate-limit:' };
}
