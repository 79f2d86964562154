import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { WidgetPlacement } from '@crust/domain/content';
import type { Db } from '../../db/client.ts';
import { infoPages, widgets } from '../../db/schema.ts';

export type WidgetRow = typeof widgets.$inferSelect;
export type InfoPageRow = typeof infoPages.$inferSelect;

/** What an admin writes of a widget (everything but its id, order, version and audit columns). */
export type WidgetFields = Pick<
  WidgetRow,
  | 'placement'
  | 'kind'
  | 'title'
  | 'subtitle'
  | 'body'
  | 'image'
  | 'startsAt'
  | 'endsAt'
  | 'deliveryTypes'
  | 'lang'
  | 'platform'
  | 'page'
  | 'site'
>;

/** A placement's widgets that are not retired, in order (customers' reads filter the rest in the domain). */
export function activeWidgets(db: Db, placement: WidgetPlacement): Promise<WidgetRow[]> {
  return db
    .select()
    .from(widgets)
    .where(and(eq(widgets.placement, placement), isNull(widgets.retiredAt)))
    .orderBy(asc(widgets.position), asc(widgets.id));
}

export function allWidgets(db: Db): Promise<WidgetRow[]> {
  return db.select().from(widgets).orderBy(asc(widgets.placement), asc(widgets.position), asc(widgets.id));
}

export async function findWidget(db: Db, id: string): Promise<WidgetRow | undefined> {
  const [row] = await db.select().from(widgets).where(eq(widgets.id, id)).limit(1);
  return row;
}

/** A new widget goes last in its placement. */
export async function insertWidget(
  db: Db,
  id: string,
  fields: WidgetFields,
  by: string,
  at: Date,
): Promise<WidgetRow> {
  const [row] = await db
    .insert(widgets)
    .values({
      id,
      ...fields,
      position: sql`(select coalesce(max(${widgets.position}), -1) + 1 from ${widgets} where ${widgets.placement} = ${fields.placement})`,
      createdBy: by,
      createdAt: at,
      updatedBy: by,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/**
 * The edit, only if the widget is still at `version` (it bumps); undefined when it is not (or is gone).
 * Position is not written here: a reorder racing an edit keeps both.
 */
export async function updateWidget(
  db: Db,
  id: string,
  version: number,
  fields: Partial<WidgetFields> & { retiredAt?: Date | null },
  by: string,
  at: Date,
): Promise<WidgetRow | undefined> {
  const [row] = await db
    .update(widgets)
    .set({ ...fields, version: sql`${widgets.version} + 1`, updatedBy: by, updatedAt: at })
    .where(and(eq(widgets.id, id), eq(widgets.version, version)))
    .returning();
  return row;
}

/**
 * Sets the order of a placement's widgets in one transaction, if `ids` are exactly its widgets that are not
 * retired (locked while compared); false when they are not (one was added or retired meanwhile).
 */
export async function reorderWidgets(
  db: Db,
  placement: WidgetPlacement,
  ids: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: widgets.id })
      .from(widgets)
      .where(and(eq(widgets.placement, placement), isNull(widgets.retiredAt)))
      .for('update');
    const known = new Set(current.map((r) => r.id));
    if (known.size !== ids.length || ids.some((id) => !known.has(id))) return false;
    for (const [position, id] of ids.entries())
      await tx.update(widgets).set({ position }).where(eq(widgets.id, id));
    return true;
  });
}

export function listInfoPages(db: Db): Promise<InfoPageRow[]> {
  return db.select().from(infoPages).orderBy(asc(infoPages.slug));
}

export async function findInfoPage(db: Db, slug: string): Promise<InfoPageRow | undefined> {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.slug, slug)).limit(1);
  return row;
}

/** A new page; undefined when the slug is taken. */
export async function insertInfoPage(
  db: Db,
  page: { slug: string; title: string; body: string },
  by: string,
  at: Date,
): Promise<InfoPageRow | undefined> {
  const [row] = await db
    .insert(infoPages)
    .values({ ...page, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateInfoPage(
  db: Db,
  slug: string,
  version: number,
  page: { title: string; body: string },
  by: string,
  at: Date,
): Promise<InfoPageRow | undefined> {
  const [row] = await db
    .update(infoPages)
    .set({ ...page, version: sql`${infoPages.version} + 1`, updatedBy: by, updatedAt: at })
    .where(and(eq(infoPages.slug, slug), eq(infoPages.version, version)))
    .returning();
  return row;
}
