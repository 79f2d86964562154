import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document's tags: one per area of the API, in the order the docs list them. */
const TAGS = [
  { name: 'session', description: 'Guest sessions, token refresh, logout' },
  { name: 'auth', description: 'OTP, password and social (OpenID Connect) login' },
  { name: 'account', description: 'Profile and saved addresses' },
  { name: 'loyalty', description: 'Pizza Pals: enrolment, points, opting out' },
  { name: 'wallet', description: 'The wallet summary and ledger' },
  { name: 'config', description: 'Remote and app config' },
  { name: 'geo', description: 'Cities, localities, geocoding' },
  { name: 'stores', description: 'Store choice and store info' },
  { name: 'menu', description: 'Menus and toppings per store' },
  { name: 'cart', description: 'Carts: items, prices, coupons and deals' },
  { name: 'offers', description: 'Coupons, their terms, everyday-value deals' },
  { name: 'payments', description: 'Payment options and the wallet per store' },
  {
    name: 'orders',
    description:
      'Checkout: confirm order, COD and voucher codes, payment status, gateway callbacks and webhooks',
  },
  { name: 'tracking', description: 'Where an order is: tracker, live events, track by number' },
  {
    name: 'notifications',
    description: "Order notifications by Web Push: the server's key, subscribe, opt out",
  },
  { name: 'store', description: 'The store console: staff login, live queue, stages, stock, online' },
  { name: 'sms', description: "The SMS provider's delivery reports" },
  { name: 'rail', description: 'Delivery to a train seat: PNR status' },
  { name: 'feedback', description: 'Ratings of delivered orders (CSAT and NPS), their count' },
  { name: 'content', description: 'Widgets, alerts, the cart widget, info pages; their admin' },
  {
    name: 'paytm',
    description: 'The Paytm wallet: link by OTP, balance, submit order, UPI verify, deeplink',
  },
  { name: 'experiments', description: 'SPEC §4 buckets and variants: the allocation and the variation call' },
  {
    name: 'analytics',
    description: 'User-activity events and coarse device facts, while the config’s switch is on',
  },
];

/**
 * The OpenAPI document, made from the routes' schemas (so it must be registered before them); with `apiDocs`, it
 * is served at /api/openapi.json with its browsable UI at /api/docs.
 */
export async function installOpenApi(app: FastifyInstance, apiDocs: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Crust API',
        version: '1.0.0',
        description: 'Online ordering for the Crust pizza chain',
      },
      tags: TAGS,
    },
    transform: jsonSchemaTransform,
  });
  if (apiDocs) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
}
