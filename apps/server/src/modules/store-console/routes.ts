import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  ConsoleCancelBodySchema,
  ConsoleOnlineBodySchema,
  ConsoleOrderParams,
  ConsoleOrderResponseSchema,
  ConsoleProductParams,
  ConsoleProductsResponseSchema,
  ConsoleQueueQuerySchema,
  ConsoleQueueResponseSchema,
  ConsoleStageBodySchema,
  ConsoleStockBodySchema,
  ConsoleStoreParams,
  ConsoleStoreResponseSchema,
  ConsoleStoresResponseSchema,
} from '@crust/contract/store-console';
import { eventStreams } from '../../http/event-stream.ts';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StoreConsoleService } from './service.ts';
import type { StaffGuard } from '../staff/guard.ts';

/** The store console's API (docs/store-console.md): staff calls carry `Authorization: Bearer <token>`. */
export function storeConsoleRoutes(
  app: FastifyInstance,
  console: StoreConsoleService,
  guard: StaffGuard,
): void {
  orderQueueRoutes(app, console, guard);
  storeSettingRoutes(app, console, guard);
}

/** A store's orders: the stores a login sees, their queue and its live events, and moving or cancelling orders. */
function orderQueueRoutes(
  app: FastifyInstance,
  console: StoreConsoleService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const streams = eventStreams(app);

  r.get(
    CONSOLE_PATHS.consoleStores,
    {
      ...forStaff('console'),
      schema: routeSchema('store', 'The stores this login sees', {
        response: { 200: ConsoleStoresResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await console.stores(staffOf(req))),
  );

  r.get(
    CONSOLE_PATHS.consoleQueue,
    {
      ...forStaff('queue'),
      schema: routeSchema('store', "A store's live queue (active) or today's finished orders (done)", {
        params: ConsoleStoreParams,
        querystring: ConsoleQueueQuerySchema,
        response: { 200: ConsoleQueueResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await console.queue(staffOf(req), req.params.storeId, req.query.view)),
  );

  r.get(
    CONSOLE_PATHS.consoleQueueEvents,
    {
      schema: routeSchema(
        'store',
        'Server-sent "queue" events, one per change in the store\'s orders. Needs ?key= from the queue.',
        {
          params: ConsoleStoreParams,
          querystring: z.object({ key: z.string().max(128).optional() }),
          response: { 404: ErrorResponseSchema },
        },
      ),
    },
    async (req, reply) => {
      console.watch(req.params.storeId, req.query.key, (onClose) => streams.open(req, reply, onClose));
    },
  );

  r.post(
    CONSOLE_PATHS.consoleStage,
    {
      ...forStaff('queue'),
      schema: routeSchema(
        'store',
        'Moves an order to its next stage (the one the staff member saw); a rider is named on dispatch',
        {
          params: ConsoleOrderParams,
          body: ConsoleStageBodySchema,
          response: { 200: ConsoleOrderResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) =>
      ok(
        await console.move(
          staffOf(req),
          req.params.orderId,
          req.body.to,
          req.body.riderName,
          req.body.deliveryCode,
        ),
      ),
  );

  r.post(
    CONSOLE_PATHS.consoleCancel,
    {
      ...forStaff('queue'),
      schema: routeSchema('store', "Cancels an order with a reason; the customer's money is given back", {
        params: ConsoleOrderParams,
        body: ConsoleCancelBodySchema,
        response: { 200: ConsoleOrderResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await console.cancel(staffOf(req), req.params.orderId, req.body.reason)),
  );
}

/** What a store offers: online or offline, and which products are in stock. */
function storeSettingRoutes(
  app: FastifyInstance,
  console: StoreConsoleService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    CONSOLE_PATHS.consoleOnline,
    {
      ...forStaff('online'),
      schema: routeSchema(
        'store',
        'Switches the store online or offline (offline: customers may only book advance orders)',
        {
          params: ConsoleStoreParams,
          body: ConsoleOnlineBodySchema,
          response: { 200: ConsoleStoreResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await console.setOnline(staffOf(req), req.params.storeId, req.body.online)),
  );

  r.get(
    CONSOLE_PATHS.consoleProducts,
    {
      ...forStaff('stock'),
      schema: routeSchema('store', "The store's products and whether each is in stock", {
        params: ConsoleStoreParams,
        response: { 200: ConsoleProductsResponseSchema, ...staffRefusals },
      }),
    },
    async (req) => ok(await console.products(staffOf(req), req.params.storeId)),
  );

  r.post(
    CONSOLE_PATHS.consoleProduct,
    {
      ...forStaff('stock'),
      schema: routeSchema(
        'store',
        'Marks a product out of stock or back in stock at the store; menus and carts follow',
        {
          params: ConsoleProductParams,
          body: ConsoleStockBodySchema,
          response: { 200: ConsoleProductsResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => {
      const claims = staffOf(req);
      await console.setStock(claims, req.params.storeId, req.params.productCode, req.body.inStock);
      return ok(await console.products(claims, req.params.storeId));
    },
  );
}
