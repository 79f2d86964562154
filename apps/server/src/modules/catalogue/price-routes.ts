import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  ChainRulesBodySchema,
  ChainRulesResponseSchema,
  NewPricesBodySchema,
  PriceChangeBodySchema,
  PriceEntryResponseSchema,
  PriceListQuerySchema,
  PriceListResponseSchema,
  PriceParams,
  PriceRemoveBodySchema,
} from '@crust/contract/menu-admin';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { ChainRulesService, PriceLists } from './prices.ts';

const refusals = { 400: ErrorResponseSchema, ...staffRefusals };

/** City and store price lists with scheduled changes (`prices`), and the chain's rules for them (chain admin). */
export function priceRoutes(
  app: FastifyInstance,
  { prices, rules }: { prices: PriceLists; rules: ChainRulesService },
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.priceList,
    {
      ...forStaff('prices'),
      schema: routeSchema(
        'store',
        'The price list entries this login reaches: its stores, cities and the chain',
        {
          querystring: PriceListQuerySchema,
          response: { 200: PriceListResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ok({ entries: await prices.list(staffOf(req), req.query) }),
  );
  r.post(
    CONSOLE_PATHS.priceList,
    {
      ...forStaff('prices'),
      schema: routeSchema(
        'store',
        'Prices of variants for a store, a city or the chain, at once or from a time',
        {
          body: NewPricesBodySchema,
          response: { 200: PriceListResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ok({ entries: await prices.create(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.priceEntry,
    {
      ...forStaff('prices'),
      schema: routeSchema('store', "A price list entry's price or start", {
        params: PriceParams,
        body: PriceChangeBodySchema,
        response: { 200: PriceEntryResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ entry: await prices.change(staffOf(req), req.params.priceId, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.priceEntryRemove,
    {
      ...forStaff('prices'),
      schema: routeSchema('store', 'A price list entry taken out: the next one in force applies', {
        params: PriceParams,
        body: PriceRemoveBodySchema,
        response: { 200: PriceEntryResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ entry: await prices.remove(staffOf(req), req.params.priceId, req.body.version) }),
  );

  r.get(
    CONSOLE_PATHS.chainRules,
    {
      ...forStaff('menu'),
      schema: routeSchema('store', 'What the chain lets store managers do (set their store’s prices)', {
        response: { 200: ChainRulesResponseSchema, ...refusals },
      }),
    },
    async () => ok(await rules.read()),
  );
  r.put(
    CONSOLE_PATHS.chainRules,
    {
      ...forStaff('menu'),
      schema: routeSchema('store', 'Lets store managers set their store’s prices, or not', {
        body: ChainRulesBodySchema,
        response: { 200: ChainRulesResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await rules.change(staffOf(req), req.body)),
  );
}
