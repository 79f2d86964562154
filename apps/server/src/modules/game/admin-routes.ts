import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  GameAdminResponseSchema,
  GameReportQuerySchema,
  PrizeTableResponseSchema,
  SavePrizeTableBodySchema,
} from '@crust/contract/game';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { GameAdmin } from './admin.ts';

/**
 * Spin-the-wheel in the back office (issue 33 §1): the chain admin's only, as the coupons are (`offers`: prizes
 * are promotions the chain pays for), checked on the server.
 */
export function gameAdminRoutes(
  app: FastifyInstance,
  admin: GameAdmin,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = forStaff('offers');
  r.get(
    CONSOLE_PATHS.gameAdmin,
    {
      ...guard,
      schema: routeSchema(
        'store',
        'Spin-the-wheel: the prize table, and spins, prizes granted by kind and their cost per IST day from–to',
        { querystring: GameReportQuerySchema, response: { 200: GameAdminResponseSchema, ...staffRefusals } },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await admin.view(req.query.from, req.query.to));
    },
  );
  r.put(
    CONSOLE_PATHS.gamePrizeTable,
    {
      ...guard,
      schema: routeSchema(
        'store',
        "Saves the wheel's prize table (8 segments, weights, daily limits and budget) over the version read; audited",
        {
          body: SavePrizeTableBodySchema,
          response: { 200: PrizeTableResponseSchema, 400: ErrorResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await admin.save(staffOf(req), req.body)),
  );
}
