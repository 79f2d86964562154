import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  AvailabilityBodySchema,
  AvailabilityListResponseSchema,
  AvailabilityParams,
  AvailabilityResponseSchema,
  ProductParams,
} from '@crust/contract/menu-admin';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { StoreAvailabilities } from './availability.ts';

const refusals = { 400: ErrorResponseSchema, ...staffRefusals };

/** Which stores sell a product at all: the chain admin and regional managers (`prices`, then the role). */
export function availabilityRoutes(
  app: FastifyInstance,
  availability: StoreAvailabilities,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = forStaff('prices');

  r.get(
    CONSOLE_PATHS.menuProductStores,
    {
      ...guard,
      schema: routeSchema('store', 'The stores this login reaches, each selling the product or not', {
        params: ProductParams,
        response: { 200: AvailabilityListResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ stores: await availability.list(staffOf(req), req.params.productCode) }),
  );
  r.put(
    CONSOLE_PATHS.menuProductStore,
    {
      ...guard,
      schema: routeSchema('store', 'Whether a store sells the product at all', {
        params: AvailabilityParams,
        body: AvailabilityBodySchema,
        response: { 200: AvailabilityResponseSchema, ...refusals },
      }),
    },
    async (req) =>
      ok({
        store: await availability.set(staffOf(req), req.params.productCode, req.params.storeId, req.body),
      }),
  );
}
