import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@crust/contract/paths';
import { MEDIA_PATHS } from '@crust/contract/media-paths';

/**
 * The API's public catalogue: the same answer for everybody, so browsers and proxies may keep it as each
 * route says (docs/security.md "Personal data"). Every other API answer depends on who asks (session, login,
 * account, cart, orders and payments, history, invoices, tracking, the store console) or is an error about
 * the request, and carries `Cache-Control: no-store`: no shared cache or back-forward cache keeps it.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  API_PATHS.config,
  API_PATHS.appConfig,
  API_PATHS.socialConfig,
  API_PATHS.cities,
  API_PATHS.cityStores,
  API_PATHS.cityLocalities,
  API_PATHS.autocomplete,
  API_PATHS.geocode,
  API_PATHS.reverseGeocode,
  API_PATHS.nearestStore,
  API_PATHS.storeInfo,
  API_PATHS.menu,
  API_PATHS.toppings,
  // food photos: immutable, their id the hash of their bytes (issue 30 §2)
  MEDIA_PATHS.photo,
  API_PATHS.storeOffers,
  API_PATHS.offerTerms,
  API_PATHS.explicitPromo,
  API_PATHS.edvDeals,
  API_PATHS.edvDeal,
  API_PATHS.edvMixMatch,
  // content (issue 17 §2): revalidated by ETag
  API_PATHS.widgets,
  API_PATHS.widget,
  API_PATHS.alerts,
  API_PATHS.staticWidget,
  API_PATHS.infoPages,
  API_PATHS.infoPage,
  '/api/openapi.json',
]);

export function installCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const personal =
      (req.url.startsWith('/api/') && !PUBLIC_API_ROUTES.has(req.routeOptions.url ?? '')) ||
      req.url.startsWith('/sandbox/');
    if (personal && !String(reply.getHeader('cache-control') ?? '').includes('no-store'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
