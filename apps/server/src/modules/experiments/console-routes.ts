import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  ExperimentAdminResponseSchema,
  ExperimentsAdminResponseSchema,
  ExperimentSwitchBodySchema,
  VariationParamsSchema,
} from '@crust/contract/experiments';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { ExperimentService } from './service.ts';

/** The back office's experiments (issue 33 §2): the chain admin's only (`experiments`), every switch audited. */
export function experimentConsoleRoutes(
  app: FastifyInstance,
  experiments: ExperimentService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.experiments,
    {
      ...forStaff('experiments'),
      schema: routeSchema(
        'store',
        'The experiments: buckets, variants with weights, start and stop, on or off, running now',
        {
          response: { 200: ExperimentsAdminResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok({ experiments: await experiments.list() });
    },
  );

  r.post(
    CONSOLE_PATHS.experimentSwitch,
    {
      ...forStaff('experiments'),
      schema: routeSchema(
        'store',
        'Starts (on, running from now) or stops (off) an experiment; recorded in the audit log',
        {
          params: VariationParamsSchema,
          body: ExperimentSwitchBodySchema,
          response: { 200: ExperimentAdminResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await experiments.switch(staffOf(req), req.params.name, req.body.action)),
  );
}
