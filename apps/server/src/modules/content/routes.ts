import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  AdminInfoPageResponseSchema,
  AdminInfoPagesResponseSchema,
  AdminWidgetResponseSchema,
  AdminWidgetsResponseSchema,
  AlertsQuerySchema,
  AlertsResponseSchema,
  InfoIndexResponseSchema,
  InfoPageInputSchema,
  InfoPageResponseSchema,
  InfoPageUpdateSchema,
  InfoParams,
  StaticWidgetQuerySchema,
  StaticWidgetResponseSchema,
  VersionBodySchema,
  WidgetContentResponseSchema,
  WidgetInputSchema,
  WidgetListQuerySchema,
  WidgetListResponseSchema,
  WidgetParams,
  WidgetReorderSchema,
  WidgetUpdateSchema,
} from '@crust/contract/content';
import { API_PATHS } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { revalidated } from '../../http/etag.ts';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { ContentService } from './service.ts';

/**
 * Content (docs/content.md). Customers' calls are open to anyone, like the menu, and answered with an ETag to
 * revalidate. The admin calls carry the store console's staff token (`Authorization: Bearer`) of an ADMIN login:
 * without one 401 STAFF_UNAUTHORIZED, a store login 403 ADMIN_ONLY.
 */
export function contentRoutes(app: FastifyInstance, content: ContentService, guard: StaffGuard): void {
  customerContentRoutes(app, content);
  // checked once the input is parsed (a malformed request is a 400 first), as the console's routes do
  const { forStaff, staffOf } = guard;
  const admins: AdminAccess = { forAdmin: forStaff('content'), adminOf: (req) => staffOf(req).sub };
  adminWidgetRoutes(app, content, admins);
  adminInfoPageRoutes(app, content, admins);
}

/** How an admin route lets only an ADMIN login in, and who that admin is. */
interface AdminAccess {
  forAdmin: ReturnType<StaffGuard['forStaff']>;
  adminOf: (req: FastifyRequest) => string;
}

/** What customers see: widgets, alerts, the CMS cart widget and info pages, each revalidated by its ETag. */
function customerContentRoutes(app: FastifyInstance, content: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notModified = { 304: z.null().describe('Not modified: the ETag matched'), 404: ErrorResponseSchema };

  r.get(
    API_PATHS.widgets,
    {
      schema: routeSchema('content', 'SPEC §7 widget list: the live widgets of a placement, in order', {
        querystring: WidgetListQuerySchema,
        response: { 200: WidgetListResponseSchema, ...notModified },
      }),
    },
    async (req, reply) =>
      revalidated(req, reply, await content.widgetList(req.query.placement, req.query.deliveryType)),
  );
  r.get(
    API_PATHS.widget,
    {
      schema: routeSchema('content', "A widget's content (a widget list entry's links[0].href)", {
        params: WidgetParams,
        response: { 200: WidgetContentResponseSchema, ...notModified },
      }),
    },
    async (req, reply) => revalidated(req, reply, await content.widget(req.params.widgetId)),
  );
  r.get(
    API_PATHS.alerts,
    {
      schema: routeSchema('content', 'SPEC §7 GET alerts: the live alerts, with their content', {
        querystring: AlertsQuerySchema,
        response: { 200: AlertsResponseSchema, ...notModified },
      }),
    },
    async (req, reply) => revalidated(req, reply, await content.alerts(req.query.deliveryType)),
  );
  r.get(
    API_PATHS.staticWidget,
    {
      schema: routeSchema(
        'content',
        'SPEC §7 CMS static cart widget for (lang, platform, page, deliveryType, site); null when none',
        {
          querystring: StaticWidgetQuerySchema,
          response: { 200: StaticWidgetResponseSchema, ...notModified },
        },
      ),
    },
    async (req, reply) => revalidated(req, reply, await content.staticWidget(req.query)),
  );
  r.get(
    API_PATHS.infoPages,
    {
      schema: routeSchema('content', 'The info pages (/info)', {
        response: { 200: InfoIndexResponseSchema, ...notModified },
      }),
    },
    async (req, reply) => revalidated(req, reply, await content.infoIndex()),
  );
  r.get(
    API_PATHS.infoPage,
    {
      schema: routeSchema('content', 'An info page, its body parsed', {
        params: InfoParams,
        response: { 200: InfoPageResponseSchema, ...notModified },
      }),
    },
    async (req, reply) => revalidated(req, reply, await content.infoPage(req.params.slug)),
  );
}

