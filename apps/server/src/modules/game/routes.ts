import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { GameDataResponseSchema, SpinBodySchema, SpinResponseSchema } from '@crust/contract/game';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { GameService } from './service.ts';

/** Spins a customer may ask for a minute: one per delivered order; more is a script. */
export const SPINS_PER_MINUTE = 10;
const callerKey = (req: FastifyRequest) => req.principal?.userId ?? req.ip;

/** SPEC §7 game calls (issue 33 §1, docs/game.md): the game's data for anyone, the spin for a customer. */
export function gameRoutes(app: FastifyInstance, game: GameService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.gameData,
    {
      schema: routeSchema(
        'game',
        "SPEC §7 game data: the wheel's 8 segments with their colour pairs, labels and chances, the rules (budgets), and the caller's spins available and recent results",
        { response: { 200: GameDataResponseSchema } },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const customerId = req.principal?.kind === 'customer' ? req.principal.userId : null;
      return { status: 'SUCCESS' as const, data: await game.data(customerId) };
    },
  );

  r.post(
    API_PATHS.gameSpin,
    {
      config: {
        auth: 'customer',
        rateLimit: { max: SPINS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: callerKey },
      },
      schema: routeSchema(
        'game',
        'SPEC §7 spin the wheel: one spin per delivered order of the caller, within the window after delivery. Answers the segment the server drew and the prize granted with its expiry; FAILED ALREADY_SPUN, NOT_DELIVERED or SPIN_EXPIRED',
        {
          body: SpinBodySchema,
          response: {
            200: SpinResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            429: ErrorResponseSchema,
            503: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) => outcome(await game.spin(callerOf(req).userId, req.body.orderId)),
  );
}
