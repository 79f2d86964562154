import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { InProcessBus, type OrderChange, type TrackingBus } from './bus.ts';

/** One channel for every order change of the chain; each process hands what it hears to its own watchers. */
export const CHANGES_CHANNEL = 'crust:order-changes';

/**
 * Order changes shared between server processes through Redis pub/sub (ARCHITECTURE.md: live tracking fan-out
 * with REDIS_URL). A change is published to Redis only; every process, this one included, delivers it to its
 * watchers when Redis hands it back. If Redis cannot take a change, it is delivered here at once and the other
 * processes' watchers catch up by polling (decision 011).
 */
export class RedisBus implements TrackingBus {
  private readonly local = new InProcessBus();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  private constructor(
    url: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    for (const c of [this.publisher, this.subscriber])
      c.on('error', (err: unknown) => this.log.warn({ err }, 'tracking bus: redis connection error'));
  }

  static async connect(url: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<RedisBus> {
    const bus = new RedisBus(url, log);
    await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]);
    await bus.subscriber.subscribe(CHANGES_CHANNEL);
    return bus;
  }

  publish(change: OrderChange): void {
    this.publisher.publish(CHANGES_CHANNEL, JSON.stringify(change)).catch((err: unknown) => {
      this.log.warn(
        { err, orderId: change.orderId },
        'tracking bus: redis publish failed; delivered here only',
      );
      this.local.publish(change);
    });
  }

  subscribe(topic: string, listener: (change: OrderChange) => void): () => void {
    return this.local.subscribe(topic, listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    await this.local.close();
  }

  private receive(message: string): void {
    try {
      const change = JSON.parse(message) as Partial<OrderChange>;
      if (typeof change.orderId === 'string' && typeof change.storeId === 'number')
        this.local.publish({ orderId: change.orderId, storeId: change.storeId, stage: change.stage ?? null });
    } catch (err) {
      this.log.warn({ err }, 'tracking bus: an unreadable message was ignored');
    }
  }
}
