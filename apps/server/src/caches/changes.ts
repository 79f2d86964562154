import { EventEmitter } from 'node:events';
import { z } from 'zod';

/**
 * A cached copy that is now stale, told to every server process so each drops its own (decision 012): a
 * store's menu after a stock or price change, the store list after a store went online or offline, the coupons
 * and deals after the back office changed one, a token family after a logout. Only the fact is carried; each process reads the database again.
 */
export const CacheChangeSchema = z.discriminatedUnion('cache', [
  z.object({ cache: z.literal('menu'), storeId: z.number().int() }),
  z.object({ cache: z.literal('paymentOptions'), storeId: z.number().int() }),
  z.object({ cache: z.literal('stores') }),
  z.object({ cache: z.literal('offers') }),
  z.object({ cache: z.literal('family'), familyId: z.string().min(1).max(100) }),
]);
export type CacheChange = z.infer<typeof CacheChangeSchema>;

export interface CacheChanges {
  publish(change: CacheChange): void;
  /** Calls `listener` for every change, this process's own included, until the returned function is called. */
  subscribe(listener: (change: CacheChange) => void): () => void;
  close(): Promise<void>;
}

/** One process: the change is already applied where it was made; nobody else needs telling. */
export class InProcessCacheChanges implements CacheChanges {
  private readonly emitter = new EventEmitter();

  publish(change: CacheChange): void {
    this.emitter.emit('change', change);
  }

  subscribe(listener: (change: CacheChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
