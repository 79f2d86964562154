import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderChange } from '../src/modules/tracking/bus.ts';
import { orderTopic, storeTopic } from '../src/modules/tracking/bus.ts';
import { RedisBus } from '../src/modules/tracking/redis-bus.ts';

// Redis runs beside PostgreSQL on every machine this project is built on (README: Requirements)
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const log = { warn: () => {} };
// this run's own part of the Redis, as an installation's REDIS_KEY_PREFIX makes it: runs at once do not cross
const place = { url: REDIS_URL, keyPrefix: `crust-test-${randomBytes(6).toString('hex')}:` };

let a: RedisBus;
let b: RedisBus;
beforeAll(async () => {
  [a, b] = await Promise.all([RedisBus.connect(place, log), RedisBus.connect(place, log)]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const next = (bus: RedisBus, topic: string) =>
  new Promise<OrderChange>((resolve, reject) => {
    // a hang guard: a busy machine may take seconds to pass a message on
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic}`)), 60_000);
    const off = bus.subscribe(topic, (change) => {
      clearTimeout(timer);
      off();
      resolve(change);
    });
  });

describe('the Redis tracking bus (two server processes)', () => {
  it("a change published by one process reaches the other's order and store watchers, and its own", async () => {
    const orderId = `O${Date.now().toString(16).toUpperCase().padStart(20, '0')}`;
    const change = { orderId, storeId: 1001, stage: 'BEING_BAKED' };
    const heard = Promise.all([
      next(b, orderTopic(orderId)),
      next(b, storeTopic(1001)),
      next(a, orderTopic(orderId)),
    ]);
    a.publish(change);
    expect(await heard).toEqual([change, change, change]);
  });

  it('a watcher that unsubscribed hears nothing more', async () => {
    const orderId = `O${(Date.now() + 1).toString(16).toUpperCase().padStart(20, '0')}`;
    const seen: OrderChange[] = [];
    const off = b.subscribe(orderTopic(orderId), (c) => seen.push(c));
    off();
    const later = next(b, orderTopic(orderId));
    a.publish({ orderId, storeId: 1001, stage: 'DISPATCHED' });
    await later;
    expect(seen).toEqual([]);
  });

  it('an installation with another key prefix hears nothing of these changes', async () => {
    const other = await RedisBus.connect({ url: REDIS_URL, keyPrefix: `${place.keyPrefix}other:` }, log);
    try {
      const orderId = `O${(Date.now() + 2).toString(16).toUpperCase().padStart(20, '0')}`;
      const overheard: OrderChange[] = [];
      other.subscribe(orderTopic(orderId), (c) => overheard.push(c));
      const heard = next(b, orderTopic(orderId));
      a.publish({ orderId, storeId: 1001, stage: 'DISPATCHED' });
      await heard;
      // what the other installation would hear, it would hear by the time this one has: it then publishes its own
      const own = next(other, orderTopic(orderId));
      other.publish({ orderId, storeId: 1001, stage: 'DELIVERED' });
      await own;
      expect(overheard).toEqual([{ orderId, storeId: 1001, stage: 'DELIVERED' }]);
    } finally {
      await other.close();
    }
  });
});
