import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import { hmacHex } from './signatures.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, type WebhookEvent, type WebhookFormat } from './webhook.ts';
import { errorText } from '../../http/error-text.ts';

/** Sends one webhook; answers the HTTP status, or throws when nothing came back (refused, timed out). */
export type Deliver = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

const DELIVERY_TIMEOUT_MS = 10_000;

/** The real delivery: a POST with fetch, redirects not followed (a webhook URL must answer itself). */
export const fetchDeliver: Deliver = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return { status: res.status };
};

/** Attempts per webhook before the gateway gives up on it (about an hour of retries). */
export const MAX_WEBHOOK_ATTEMPTS = 15;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** How long a claimed webhook stays hidden from other drains: longer than a delivery may take. */
const LEASE_MS = 6 * DELIVERY_TIMEOUT_MS;
const BATCH = 50;

/** 1 s after the first failure, doubling, at most 5 minutes apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export interface DrainResult {
  delivered: number;
  failed: number;
}

/**
 * Delivers the webhooks the gateway wrote in its outbox: each due row is claimed, signed and posted; a
 * 2xx marks it delivered, anything else schedules a retry with backoff. At least once: a receiver must
 * drop duplicates by event id (the duplicate-webhooks mode makes sure it does).
 */
export class WebhookOutbox {
  constructor(
    private readonly db: Db,
    private readonly o: {
      /** other protocols' webhooks, by pg_orders.protocol (sandbox-gateway.ts WebhookFormat) */
      formats: Partial<Record<string, WebhookFormat>>;
      url: string;
      secret: string;
      deliver: Deliver;
      log: FastifyBaseLogger;
      random: () => number;
    },
  ) {}

  /** Rows for these events, `copies` of each; write them in the transaction that made the events. */
  rowsFor(
    events: WebhookEvent[],
    copies: number,
    now: Date,
    protocol: { name: string; body: (e: WebhookEvent) => string | null } | null = null,
  ) {
    return events.flatMap((e) => {
      const body = protocol ? protocol.body(e) : JSON.stringify(e);
      // a protocol that sends nothing for this event (PayU has no webhook for an authorisation)
      if (body === null) return [];
      return Array.from({ length: copies }, (_, copy) => ({
        eventId: e.id,
        copy,
        event: e.event,
        orderId: e.payload.payment.gatewayOrderId,
        body,
        ...(protocol ? { protocol: protocol.name } : {}),
        nextAttemptAt: now,
        createdAt: now,
      }));
    });
  }

  async drain(now: Date, shuffle: boolean): Promise<DrainResult> {
    const claimed = await repo.claimDueWebhooks(this.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    // UPDATE … RETURNING keeps no order: put the rows back in the order they were written
    const written = claimed.sort((a, b) => a.id - b.id);
    const rows = shuffle ? this.shuffled(written) : written;
    const result: DrainResult = { delivered: 0, failed: 0 };
    // one at a time, in the chosen order: the order of arrival is part of what the modes test
    for (const row of rows) {
      const problem = await this.deliverOne(row);
      if (problem === null) {
        await repo.markWebhookDelivered(this.db, row.id, new Date());
        result.delivered++;
        continue;
      }
      result.failed++;
      const giveUp = row.attempts >= MAX_WEBHOOK_ATTEMPTS;
      const next = giveUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts));
      await repo.markWebhookFailed(this.db, row.id, next, problem);
      const log = { eventId: row.eventId, event: row.event, attempts: row.attempts, problem };
      if (giveUp) this.o.log.warn(log, 'sandbox gateway gave up on a webhook');
      else this.o.log.debug(log, 'sandbox gateway webhook failed; will retry');
    }
    return result;
  }

  /**
   * Where a row goes and with which headers, by its order's protocol: the sandbox's own JSON with its signature
   * headers to PG_WEBHOOK_URL; another protocol's as its WebhookFormat says (Razorpay's, PayU's).
   */
  private deliveryOf(row: repo.OutboxRow): { url: string; headers: Record<string, string> } {
    const format = this.o.formats[row.protocol];
    if (format)
      return { url: `${this.o.url}${format.pathSuffix}`, headers: format.headers(row.body, row.eventId) };
    return {
      url: this.o.url,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: hmacHex(this.o.secret, row.body),
        [EVENT_ID_HEADER]: row.eventId,
      },
    };
  }

  /** null when delivered, else what went wrong. */
  private async deliverOne(row: repo.OutboxRow): Promise<string | null> {
    const { url, headers } = this.deliveryOf(row);
    try {
      const { status } = await this.o.deliver(url, row.body, headers);
      return status >= 200 && status < 300 ? null : `HTTP ${status}`;
    } catch (err) {
      return errorText(err);
    }
  }

  private shuffled<T>(items: T[]): T[] {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.o.random() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
}
