import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { EXPERIMENT_TIMEOUT_MS } from '@crust/domain/experiments';
import { requestHeaders } from '../src/shared/api/client.ts';
import { clearSession } from '../src/shared/api/session.ts';
import { allocateExperiments } from '../src/shared/experiments/allocate.ts';
import { storeAbTest } from '../src/shared/experiments/assignment.ts';
import { AB_TEST_KEY, CLIENT_ID_KEY } from '../src/shared/experiments/headers.ts';
import MenuScreen from '../src/features/menu/MenuScreen.tsx';
import { resetLocationState, setStore } from '../src/shared/state/location-store.ts';
import { mockApi } from './menu-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

/**
 * Issue 33 §2 on the web (docs/experiments.md): the allocation kept as the ab_test header, SPEC §9's 2000 ms after
 * which (or after a failure) the app goes on with control, the GA-style client id, and the menuReverseAB
 * experiment's reversed categories for the buckets the remote config names.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; init: RequestInit };
function stubFetch(answer: (call: Call) => Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
/** A fetch that answers only when aborted (as a slow vendor would, had it been waited for). */
const never = (call: Call) =>
  new Promise<Response>((_, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

const A_CLIENT = '1234567845.1764345600'; // 45: bucket A
const B_CLIENT = '1234567875.1764345600'; // 75: bucket B

beforeEach(() => {
  clearSession();
  resetLocationState();
  storeAbTest({});
  localStorage.setItem(CLIENT_ID_KEY, JSON.stringify(A_CLIENT));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the ab_test header', () => {
  it('is {} before any allocation, then the allocation’s answer as JSON, on every call', async () => {
    expect(requestHeaders().ab_test).toBe('{}');
    const answer = { bucket: 'A', voice: 'w', nextGenHome: 'x' };
    const calls = stubFetch(async () =>
      json(200, { status: 'SUCCESS', data: { bucket: 'A', variants: {}, abTest: answer } }),
    );
    await allocateExperiments();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/experiments/allocation');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      clientId: A_CLIENT,
      accountId: 'crust',
      tenantId: 'crust-in',
      workspaceId: 'pwa',
    });
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual(answer);
    expect(localStorage.getItem(AB_TEST_KEY)).toBe(JSON.stringify(answer));
  });

  it('carries the GA-style client id, made once and kept', () => {
    localStorage.removeItem(CLIENT_ID_KEY);
    const first = requestHeaders().ga_client_id!;
    expect(first).toMatch(/^\d{1,10}\.\d{10}$/);
    expect(requestHeaders().ga_client_id).toBe(first);
    expect(JSON.parse(localStorage.getItem(CLIENT_ID_KEY)!)).toBe(first);
  });
});

describe('SPEC §9: the allocation waits 2000 ms, then the app goes on with control', () => {
  it('an allocation with no answer in time is control: the bucket only, the request aborted', async () => {
    vi.useFakeTimers();
    storeAbTest({ bucket: 'A', voice: 'w' });
    const calls = stubFetch(never);
    const done = allocateExperiments();
    await vi.advanceTimersByTimeAsync(EXPERIMENT_TIMEOUT_MS - 1);
    // still waiting: nothing decided yet
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'A', voice: 'w' });
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(calls[0]!.init.signal?.aborted).toBe(true);
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'A' });
  });

  it('an answer inside the 2000 ms is kept', async () => {
    vi.useFakeTimers();
    stubFetch(
      () =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve(
                json(200, {
                  status: 'SUCCESS',
                  data: { bucket: 'A', variants: {}, abTest: { bucket: 'A', voice: 's' } },
                }),
              ),
            EXPERIMENT_TIMEOUT_MS - 100,
          ),
        ),
    );
    const done = allocateExperiments();
    await vi.advanceTimersByTimeAsync(EXPERIMENT_TIMEOUT_MS);
    await done;
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'A', voice: 's' });
  });

  it('a failed allocation (a 500, or no network) is control too', async () => {
    localStorage.setItem(CLIENT_ID_KEY, JSON.stringify(B_CLIENT));
    stubFetch(async () => json(500, { status: 'FAILED', errors: [{ code: 'E', displayMsg: 'boom' }] }));
    await allocateExperiments();
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'B' });
    storeAbTest({});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await allocateExperiments();
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'B' });
  });

  it('of two allocations at once, the later one’s answer is kept', async () => {
    const answers: ((r: Response) => void)[] = [];
    stubFetch(() => new Promise((resolve) => answers.push(resolve)));
    const first = allocateExperiments();
    const second = allocateExperiments();
    await waitFor(() => expect(answers).toHaveLength(2));
    const reply = (voice: string) =>
      json(200, { status: 'SUCCESS', data: { bucket: 'A', variants: {}, abTest: { bucket: 'A', voice } } });
    answers[1]!(reply('y'));
    await second;
    answers[0]!(reply('u'));
    await first;
    expect(JSON.parse(requestHeaders().ab_test!)).toEqual({ bucket: 'A', voice: 'y' });
  });
});

describe('menuReverseAB: the menu’s categories in reverse for the buckets the remote config names', () => {
  const KORAMANGALA = {
    id: 3001,
    name: 'Koramangala',
    online: 1 as const,
    advanceOrderStoreId: null,
    address: '',
  };
  const ORDER = [
    'Bestsellers',
    'Veg Pizza',
    'Non-Veg Pizza',
    'Pizza Mania',
    'Sides',
    'Beverages',
    'Chef Specials',
  ];

  async function tabs(assignment: Record<string, string>, menuReverseAB: boolean | string[]) {
    storeAbTest(assignment);
    mockApi();
    setStore(KORAMANGALA);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    });
    queryClient.setQueryData(['config'], { menuReverseAB });
    const view = renderRouter([{ path: '/menu', Component: MenuScreen }], '/menu', { queryClient });
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(2));
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent ?? '')
      .filter((t) => t !== 'All');
    view.unmount();
    return names;
  }

  it.each<[Record<string, string>, boolean | string[], boolean]>([
    [{ bucket: 'B' }, true, true],
    [{ bucket: 'A' }, true, false],
    [{ bucket: 'C' }, true, false],
    [{ bucket: 'none' }, true, false],
    [{ bucket: 'B' }, false, false],
    [{ bucket: 'A' }, ['A', 'C'], true],
    [{ bucket: 'B' }, ['A', 'C'], false],
    // no allocation yet: no bucket, the menu as it is
    [{}, true, false],
  ])('%j, config %j → reversed: %s', async (assignment, config, reversed) => {
    expect(await tabs(assignment, config)).toEqual(reversed ? [...ORDER].reverse() : ORDER);
  });
});
