import { z } from 'zod';
import {
  INFO_SLUG,
  MARKUP_MAX_LENGTH,
  OWN_ASSET,
  textProblem,
  WIDGET_KINDS,
  WIDGET_PLACEMENTS,
} from '@crust/domain/content';
import { DELIVERY_TYPES } from '@crust/domain/delivery-types';
import { DeliveryTypeSchema, successOf } from './common.ts';

/** Content (issue 17 §2, docs/content.md): widgets, alerts, the cart's static widget, info pages. */

export const WidgetPlacementSchema = z.enum(WIDGET_PLACEMENTS);
export const WidgetKindSchema = z.enum(WIDGET_KINDS);

// ---------------------------------------------------------------------------------------------------------------
// the markup tree, as the server parsed it (packages/domain/src/content.ts)

export const MarkupInlineSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('text'), v: z.string() }),
  z.object({ t: z.literal('strong'), v: z.string() }),
  z.object({ t: z.literal('em'), v: z.string() }),
  z.object({ t: z.literal('link'), v: z.string(), href: z.string() }),
  z.object({ t: z.literal('br') }),
]);
export const MarkupBlockSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('p'), c: z.array(MarkupInlineSchema) }),
  z.object({ t: z.literal('ul'), items: z.array(z.array(MarkupInlineSchema)) }),
]);
export const MarkupSchema = z.array(MarkupBlockSchema);

// ---------------------------------------------------------------------------------------------------------------
// customer calls

const LinkSchema = z.object({ href: z.string(), rel: z.literal('content') });

/** One entry of the widget list: enough for a banner card; its content is at links[0].href. */
export const WidgetSummarySchema = z.object({
  id: z.string(),
  placement: WidgetPlacementSchema,
  kind: WidgetKindSchema,
  title: z.string(),
  subtitle: z.string(),
  image: z.string().nullable(),
  links: z.array(LinkSchema).min(1),
});
export type WidgetSummary = z.infer<typeof WidgetSummarySchema>;

/** A widget's content: the summary and its body, parsed. */
export const WidgetContentSchema = WidgetSummarySchema.extend({ body: MarkupSchema });
export type WidgetContent = z.infer<typeof WidgetContentSchema>;

export const WidgetListQuerySchema = z.object({
  placement: WidgetPlacementSchema.default('LANDING'),
  deliveryType: DeliveryTypeSchema.default('D'),
});
/** SPEC §7 widget list: data.widgets[], each fetched through links[0].href. */
export const WidgetListResponseSchema = successOf(z.object({ widgets: z.array(WidgetSummarySchema) }));
export type WidgetList = z.infer<typeof WidgetListResponseSchema>['data'];

export const WidgetParams = z.object({
  widgetId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'must be a widget id'),
});
export const WidgetContentResponseSchema = successOf(WidgetContentSchema);

/** SPEC §7 GET alerts: the live alerts for the delivery type, with their content. */
export const AlertsQuerySchema = z.object({ deliveryType: DeliveryTypeSchema.default('D') });
export const AlertsResponseSchema = successOf(z.object({ alerts: z.array(WidgetContentSchema) }));
export type Alerts = z.infer<typeof AlertsResponseSchema>['data'];

const staticKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be a short word');
/** SPEC §7 CMS static cart widget: (lang, platform, page, deliveryType, site). */
export const StaticWidgetQuerySchema = z.object({
  lang: staticKey.default('en'),
  platform: staticKey.default('PWA'),
  page: staticKey.default('cart'),
  deliveryType: DeliveryTypeSchema.default('D'),
  site: staticKey.default('crust'),
});
export const StaticWidgetResponseSchema = successOf(z.object({ widget: WidgetContentSchema.nullable() }));
export type StaticWidget = z.infer<typeof StaticWidgetResponseSchema>['data'];

export const InfoSlugSchema = z.string().regex(INFO_SLUG, 'must be a page name').max(60);
export const InfoParams = z.object({ slug: InfoSlugSchema });
export const InfoPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: MarkupSchema,
  updatedAt: z.string(),
});
export type InfoPage = z.infer<typeof InfoPageSchema>;
export const InfoPageResponseSchema = successOf(InfoPageSchema);
export const InfoIndexResponseSchema = successOf(
  z.object({ pages: z.array(z.object({ slug: z.string(), title: z.string(), links: z.array(LinkSchema) })) }),
);
export type InfoIndex = z.infer<typeof InfoIndexResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------------------------
// admin calls (the store console's Content view, ADMIN logins only)

