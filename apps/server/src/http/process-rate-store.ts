import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/** Keys kept per route at most: the oldest window is forgotten first (as the plugin's own store keeps 5,000). */
const KEYS_KEPT = 5_000;

interface Window {
  count: number;
  startedMs: number;
}

/**
 * @fastify/rate-limit's count in this process, when there is no Redis. The plugin's own in-process store answers
 * every caller with the one object it keeps per key, and the plugin reads it a tick later: a burst arriving
 * together all read the burst's final count, so 35 parallel calls against a limit of 30 were all refused (issue
 * 28 §9). This store answers each call with its own count, so exactly the calls over the limit are refused.
 * A fixed window per key, like the plugin's default; no continueExceeding or backoff (Crust sets neither).
 */
export class ProcessRateStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.startedMs + timeWindow <= now) {
      w = { count: 0, startedMs: now };
      this.windows.delete(key);
      if (this.windows.size >= KEYS_KEPT) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      this.windows.set(key, w);
    }
    w.count += 1;
    callback(null, { current: w.count, ttl: w.startedMs + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return new ProcessRateStore();
  }
}
