import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  currentSession,
  ensureGuestSession,
  isLoggedIn,
  setCustomerSession,
  startSession,
} from '../src/shared/api/session.ts';
import { openVault } from '../src/shared/api/vault.ts';
import { makeCustomer, makeGuest, memoryKeyStore } from './auth-fixtures.ts';
import { json } from './location-harness.tsx';

const KEY = 'crust.session';

beforeEach(() => startSession());
afterEach(() => vi.unstubAllGlobals());

describe('session store (SPEC §3 User, stored encrypted)', () => {
  it('without IndexedDB the session lives in memory only: nothing is written to storage', async () => {
    await startSession(); // jsdom has no IndexedDB: the fallback
    await setCustomerSession(makeCustomer());
    expect(isLoggedIn()).toBe(true);
    expect(currentSession()?.userId).toBe('U0001');
    expect(localStorage.getItem(KEY)).toBeNull();
    // a reload starts as a new guest
    await startSession();
    expect(currentSession()).toBeNull();
  });

  it('seals the session with AES-GCM under a non-extractable key and reads it back after a reload', async () => {
    const keys = memoryKeyStore();
    await startSession(keys);
    await setCustomerSession(makeCustomer());
    expect(keys.key?.extractable).toBe(false);
    expect(keys.key?.algorithm.name).toBe('AES-GCM');
    const raw = localStorage.getItem(KEY)!;
    const stored = JSON.parse(raw);
    expect(Object.keys(stored).sort()).toEqual(['ciphertext', 'iv']);
    for (const secret of ['customer-refresh-0001', 'customer-token', '9876543210', 'Asha'])
      expect(raw).not.toContain(secret);
    expect(atob(stored.ciphertext)).not.toContain('9876543210');

    await startSession(keys);
    expect(currentSession()).toEqual(makeCustomer());
  });

  it('each write uses a fresh IV', async () => {
    const keys = memoryKeyStore();
    await startSession(keys);
    await setCustomerSession(makeCustomer());
    const first = JSON.parse(localStorage.getItem(KEY)!);
    await setCustomerSession(makeCustomer());
    expect(JSON.parse(localStorage.getItem(KEY)!).iv).not.toBe(first.iv);
  });

  it('a session sealed under another key cannot be read: it is discarded and the visitor starts afresh', async () => {
    await startSession(memoryKeyStore());
    await setCustomerSession(makeCustomer());
    expect(localStorage.getItem(KEY)).not.toBeNull();
    await startSession(memoryKeyStore());
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('an old plaintext session is discarded, with or without a key store', async () => {
    localStorage.setItem(KEY, JSON.stringify(makeGuest()));
    await startSession(memoryKeyStore());
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();

    localStorage.setItem(KEY, JSON.stringify(makeGuest()));
    await startSession();
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('clearSession forgets the user and removes the stored copy at once', async () => {
    await startSession(memoryKeyStore());
    await setCustomerSession(makeCustomer());
    clearSession();
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    // an encryption still on its way does not bring it back
    await new Promise((r) => setTimeout(r, 20));
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a key store that never answers falls back to memory', async () => {
    await expect(openVault({ getOrAdd: () => new Promise(() => {}) }, 10)).resolves.toBeNull();
  });

  it('ensureGuestSession: parallel callers share one anonymous session request', async () => {
    const fetchMock = vi.fn(async () => json({ status: 'SUCCESS', data: makeGuest() }));
    vi.stubGlobal('fetch', fetchMock);
    const [a, b] = await Promise.all([ensureGuestSession(), ensureGuestSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a).toEqual(makeGuest());
    expect(b).toBe(a);
    expect(isLoggedIn()).toBe(false);
  });

  it('a guest session arriving after a login does not replace the customer', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    const guest = ensureGuestSession();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'), { timeout: 30_000 });
    await setCustomerSession(makeCustomer());
    answer(json({ status: 'SUCCESS', data: makeGuest() }));
    await guest;
    expect(isLoggedIn()).toBe(true);
  });
});
