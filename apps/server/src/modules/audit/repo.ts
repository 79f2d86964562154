import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

export async function insertEvent(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditEvents).values(row);
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  staffId?: string;
  /** only these stores' events ('chain': every event, also those of no store) */
  stores: readonly number[] | 'chain';
  from?: Date;
  until?: Date;
  beforeId?: number;
  limit: number;
}

/** Newest first, by id (the order they were written in). */
export function listEvents(db: Db, f: AuditFilter): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (f.entity) where.push(eq(auditEvents.entity, f.entity));
  if (f.entityId) where.push(eq(auditEvents.entityId, f.entityId));
  if (f.staffId) where.push(eq(auditEvents.staffId, f.staffId));
  if (f.stores !== 'chain')
    where.push(inArray(auditEvents.storeId, f.stores.length > 0 ? [...f.stores] : [-1]));
  if (f.from) where.push(gte(auditEvents.at, f.from));
  if (f.until) where.push(lte(auditEvents.at, f.until));
  if (f.beforeId) where.push(lt(auditEvents.id, f.beforeId));
  return db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.id))
    .limit(f.limit);
}
