import type { FastifyBaseLogger } from 'fastify';
import type { RedisPlace } from '../config/app-config.ts';
import { RedisChannel } from '../providers/redis/channel.ts';
import { CacheChangeSchema, InProcessCacheChanges, type CacheChange, type CacheChanges } from './changes.ts';

/** The channel's name after the installation's key prefix. */
const CACHE_CHANGES_CHANNEL = 'cache-changes';

/**
 * Cache changes shared between server processes through Redis pub/sub, like the tracking bus
 * (modules/tracking/redis-bus.ts). A lost message costs staleness only until the cache's own time-to-live
 * (15–30 s), never a wrong price at checkout, which reads the database.
 */
export class RedisCacheChanges implements CacheChanges {
  private readonly local = new InProcessCacheChanges();
  private readonly channel: RedisChannel<CacheChange>;

  private constructor(
    place: RedisPlace,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.channel = new RedisChannel(place.url, `${place.keyPrefix}${CACHE_CHANGES_CHANNEL}`, {
      name: 'cache changes',
      log,
      receive: (message) => this.receive(message),
    });
  }

  static async connect(place: RedisPlace, log: Pick<FastifyBaseLogger, 'warn'>): Promise<RedisCacheChanges> {
    const changes = new RedisCacheChanges(place, log);
    await changes.channel.connect();
    return changes;
  }

  publish(change: CacheChange): void {
    this.channel.publish(change, (err: unknown) => {
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
    await this.channel.close();
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
