import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  FavouriteItemBodySchema,
  FavouriteOrderBodySchema,
  FavouriteOrderResponseSchema,
  HistoryQuerySchema,
  InvoiceQuerySchema,
  OrderDetailsResponseSchema,
  OrderHistoryResponseSchema,
  ProductIdsSchema,
  RecentOrdersResponseSchema,
  ReorderBodySchema,
  ReorderResponseSchema,
} from '@crust/contract/history';
import { OrderParams } from '@crust/contract/orders';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { ok } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { callerOf } from '../../http/principal.ts';
import type { HistoryService } from './service.ts';

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' && value.length <= 100 ? value : undefined;
}

const refusals = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };

/** SPEC §7 order history, order details, invoice, previous and recent orders, reorder and favourites. */
export function historyRoutes(app: FastifyInstance, { history }: { history: HistoryService }): void {
  pastOrderRoutes(app, history);
  reorderAndFavouriteRoutes(app, history);
}

/** The caller's past orders: the history pages, the latest ones, one order's details and its invoice. */
function pastOrderRoutes(app: FastifyInstance, history: HistoryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.orderHistory,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        "SPEC §7 order history: the caller's orders, newest first, 10 a page (pageNo from 1), filter ALL | DELIVERED | CANCELLED | FAVOURITE",
        { querystring: HistoryQuerySchema, response: { 200: OrderHistoryResponseSchema, ...refusals } },
      ),
    },
    async (req) => ok(await history.history(callerOf(req), req.query)),
  );

  r.get(
    API_PATHS.irctcOrders,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'rail',
        "SPEC §7 irctc order history: the caller's train orders, newest first, each with its SPEC §4 train status (train.status, train.statusCode); paged and filtered as the order history",
        { querystring: HistoryQuerySchema, response: { 200: OrderHistoryResponseSchema, ...refusals } },
      ),
    },
    async (req) => ok(await history.history(callerOf(req), req.query, true)),
  );

  r.get(
    API_PATHS.recentOrders,
    {
      config: { auth: 'session' },
      schema: routeSchema('orders', "The caller's 3 latest placed orders", {
        response: { 200: RecentOrdersResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await history.recent(callerOf(req))),
  );

  r.get(
    API_PATHS.previousOrder,
    {
      config: { auth: 'session' },
      schema: routeSchema('orders', 'SPEC §3 previous order: the product ids of the last placed order', {
        response: { 200: ProductIdsSchema, ...refusals },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      productIds: await history.previousProductIds(callerOf(req)),
    }),
  );

  r.get(
    API_PATHS.orderDetails,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        'SPEC §3 order details: the order summary, its stage and label, and invoiceMsg (null when the invoice can be downloaded)',
        { params: OrderParams, response: { 200: OrderDetailsResponseSchema, ...refusals } },
      ),
    },
    async (req) => ok(await history.details(callerOf(req), req.params.orderId)),
  );

  r.get(
    API_PATHS.invoice,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        'SPEC §7 invoice: application/pdf, attachment invoice-{wiOid}.pdf; 400 with the reason when the order has no invoice',
        {
          params: OrderParams,
          querystring: InvoiceQuerySchema,
          // the PDF's bytes: Fastify sends a Buffer as it is, never through a serializer
          response: { 200: z.any().describe('application/pdf'), ...refusals },
        },
      ),
    },
    async (req, reply) => {
      const { filename, pdf } = await history.invoice(callerOf(req), req.params.orderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}

/** Ordering a past order again, and the caller's favourite orders and menu items. */
function reorderAndFavouriteRoutes(app: FastifyInstance, history: HistoryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.reorder,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        "SPEC §7 reorder by {id}: CHECK says what the store can make now; ADD puts it in the caller's cart (cartid header: the current cart; Idempotency-Key makes a retry add nothing twice)",
        {
          params: OrderParams,
          body: ReorderBodySchema,
          response: { 200: ReorderResponseSchema, 409: ErrorResponseSchema, ...refusals },
        },
      ),
    },
    async (req) =>
      ok(
        await history.reorder(callerOf(req), req.params.orderId, req.body.action, {
          cartId: header(req, HEADERS.cartId),
          idempotencyKey: header(req, HEADERS.idempotencyKey),
        }),
      ),
  );

  r.post(
    API_PATHS.favouriteOrder,
    {
      config: { auth: 'session' },
      schema: routeSchema('orders', "SPEC §7 favourite order: marks or unmarks one of the caller's orders", {
        params: OrderParams,
        body: FavouriteOrderBodySchema,
        response: { 200: FavouriteOrderResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await history.favouriteOrder(callerOf(req), req.params.orderId, req.body.favourite)),
  );

  r.get(
    API_PATHS.favourites,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        "SPEC §7 favourites: the caller's favourite menu items (the menu's category 0)",
        {
          response: { 200: ProductIdsSchema, ...refusals },
        },
      ),
    },
    async (req) => ({ status: 'SUCCESS' as const, productIds: await history.favourites(callerOf(req)) }),
  );

  r.post(
    API_PATHS.favouriteItems,
    {
      config: { auth: 'session' },
      schema: routeSchema(
        'orders',
        'SPEC §7 favourite items: marks or unmarks a menu item; answers the favourites as they now are',
        { body: FavouriteItemBodySchema, response: { 200: ProductIdsSchema, ...refusals } },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      productIds: await history.favouriteItem(callerOf(req), req.body.productId, req.body.favourite),
    }),
  );
}
