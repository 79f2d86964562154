import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import type { DeliveryReport } from './repo.ts';

export type { DeliveryReport } from './repo.ts';

/**
 * Gupshup's delivery reports, as its GET query (`externalId`, `deliveredTS`, `status`, `cause`, `phoneNo`,
 * `errCode`, …) or its POST events (`externalId`, `eventType`, `eventTs`, `destAddr`, `cause`, `errCode`, …;
 * docs.gupshup.io "Real Time Delivery Reports"), read into one shape. Null when there is no message id or status.
 */
export function reportOf(fields: Record<string, unknown>, shape: 'query' | 'event'): DeliveryReport | null {
  const get = (name: string, max: number) => {
    const value = fields[name];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    return text === '' || text.length > max ? null : text;
  };
  const messageId = get('externalId', 100);
  const status = get(shape === 'query' ? 'status' : 'eventType', 30)?.toUpperCase() ?? null;
  if (!messageId || !/^[\w-]+$/.test(messageId) || !status || !/^[A-Z_]+$/.test(status)) return null;
  const phone = get(shape === 'query' ? 'phoneNo' : 'destAddr', 20);
  return {
    messageId,
    status,
    cause: get('cause', 100),
    errCode: get('errCode', 10),
    phoneLast4: phone && /^\+?\d{10,15}$/.test(phone) ? phone.slice(-4) : null,
    deliveredAt: timeOf(get(shape === 'query' ? 'deliveredTS' : 'eventTs', 40)),
  };
}

/** Epoch milliseconds (or seconds), or a date Date can read; null when unreadable. */
function timeOf(value: string | null): Date | null {
  if (value === null) return null;
  if (/^\d{9,13}$/.test(value)) return new Date(value.length <= 10 ? Number(value) * 1000 : Number(value));
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

/** Where delivery reports are kept (table sms_delivery_reports): the latest report of a message wins. */
export class DeliveryReports {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(reports: readonly DeliveryReport[], at: Date): Promise<void> {
    for (const r of reports) {
      await repo.upsertReport(this.db, r, at);
      const fields = { messageId: r.messageId, status: r.status, cause: r.cause, errCode: r.errCode };
      // a text that did not arrive is what an operator looks for: a warning, with the provider's cause
      if (r.status === 'DELIVERED') this.log.info(fields, 'SMS delivered');
      else
        this.log.warn({ ...fields, to: r.phoneLast4 ? `******${r.phoneLast4}` : null }, 'SMS not delivered');
    }
  }
}
