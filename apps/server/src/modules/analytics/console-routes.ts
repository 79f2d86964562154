import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FunnelQuerySchema,
  FunnelResponseSchema,
  TrackingSwitchBodySchema,
  TrackingSwitchResponseSchema,
} from '@crust/contract/analytics';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { AnalyticsService } from './service.ts';

/** The back office's Funnel (issue 33 §3): the chain admin only (`analytics`), checked here on the server. */
export function analyticsConsoleRoutes(
  app: FastifyInstance,
  analytics: AnalyticsService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.analyticsFunnel,
    {
      ...forStaff('analytics'),
      schema: routeSchema(
        'store',
        'The funnel landing → menu → add → cart → checkout → paid over IST days from–to (at most 92): distinct clients per step, per day and per experiment variant, each variant against its reference with a 95 % interval',
        {
          querystring: FunnelQuerySchema,
          response: { 200: FunnelResponseSchema, 400: ErrorResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await analytics.funnel(req.query));
    },
  );

  r.put(
    CONSOLE_PATHS.analyticsTracking,
    {
      ...forStaff('analytics'),
      schema: routeSchema(
        'store',
        'Turns user-activity tracking (the remote config’s userActivityTracking) on or off; recorded in the change log',
        { body: TrackingSwitchBodySchema, response: { 200: TrackingSwitchResponseSchema, ...staffRefusals } },
      ),
    },
    async (req) => ok(await analytics.setTracking(staffOf(req), req.body.on)),
  );
}
