import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  AllocationBodySchema,
  AllocationResponseSchema,
  VariationParamsSchema,
  VariationQuerySchema,
  VariationResponseSchema,
} from '@crust/contract/experiments';
import { API_PATHS } from '@crust/contract/paths';
import { ok } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { ExperimentService } from './service.ts';

/** SPEC §4 "Variants are fetched only for logged-in users": a customer's session, not a guest's or none. */
const loggedIn = (req: FastifyRequest) => req.principal?.kind === 'customer';

/** SPEC §7 experiment allocation and variation (issue 33 §2, docs/experiments.md): open to anyone. */
export function experimentRoutes(app: FastifyInstance, experiments: ExperimentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.experimentAllocation,
    {
      schema: routeSchema(
        'experiments',
        "SPEC §7 experiment allocation: the client id's §4 bucket and, for a logged-in customer, each running experiment's variant; `abTest` is the ab_test header to send",
        { body: AllocationBodySchema, response: { 200: AllocationResponseSchema, 400: ErrorResponseSchema } },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await experiments.allocation(req.body.clientId, loggedIn(req)));
    },
  );

  r.get(
    API_PATHS.experimentVariation,
    {
      schema: routeSchema(
        'experiments',
        "SPEC §7 the variation call: one experiment's variant for this client id (null for a guest, outside its buckets or when it is not running)",
        {
          params: VariationParamsSchema,
          querystring: VariationQuerySchema,
          response: { 200: VariationResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      ),
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await experiments.variation(req.params.name, req.query.clientId, loggedIn(req)));
    },
  );
}
