import type { ApiError as ApiErrorBody } from '@crust/contract';
import { HEADERS, CLIENT_SOURCE } from '@crust/contract/paths';
import {
  API_TIMEOUT_MS,
  DEFAULT_STORE_ID,
  NETWORK_RETRIES,
  TOKEN_REFRESH_RETRIES,
} from '@crust/domain/constants';
import { getLocationState } from '../state/location-store.ts';
import {
  accessExpired,
  currentSession,
  ensureGuestSession,
  refreshSession,
  sessionReady,
} from './session.ts';
import { ApiError, NetworkError } from './errors.ts';
import { MESSAGES } from '@crust/domain/messages';
import { miniApp } from '../partner/mode.ts';
import { abTestHeader, clientId } from '../experiments/headers.ts';

export { ApiError, NetworkError };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** SPEC §8: store-scoped calls (menu, toppings) fall back to the default store on 403 or a null-store 404 */
  storeScoped?: { storeId: number | null | undefined; path: (storeId: number | string) => string };
  headers?: Record<string, string>;
}

/** SPEC §7 headers on every request. */
export function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const loc = getLocationState();
  const s = currentSession();
  // inside a partner's mini-app, the partner's own api key and client type (SPEC §1, §3 vendorConfig)
  const partner = miniApp()?.config;
  const h: Record<string, string> = {
    accept: 'application/json',
    [HEADERS.apiKey]: partner?.apiKey ?? 'crust-pwa',
    [HEADERS.clientType]: partner?.clientType ?? 'PWA',
    [HEADERS.source]: CLIENT_SOURCE,
    [HEADERS.isLoggedIn]: String(s?.isLoggedIn === true),
    [HEADERS.deliveryType]: loc.deliveryType,
    [HEADERS.abTest]: abTestHeader(),
    [HEADERS.gaClientId]: clientId(),
    [HEADERS.requestId]: `${s?.isLoggedIn ? 'pwa-' : 'pwa-anon-'}${s?.userId ?? clientId()}-${Date.now()}`,
  };
  if (s) {
    h[HEADERS.authToken] = s.credentials.accessKeyId;
    h[HEADERS.sessionToken] = s.credentials.sessionToken;
    h[HEADERS.userId] = s.userId;
  }
  if (loc.store) h[HEADERS.storeId] = String(loc.store.id);
  if (loc.point) {
    h[HEADERS.userLat] = String(loc.point.latitude);
    h[HEADERS.userLong] = String(loc.point.longitude);
  }
  return { ...h, ...extra };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface JsonRequest {
  method?: string;
  headers: Record<string, string>;
  /** sent as JSON (with its content-type) when given */
  body?: unknown;
  /** the caller's: aborting it rejects with the caller's own reason, not a NetworkError */
  signal?: AbortSignal;
}

/**
 * One fetch with SPEC §8's timeout (API_TIMEOUT_MS): no answer in time, or none at all (offline, DNS), is a
 * NetworkError saying which. What the request carries (headers, retries, auth) is the caller's business.
 */
export async function fetchWithTimeout(url: string, req: JsonRequest): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), API_TIMEOUT_MS);
  const onAbort = () => controller.abort(req.signal?.reason);
  req.signal?.addEventListener('abort', onAbort);
  try {
    const json = req.body !== undefined;
    return await fetch(url, {
      method: req.method ?? 'GET',
      headers: json ? { ...req.headers, 'content-type': 'application/json' } : req.headers,
      body: json ? JSON.stringify(req.body) : undefined,
      signal: controller.signal,
    });
  } catch (e) {
    if (req.signal?.aborted) throw e;
    throw new NetworkError(controller.signal.aborted);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const once = (url: string, opts: RequestOptions): Promise<Response> =>
  fetchWithTimeout(url, { ...opts, headers: requestHeaders(opts.headers) });

async function parse<T>(res: Response): Promise<T> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, [{ code: 'BAD_RESPONSE', displayMsg: MESSAGES.somethingWentWrongRetry }]);
  }
  if (!res.ok) {
    const errors = (body as { errors?: ApiErrorBody[] }).errors;
    throw new ApiError(
      res.status,
      errors?.length ? errors : [{ code: String(res.status), displayMsg: MESSAGES.somethingWentWrongRetry }],
    );
  }
  return body as T;
}

/** One request with the network retries of SPEC §8 (GETs only); an expired access token is renewed first. */
async function send(url: string, opts: RequestOptions): Promise<[Response, string | undefined]> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (accessExpired(currentSession())) await refreshSession();
      const token = currentSession()?.credentials.sessionToken;
      return [await once(url, opts), token];
    } catch (e) {
      if (!(e instanceof NetworkError) || (opts.method ?? 'GET') !== 'GET' || attempt >= NETWORK_RETRIES)
        throw e;
      await sleep(500 * 2 ** attempt);
    }
  }
}

/**
 * After a 401 (SPEC §4 Token refresh): one shared refresh for every request that got one. A request sent
 * with credentials that have changed since (another request refreshed them) just goes again.
 */
async function renewAfter401(sentToken: string | undefined): Promise<void> {
  const s = currentSession();
  if (s && s.credentials.sessionToken !== sentToken) return;
  await (s ? refreshSession() : ensureGuestSession());
}

/**
 * JSON over fetch with SPEC §7/§8 behaviour: headers, 30 s timeout, up to 3 retries of GETs on network
 * failure, a shared token refresh on 401 with up to 2 retries, and the default-store fallback for
 * store-scoped calls. The first call waits for the stored session to load.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  await sessionReady();
  const url = buildUrl(path, opts.query);
  let [res, token] = await send(url, opts);
  for (let retry = 0; res.status === 401 && retry < TOKEN_REFRESH_RETRIES; retry++) {
    await renewAfter401(token);
    [res, token] = await send(url, opts);
  }
  const scoped = opts.storeScoped;
  if (scoped) {
    const nullStore = scoped.storeId === null || scoped.storeId === undefined;
    if (res.status === 403 || (res.status === 404 && nullStore)) {
      if (scoped.storeId !== DEFAULT_STORE_ID) {
        return api<T>(buildUrl(scoped.path(DEFAULT_STORE_ID), opts.query), {
          ...opts,
          storeScoped: undefined,
        });
      }
    }
  }
  return parse<T>(res);
}
