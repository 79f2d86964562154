import { randomBytes } from 'node:crypto';
import type {
  AdminInfoPage,
  AdminWidget,
  Alerts,
  InfoIndex,
  InfoPage,
  StaticWidget,
  WidgetContent,
  WidgetList,
  WidgetSummary,
} from '@crust/contract/content';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import {
  parseMarkup,
  pickStaticWidget,
  visibleWidgets,
  widgetState,
  type WidgetKind,
  type WidgetPlacement,
} from '@crust/domain/content';
import { isDeliveryType, type DeliveryType } from '@crust/domain/delivery-types';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import * as repo from './repo.ts';

export const CONTENT_TEXTS = {
  widgetNotFound: 'This is no longer available.',
  pageNotFound: "This page doesn't exist.",
  changed: 'Someone else changed this meanwhile. Reload to see their change, then edit again.',
  listChanged: 'The list changed meanwhile (a widget was added or retired). Reload and order it again.',
  slugTaken: 'A page with this name already exists.',
} as const;

/** What an admin sends of a widget (the contract's WidgetInputSchema, parsed). */
export interface WidgetFieldsInput {
  placement: WidgetPlacement;
  kind: WidgetKind;
  title: string;
  subtitle: string;
  body: string;
  image: string | null;
  startsAt: string | null;
  endsAt: string | null;
  deliveryTypes: DeliveryType[];
  lang: string | null;
  platform: string | null;
  page: string | null;
  site: string | null;
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The domain's view of a row: instants as epoch ms, the delivery types it targets. */
function targeted(row: repo.WidgetRow) {
  return {
    ...row,
    startsAt: ms(row.startsAt),
    endsAt: ms(row.endsAt),
    retiredAt: ms(row.retiredAt),
    deliveryTypes: row.deliveryTypes.filter(isDeliveryType),
  };
}

function summaryOf(row: repo.WidgetRow): WidgetSummary {
  return {
    id: row.id,
    placement: row.placement as WidgetPlacement,
    kind: row.kind as WidgetKind,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    links: [{ href: fillPath(API_PATHS.widget, { widgetId: row.id }), rel: 'content' }],
  };
}

/** The server parses every body it serves: customers receive a tree, never an admin's source. */
const contentOf = (row: repo.WidgetRow): WidgetContent => ({
  ...summaryOf(row),
  body: parseMarkup(row.body),
});

function fieldsOf(input: WidgetFieldsInput): repo.WidgetFields {
  return {
    ...input,
    startsAt: input.startsAt === null ? null : new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
  };
}

const newWidgetId = () => `w-${randomBytes(6).toString('hex')}`;

/**
 * Content: what customers see (only live widgets targeting their delivery type, in order, at the injected
 * clock's now) and what a chain admin edits (every widget, with optimistic concurrency on each edit).
 */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  // -- customers ---------------------------------------------------------------------------------------------

  async widgetList(placement: WidgetPlacement, deliveryType: DeliveryType): Promise<WidgetList> {
    return { widgets: (await this.visible(placement, deliveryType)).map(summaryOf) };
  }

  /** A widget's content while it is live (whatever the delivery type: a link once given keeps working). */
  async widget(id: string): Promise<WidgetContent> {
    const row = await repo.findWidget(this.db, id);
    if (!row || widgetState(targeted(row), this.clock()) !== 'live')
      throw httpError(404, 'WIDGET_NOT_FOUND', CONTENT_TEXTS.widgetNotFound);
    return contentOf(row);
  }

  async alerts(deliveryType: DeliveryType): Promise<Alerts> {
    return { alerts: (await this.visible('ALERT', deliveryType)).map(contentOf) };
  }

  async staticWidget(ask: {
    lang: string;
    platform: string;
    page: string;
    site: string;
    deliveryType: DeliveryType;
  }): Promise<StaticWidget> {
    const rows = (await repo.activeWidgets(this.db, 'CART')).map((row) => ({ row, ...targeted(row) }));
    const picked = pickStaticWidget(rows, this.clock(), ask);
    return { widget: picked ? contentOf(picked.row) : null };
  }

  async infoIndex(): Promise<InfoIndex> {
    return {
      pages: (await repo.listInfoPages(this.db)).map((p) => ({
        slug: p.slug,
        title: p.title,
        links: [{ href: fillPath(API_PATHS.infoPage, { slug: p.slug }), rel: 'content' as const }],
      })),
    };
  }