/** Plain text or markup an admin typed: trimmed, bounded, and free of what the eye cannot check (textProblem). */
const typed = (max: number, min = 0) =>
  z
    .string()
    .max(max)
    .superRefine((text, ctx) => {
      const problem = textProblem(text, max);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((s) => s.trim())
    .pipe(z.string().min(min, min > 0 ? 'Enter a title' : undefined));

const instant = z.iso.datetime({ offset: true }).nullable();
const staticKeyOrAny = staticKey.nullable();

const WidgetFieldsSchema = z.object({
  placement: WidgetPlacementSchema,
  kind: WidgetKindSchema,
  title: typed(80, 1),
  subtitle: typed(160),
  body: typed(MARKUP_MAX_LENGTH),
  image: z.string().regex(OWN_ASSET, "must be one of the app's own images").nullable(),
  startsAt: instant,
  endsAt: instant,
  deliveryTypes: z
    .array(z.enum(DELIVERY_TYPES))
    .min(1, 'Choose at least one order type')
    .refine((types) => new Set(types).size === types.length, 'each order type once'),
  lang: staticKeyOrAny,
  platform: staticKeyOrAny,
  page: staticKeyOrAny,
  site: staticKeyOrAny,
});

const scheduleInOrder = (w: { startsAt: string | null; endsAt: string | null }) =>
  w.startsAt === null || w.endsAt === null || Date.parse(w.endsAt) > Date.parse(w.startsAt);
const SCHEDULE_ORDER = { message: 'The end must be after the start', path: ['endsAt'] };

export const WidgetInputSchema = WidgetFieldsSchema.refine(scheduleInOrder, SCHEDULE_ORDER);
export type WidgetInput = z.input<typeof WidgetInputSchema>;

/** An edit names the version it was made on: a stale one is refused (409 CONTENT_CHANGED). */
export const WidgetUpdateSchema = WidgetFieldsSchema.extend({ version: z.number().int().min(0) }).refine(
  scheduleInOrder,
  SCHEDULE_ORDER,
);
export type WidgetUpdate = z.input<typeof WidgetUpdateSchema>;

export const VersionBodySchema = z.object({ version: z.number().int().min(0) });

/** The new order of a placement's widgets: every widget of it that is not retired, each once. */
export const WidgetReorderSchema = z.object({
  placement: WidgetPlacementSchema,
  ids: z
    .array(WidgetParams.shape.widgetId)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'each widget once'),
});

export const WidgetStateSchema = z.enum(['live', 'scheduled', 'ended', 'retired']);

/** A widget as the admin sees it: every field as stored (no input checks: answers are serialised, not parsed). */
export const AdminWidgetSchema = z.object({
  placement: WidgetPlacementSchema,
  kind: WidgetKindSchema,
  title: z.string(),
  subtitle: z.string(),
  body: z.string(),
  image: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  deliveryTypes: z.array(z.enum(DELIVERY_TYPES)),
  lang: z.string().nullable(),
  platform: z.string().nullable(),
  page: z.string().nullable(),
  site: z.string().nullable(),
  id: z.string(),
  position: z.number().int(),
  version: z.number().int(),
  state: WidgetStateSchema,
  retiredAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type AdminWidget = z.infer<typeof AdminWidgetSchema>;
export const AdminWidgetResponseSchema = successOf(AdminWidgetSchema);
export const AdminWidgetsResponseSchema = successOf(z.object({ widgets: z.array(AdminWidgetSchema) }));

export const InfoPageInputSchema = z.object({
  slug: InfoSlugSchema,
  title: typed(80, 1),
  body: typed(MARKUP_MAX_LENGTH),
});
export const InfoPageUpdateSchema = InfoPageInputSchema.omit({ slug: true }).extend({
  version: z.number().int().min(0),
});
export const AdminInfoPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type AdminInfoPage = z.infer<typeof AdminInfoPageSchema>;
export const AdminInfoPageResponseSchema = successOf(AdminInfoPageSchema);
export const AdminInfoPagesResponseSchema = successOf(z.object({ pages: z.array(AdminInfoPageSchema) }));
