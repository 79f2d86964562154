import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StoreSettingsBodySchema, StoreSettingsResponseSchema } from '@crust/contract/back-office';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { ConsoleStoreParams } from '@crust/contract/store-console';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { StoreSettingsService } from './settings.ts';

/** A store's settings in the back office (issue 30 §4), for the logins that may change stores and reach it. */
export function storeSettingsRoutes(
  app: FastifyInstance,
  settings: StoreSettingsService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CONSOLE_PATHS.storeSettings,
    {
      ...forStaff('stores'),
      schema: routeSchema(
        'store',
        "A store's phone, hours, delivery radius, advance-order store and ways to pay",
        {
          params: ConsoleStoreParams,
          response: { 200: StoreSettingsResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await settings.read(staffOf(req).reach, req.params.storeId)),
  );
  r.patch(
    CONSOLE_PATHS.storeSettings,
    {
      ...forStaff('stores'),
      schema: routeSchema('store', "Changes a store's settings; customers see them at once", {
        params: ConsoleStoreParams,
        body: StoreSettingsBodySchema,
        response: { 200: StoreSettingsResponseSchema, 400: ErrorResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await settings.change(staffOf(req), req.params.storeId, req.body)),
  );
}
