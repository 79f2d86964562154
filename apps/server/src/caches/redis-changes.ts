import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { CacheChangeSchema, InProcessCacheChanges, type CacheChange, type CacheChanges } from './changes.ts';

export const CACHE_CHANGES_CHANNEL = 'crust:cache-changes';

/**
 * Cache changes shared between server processes through Redis pub/sub, like the tracking bus
 * (modules/tracking/redis-bus.ts). A lost message costs staleness only until the cache's own time-to-live
 * (15–30 s), never a wrong price at checkout, which reads the database.
 */
export class RedisCacheChanges implements CacheChanges {
  private readonly local = new InProcessCacheChanges();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    for (const c of [publisher, subscriber])
      c.on('error', (err: unknown) => this.log.warn({ err }, 'cache changes: redis connection error'));
  }

  static async connect(url: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<RedisCacheChanges> {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
    const changes = new RedisCacheChanges(new Redis(url, options), new Redis(url, options), log);
    await Promise.all([changes.publisher.connect(), changes.subscriber.connect()]);
    await changes.subscriber.subscribe(CACHE_CHANGES_CHANNEL);
    return changes;
  }

  publish(change: CacheChange): void {
    this.publisher.publish(CACHE_CHANGES_CHANNEL, JSON.stringify(change)).catch((err: unknown) => {
      this.log.warn(
        { err, change },
        'cache changes: redis publish failed; other processes catch up on expiry',
      );
    });
  }

  subscribe(listener: (change: CacheChange) => void): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    await this.local.close();
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      parsed = undefined;
    }
    const change = CacheChangeSchema.safeParse(parsed);
    if (change.success) this.local.publish(change.data);
    else
      this.log.warn({ message: message.slice(0, 200) }, 'cache changes: an unreadable message was ignored');
  }
}
