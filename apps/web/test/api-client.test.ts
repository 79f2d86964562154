import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NetworkError, requestHeaders } from '../src/shared/api/client.ts';
import { resetLocationState, setStore, setPoint } from '../src/shared/state/location-store.ts';
import { clearSession } from '../src/shared/api/session.ts';

type Call = { url: string; init: RequestInit };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: Call[];
function mockFetch(...answers: ((call: Call) => Response | Promise<Response>)[]) {
  calls = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetLocationState();
  clearSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SPEC §7 headers', () => {
  it('sends the client, source, delivery type, request id and location on every request', async () => {
    setPoint({ latitude: 12.9352, longitude: 77.6245, label: 'Koramangala' });
    setStore({ id: 3001, name: 'Crust Koramangala', online: 1, advanceOrderStoreId: null, address: '' });
    const h = requestHeaders();
    expect(h).toMatchObject({
      source: 'PWA18',
      client_type: 'PWA',
      deliverytype: 'D',
      isloggedin: 'false',
      storeid: '3001',
      u_lat: '12.9352',
      u_long: '77.6245',
    });
    expect(h.request_id).toMatch(/^pwa-anon-/);
  });

  it('sends guest credentials once there is a session', async () => {
    localStorage.setItem('crust.session', '{}');
    const session = {
      userId: 'G1',
      isLoggedIn: false,
      credentials: {
        accessKeyId: 'AKG1',
        secretKey: 's',
        sessionToken: 'tok',
        expiration: new Date(Date.now() + 3600_000).toISOString(),
      },
    };
    mockFetch(
      () => json(200, { status: 'SUCCESS', data: session }),
      () => json(200, { status: 'SUCCESS', data: {} }),
    );
    const { ensureGuestSession } = await import('../src/shared/api/session.ts');
    await ensureGuestSession(true);
    await api('/api/v1/config');
    expect(header(calls[1]!, 'authtoken')).toBe('AKG1');
    expect(header(calls[1]!, 'sessiontoken')).toBe('tok');
    expect(header(calls[1]!, 'userid')).toBe('G1');
  });
});

describe('retries (SPEC §8)', () => {
  // the back-off waits 0.5 + 1 + 2 s; the clock is driven, so a busy machine cannot make these late
  const BACKOFF_TOTAL_MS = 3_500;

  it('retries a GET up to 3 times on a network failure, then succeeds', async () => {
    mockFetch(offline, offline, offline, () => json(200, { status: 'SUCCESS', data: 1 }));
    const answer = expect(api('/api/v1/cities')).resolves.toEqual({ status: 'SUCCESS', data: 1 });
    await vi.advanceTimersByTimeAsync(BACKOFF_TOTAL_MS);
    await answer;
    expect(calls).toHaveLength(4);
  });

  it('gives up after 3 retries with a NetworkError', async () => {
    mockFetch(offline);
    const answer = expect(api('/api/v1/cities')).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(BACKOFF_TOTAL_MS);
    await answer;
    expect(calls).toHaveLength(4);
  });

  it('never retries a POST (it could do something twice)', async () => {
    mockFetch(offline);
    await expect(api('/api/v1/stores/info', { method: 'POST', body: { storeId: 1 } })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(calls).toHaveLength(1);
  });

  it('turns a FAILED answer into an ApiError carrying the server text', async () => {
    mockFetch(() =>
      json(400, {
        status: 'FAILED',
        errors: [
          { code: 'BAD_REQUEST', displayMsg: 'Invalid querystring.latitude', field: 'querystring.latitude' },
        ],
      }),
    );
    const err = await api('/api/v1/geo/reverse').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe('Invalid querystring.latitude');
  });

  it('reports an unparsable answer as an ApiError, not a crash', async () => {
    mockFetch(() => new Response('<html>proxy error</html>', { status: 502 }));
    const err = await api('/api/v1/config').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_RESPONSE');
  });
});

describe('default-store fallback (SPEC §8 HTTP handling)', () => {
  const scoped = (storeId: number | null) => ({
    storeScoped: { storeId, path: (id: number | string) => `/api/v1/stores/${id}/menu` },
  });

  it.each<[string, number | null, number, boolean]>([
    ['403 for a known-looking store retries with the default store', 987654, 403, true],
    ['404 with a null store retries with the default store', null, 404, true],
    ['404 with a real store id is an error', 3001, 404, false],
  ])('%s', async (_name, storeId, status, fallsBack) => {
    mockFetch(
      () => json(status, { status: 'FAILED', errors: [{ code: 'X', displayMsg: 'no' }] }),
      () => json(200, { status: 'SUCCESS', data: 'default' }),
    );
    const result = api(`/api/v1/stores/${storeId}/menu`, scoped(storeId));
    if (fallsBack) {
      await expect(result).resolves.toEqual({ status: 'SUCCESS', data: 'default' });
      expect(calls[1]!.url).toBe('/api/v1/stores/1001/menu');
    } else {
      await expect(result).rejects.toBeInstanceOf(ApiError);
      expect(calls).toHaveLength(1);
    }
  });
});
