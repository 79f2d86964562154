import { EventEmitter } from 'node:events';

/**
 * What changed about an order, told to whoever watches it: the customer's tracker (topic `order:<id>`) and the
 * store's queue (topic `store:<id>`). Only the fact is carried; watchers read the order again, so a lost or
 * repeated message never shows a wrong state.
 */
export interface OrderChange {
  orderId: string;
  storeId: number;
  stage: string | null;
}

export interface TrackingBus {
  publish(change: OrderChange): void;
  /** Calls `listener` for every change of the topic until the returned function is called. */
  subscribe(topic: string, listener: (change: OrderChange) => void): () => void;
  close(): Promise<void>;
}

export const orderTopic = (orderId: string) => `order:${orderId}`;
export const storeTopic = (storeId: number) => `store:${storeId}`;

/** One process: an EventEmitter. Many processes share changes through Redis (redis-bus.ts). */
export class InProcessBus implements TrackingBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // thousands of customers may watch at once; each is one listener on its own order's topic
    this.emitter.setMaxListeners(0);
  }

  publish(change: OrderChange): void {
    this.emitter.emit(orderTopic(change.orderId), change);
    this.emitter.emit(storeTopic(change.storeId), change);
  }

  subscribe(topic: string, listener: (change: OrderChange) => void): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  /** Listeners of one topic, or of all topics: what tests and benchmarks read to see nothing is left behind. */
  listenerCount(topic?: string): number {
    if (topic !== undefined) return this.emitter.listenerCount(topic);
    return this.emitter.eventNames().reduce((n, name) => n + this.emitter.listenerCount(name), 0);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
