import type { FastifyInstance } from 'fastify';
import type { RedisPlace } from '../config/app-config.ts';
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
  place: RedisPlace | null,
): Promise<{ redis?: Redis; skipOnError?: boolean; nameSpace?: string; store?: typeof ProcessRateStore }> {
  if (!place) return { store: ProcessRateStore };
  const redis = new Redis(place.url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (err: unknown) => app.log.warn({ err }, 'rate limits: redis connection error'));
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return { redis, skipOnError: true, nameSpace: `${place.keyPrefix}rate-limit:` };
}
