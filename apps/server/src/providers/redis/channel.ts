import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisChannelOptions {
  /** What this channel's log lines start with, such as 'tracking bus'. */
  name: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Every message heard on the channel, this process's own included, as Redis hands it (JSON text). */
  receive: (message: string) => void;
}

/**
 * One Redis pub/sub channel of JSON messages shared by the server processes (decision 012): a connection that
 * publishes and a second one that listens (a subscribed Redis connection can do nothing else). What a message
 * means, and what to do when one cannot be sent, is the user's: the tracking bus (modules/tracking/redis-bus.ts)
 * and the cache changes (caches/redis-changes.ts).
 */
export class RedisChannel<T> {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    url: string,
    private readonly channel: string,
    options: RedisChannelOptions,
  ) {
    const connection = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.publisher = new Redis(url, connection);
    this.subscriber = new Redis(url, connection);
    this.subscriber.on('message', (_channel: string, message: string) => options.receive(message));
    for (const c of [this.publisher, this.subscriber])
      c.on('error', (err: unknown) => options.log.warn({ err }, `${options.name}: redis connection error`));
  }

  /** Opens both connections and starts listening. */
  async connect(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    await this.subscriber.subscribe(this.channel);
  }

  /** Sends `message` as JSON without waiting; `failed` is called when Redis does not take it. */
  publish(message: T, failed: (err: unknown) => void): void {
    this.publisher.publish(this.channel, JSON.stringify(message)).catch(failed);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
