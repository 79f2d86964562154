import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@crust/contract/paths';
import {
  IrctcBannerResponseSchema,
  PnrStatusBodySchema,
  PnrStatusQuerySchema,
  PnrStatusResponseSchema,
} from '@crust/contract/rail';
import { ErrorResponseSchema } from '@crust/contract/common';
import { outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { RailService } from './service.ts';

/**
 * PNR calls a caller may make a minute. Each one is a paid call to the rail provider, and a passenger types a PNR
 * once or twice: more is a script walking through other people's tickets.
 */
export const PNR_CALLS_PER_MINUTE = 20;

/** Per session (a guest's or a customer's), else per address: one caller's calls count together. */
const callerKey = (req: FastifyRequest) => req.principal?.userId ?? req.ip;

/** SPEC §7 POST/GET PNR status (issue 16 §1), for guests and customers alike. */
export function railRoutes(app: FastifyInstance, rail: RailService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    auth: 'session' as const,
    rateLimit: { max: PNR_CALLS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: callerKey },
  };
  const summary = `SPEC §7 PNR status: the ticket's train, seat and stations with expected arrivals. A PNR that is not 10 digits is a 400 with "Valid PNR Number is Mandatory"; an unknown PNR, a cancelled train, a journey over or the provider unreachable is a FAILED with the reason. ${PNR_CALLS_PER_MINUTE} calls a minute per session, then 429.`;
  const response = { 200: PnrStatusResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

  r.post(
    API_PATHS.pnrStatus,
    { config, schema: routeSchema('rail', summary, { body: PnrStatusBodySchema, response }) },
    async (req) => outcome(await rail.pnrStatus(req.body.pnr)),
  );
  r.get(
    API_PATHS.irctcBanner,
    {
      schema: routeSchema(
        'rail',
        "SPEC §7 GET irctc banner: train delivery's title and subtitle, whether it is on, and the stations a Crust restaurant serves (each with how many minutes before the train's arrival orders close at the earliest). No session needed.",
        { response: { 200: IrctcBannerResponseSchema } },
      ),
    },
    async () => ({ status: 'SUCCESS' as const, data: await rail.banner() }),
  );
  r.get(
    API_PATHS.pnrStatus,
    { config, schema: routeSchema('rail', summary, { querystring: PnrStatusQuerySchema, response }) },
    async (req) => outcome(await rail.pnrStatus(req.query.pnr)),
  );
}
