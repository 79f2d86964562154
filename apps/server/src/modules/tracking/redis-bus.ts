import type { FastifyBaseLogger } from 'fastify';
import type { RedisPlace } from '../../config/app-config.ts';
import { RedisChannel } from '../../providers/redis/channel.ts';
import { InProcessBus, type OrderChange, type TrackingBus } from './bus.ts';

/** One channel for every order change of the chain; each process hands what it hears to its own watchers. */
/** The channel's name after the installation's key prefix. */
const CHANGES_CHANNEL = 'order-changes';

/**
 * Order changes shared between server processes through Redis pub/sub (ARCHITECTURE.md: live tracking fan-out
 * with REDIS_URL). A change is published to Redis only; every process, this one included, delivers it to its
 * watchers when Redis hands it back. If Redis cannot take a change, it is delivered here at once and the other
 * processes' watchers catch up by polling (decision 011).
 */
export class RedisBus implements TrackingBus {
  private readonly local = new InProcessBus();
  private readonly channel: RedisChannel<OrderChange>;

  private constructor(
    place: RedisPlace,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.channel = new RedisChannel(place.url, `${place.keyPrefix}${CHANGES_CHANNEL}`, {
      name: 'tracking bus',
      log,
      receive: (message) => this.receive(message),
    });
  }

  static async connect(place: RedisPlace, log: Pick<FastifyBaseLogger, 'warn'>): Promise<RedisBus> {
    const bus = new RedisBus(place, log);
    await bus.channel.connect();
    return bus;
  }

  publish(change: OrderChange): void {
    this.channel.publish(change, (err: unknown) => {
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
    await this.channel.close();
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