  async infoPage(slug: string): Promise<InfoPage> {
    const page = await repo.findInfoPage(this.db, slug);
    if (!page) throw httpError(404, 'PAGE_NOT_FOUND', CONTENT_TEXTS.pageNotFound);
    return {
      slug: page.slug,
      title: page.title,
      body: parseMarkup(page.body),
      updatedAt: page.updatedAt.toISOString(),
    };
  }

  private async visible(placement: WidgetPlacement, deliveryType: DeliveryType): Promise<repo.WidgetRow[]> {
    const rows = (await repo.activeWidgets(this.db, placement)).map((row) => ({ row, ...targeted(row) }));
    return visibleWidgets(rows, this.clock(), deliveryType).map((w) => w.row);
  }

  // -- admins ------------------------------------------------------------------------------------------------

  private adminView(row: repo.WidgetRow): AdminWidget {
    return {
      id: row.id,
      placement: row.placement as WidgetPlacement,
      kind: row.kind as WidgetKind,
      title: row.title,
      subtitle: row.subtitle,
      body: row.body,
      image: row.image,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      deliveryTypes: row.deliveryTypes.filter(isDeliveryType),
      lang: row.lang,
      platform: row.platform,
      page: row.page,
      site: row.site,
      position: row.position,
      version: row.version,
      state: widgetState(targeted(row), this.clock()),
      retiredAt: iso(row.retiredAt),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async adminWidgets(): Promise<{ widgets: AdminWidget[] }> {
    return { widgets: (await repo.allWidgets(this.db)).map((row) => this.adminView(row)) };
  }

  async createWidget(input: WidgetFieldsInput, by: string): Promise<AdminWidget> {
    const row = await repo.insertWidget(this.db, newWidgetId(), fieldsOf(input), by, new Date(this.clock()));
    return this.adminView(row);
  }

  async updateWidget(
    id: string,
    input: WidgetFieldsInput & { version: number },
    by: string,
  ): Promise<AdminWidget> {
    const { version, ...fields } = input;
    const row = await repo.updateWidget(this.db, id, version, fieldsOf(fields), by, new Date(this.clock()));
    return this.adminView(row ?? (await this.refusedEdit(id)));
  }

  /** Takes a widget down at once (its schedule stays, for the record). */
  async retireWidget(id: string, version: number, by: string): Promise<AdminWidget> {
    const now = new Date(this.clock());
    const row = await repo.updateWidget(this.db, id, version, { retiredAt: now }, by, now);
    return this.adminView(row ?? (await this.refusedEdit(id)));
  }

  async reorderWidgets(placement: WidgetPlacement, ids: string[]): Promise<{ widgets: AdminWidget[] }> {
    if (!(await repo.reorderWidgets(this.db, placement, ids)))
      throw httpError(409, 'CONTENT_CHANGED', CONTENT_TEXTS.listChanged);
    return this.adminWidgets();
  }

  /** Why an edit found no row at its version: gone (404), or changed by someone else (409). */
  private async refusedEdit(id: string): Promise<never> {
    if (!(await repo.findWidget(this.db, id)))
      throw httpError(404, 'WIDGET_NOT_FOUND', CONTENT_TEXTS.widgetNotFound);
    throw httpError(409, 'CONTENT_CHANGED', CONTENT_TEXTS.changed);
  }

  private static pageView(this: void, p: repo.InfoPageRow): AdminInfoPage {
    return {
      slug: p.slug,
      title: p.title,
      body: p.body,
      version: p.version,
      createdBy: p.createdBy,
      createdAt: p.createdAt.toISOString(),
      updatedBy: p.updatedBy,
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  async adminPages(): Promise<{ pages: AdminInfoPage[] }> {
    return { pages: (await repo.listInfoPages(this.db)).map(ContentService.pageView) };
  }

  async createPage(page: { slug: string; title: string; body: string }, by: string): Promise<AdminInfoPage> {
    const row = await repo.insertInfoPage(this.db, page, by, new Date(this.clock()));
    if (!row) throw httpError(409, 'PAGE_EXISTS', CONTENT_TEXTS.slugTaken, { field: 'body.slug' });
    return ContentService.pageView(row);
  }

  async updatePage(
    slug: string,
    page: { title: string; body: string; version: number },
    by: string,
  ): Promise<AdminInfoPage> {
    const { version, ...fields } = page;
    const row = await repo.updateInfoPage(this.db, slug, version, fields, by, new Date(this.clock()));
    if (row) return ContentService.pageView(row);
    if (!(await repo.findInfoPage(this.db, slug)))
      throw httpError(404, 'PAGE_NOT_FOUND', CONTENT_TEXTS.pageNotFound);
    throw httpError(409, 'CONTENT_CHANGED', CONTENT_TEXTS.changed);
  }
}