/** The store console's Content view: widgets, also scheduled, ended and retired ones. */
function adminWidgetRoutes(
  app: FastifyInstance,
  content: ContentService,
  { forAdmin, adminOf }: AdminAccess,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.adminWidgets,
    {
      ...forAdmin,
      schema: routeSchema('content', 'Every widget, also scheduled, ended and retired ones (ADMIN)', {
        response: { 200: AdminWidgetsResponseSchema, ...staffRefusals },
      }),
    },
    async () => ok(await content.adminWidgets()),
  );
  r.post(
    CONSOLE_PATHS.adminWidgets,
    {
      ...forAdmin,
      schema: routeSchema('content', 'Creates a widget, last in its placement (ADMIN)', {
        body: WidgetInputSchema,
        response: { 200: AdminWidgetResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await content.createWidget(req.body, adminOf(req))),
  );
  r.put(
    CONSOLE_PATHS.adminWidget,
    {
      ...forAdmin,
      schema: routeSchema(
        'content',
        'Edits a widget (content, schedule, targeting) made on `version`; 409 CONTENT_CHANGED if stale (ADMIN)',
        {
          params: WidgetParams,
          body: WidgetUpdateSchema,
          response: { 200: AdminWidgetResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await content.updateWidget(req.params.widgetId, req.body, adminOf(req))),
  );
  r.post(
    CONSOLE_PATHS.adminWidgetRetire,
    {
      ...forAdmin,
      schema: routeSchema('content', 'Retires a widget at once; 409 CONTENT_CHANGED if stale (ADMIN)', {
        params: WidgetParams,
        body: VersionBodySchema,
        response: { 200: AdminWidgetResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await content.retireWidget(req.params.widgetId, req.body.version, adminOf(req))),
  );
  r.put(
    CONSOLE_PATHS.adminWidgetOrder,
    {
      ...forAdmin,
      schema: routeSchema(
        'content',
        "Sets the order of a placement's widgets (every one not retired, each once); 409 if the list changed (ADMIN)",
        { body: WidgetReorderSchema, response: { 200: AdminWidgetsResponseSchema, ...staffRefusals } },
      ),
    },
    async (req) => ok(await content.reorderWidgets(req.body.placement, req.body.ids)),
  );
}

/** The store console's Content view: info pages with their markup source. */
function adminInfoPageRoutes(
  app: FastifyInstance,
  content: ContentService,
  { forAdmin, adminOf }: AdminAccess,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.adminInfoPages,
    {
      ...forAdmin,
      schema: routeSchema('content', 'Every info page, with its markup source (ADMIN)', {
        response: { 200: AdminInfoPagesResponseSchema, ...staffRefusals },
      }),
    },
    async () => ok(await content.adminPages()),
  );
  r.post(
    CONSOLE_PATHS.adminInfoPages,
    {
      ...forAdmin,
      schema: routeSchema('content', 'Creates an info page; 409 PAGE_EXISTS for a slug taken (ADMIN)', {
        body: InfoPageInputSchema,
        response: { 200: AdminInfoPageResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await content.createPage(req.body, adminOf(req))),
  );
  r.put(
    CONSOLE_PATHS.adminInfoPage,
    {
      ...forAdmin,
      schema: routeSchema(
        'content',
        'Edits an info page made on `version`; 409 CONTENT_CHANGED if stale (ADMIN)',
        {
          params: InfoParams,
          body: InfoPageUpdateSchema,
          response: { 200: AdminInfoPageResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await content.updatePage(req.params.slug, req.body, adminOf(req))),
  );
}
