import type { AuditEvent, AuditQuery } from '@crust/contract/back-office';
import { AuditQuerySchema } from '@crust/contract/back-office';
import { reaches, type StaffReach } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import * as repo from './repo.ts';

/** IST is UTC+5:30: a day of the log runs from India's midnight. */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Who made a change, as the audit records them. */
export interface AuditActor {
  sub: string;
  name: string;
}

/** One change: what was done to which record, the store it concerns, and the record before and after. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  storeId: number | null;
  before: unknown;
  after: unknown;
}

/**
 * The back office's change log (issue 30 §6). Every module that changes what the chain runs on records here, in
 * the transaction of the change (`record(tx, …)`), so a change and its entry commit or fail together. Read back
 * newest first, filtered, and limited to the stores the reader reaches: a store manager sees their store's
 * entries, a chain admin every entry (also those of no store, such as a new regional manager).
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
    await repo.insertEvent(tx, {
      staffId: actor.sub,
      staffName: actor.name,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      storeId: entry.storeId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  async page(reach: StaffReach, input: AuditQuery): Promise<{ events: AuditEvent[]; next: number | null }> {
    const q = AuditQuerySchema.parse(input);
    if (q.storeId !== undefined && !reaches(reach, q.storeId)) return { events: [], next: null };
    if (q.from && q.to && q.to < q.from)
      throw httpError(400, 'BAD_RANGE', 'The end of the period must not be before its start.', {
        field: 'querystring.to',
      });
    const rows = await repo.listEvents(this.db, {
      entity: q.entity,
      entityId: q.entityId,
      staffId: q.staffId,
      stores: q.storeId !== undefined ? [q.storeId] : reach,
      from: q.from ? istDayStart(q.from) : undefined,
      until: q.to ? new Date(istDayStart(q.to).getTime() + DAY_MS - 1) : undefined,
      beforeId: q.before,
      limit: q.limit + 1,
    });
    const events = rows.slice(0, q.limit).map(eventOf);
    return { events, next: rows.length > q.limit ? (events.at(-1)?.id ?? null) : null };
  }
}

function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

function eventOf(r: repo.AuditRow): AuditEvent {
  return {
    id: r.id,
    at: r.at.toISOString(),
    staffId: r.staffId,
    staffName: r.staffName,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    storeId: r.storeId,
    before: r.before,
    after: r.after,
  };
}
