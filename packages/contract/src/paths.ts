import * as API_PATHS from './api-paths.ts';

/** Every API path (./api-paths.ts), shared by the server's routes and the web client. */
export { API_PATHS };

export const API_PREFIX = '/api/v1';

export type ApiPathKey = keyof typeof API_PATHS;

/** Fills :params in a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** SPEC §7 request headers, as sent by the web client (lower-case, as HTTP/2 and Fastify see them). */
export const HEADERS = {
  apiKey: 'api_key',
  authToken: 'authtoken',
  userId: 'userid',
  storeId: 'storeid',
  isLoggedIn: 'isloggedin',
  clientType: 'client_type',
  source: 'source',
  requestId: 'request_id',
  abTest: 'ab_test',
  gaClientId: 'ga_client_id',
  deliveryType: 'deliverytype',
  sessionToken: 'sessiontoken',
  mobile: 'mobile',
  childStoreId: 'childstoreid',
  userLat: 'u_lat',
  userLong: 'u_long',
  cartId: 'cartid',
  isWalletUsed: 'iswalletused',
  tipVariant: 'tip_variant',
  selectedPaymentId: 'selected_payment_id',
  idempotencyKey: 'idempotency-key',
} as const;

export const CLIENT_SOURCE = 'PWA18';
