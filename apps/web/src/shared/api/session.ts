import { useSyncExternalStore } from 'react';
import { API_PATHS, CLIENT_SOURCE, HEADERS } from '@crust/contract/paths';
import type {
  AnonymousSession,
  AnonymousSessionResponse,
  CustomerSession,
  ErrorResponse,
  RefreshResponse,
} from '@crust/contract';
import { API_TIMEOUT_MS } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';
import { setApiError } from './api-error.ts';
import { ApiError, NetworkError } from './errors.ts';
import { miniApp } from '../partner/mode.ts';
import { idbKeyStore, openVault, type KeyStore, type Sealed, type Vault } from './vault.ts';

/** SPEC §3 User: a guest (anonymous token) or a logged-in customer, with the credentials sent on every call. */
export type Session = AnonymousSession | CustomerSession;

/**
 * The one session store. It lives in memory and, sealed with AES-GCM (./vault.ts), in localStorage under
 * STORAGE_KEYS.session as {iv, ciphertext}. Without WebCrypto or IndexedDB it stays in memory only: the
 * visitor starts as a new guest on every load. Old plaintext sessions are discarded.
 */
let session: Session | null = null;
let vault: Vault | null = null;
/** bumped by every change: a slower encryption of an older session never overwrites a newer one */
let generation = 0;
let ready: Promise<void> = Promise.resolve();
let guestPending: Promise<Session | null> | null = null;
let refreshing: Promise<Session | null> | null = null;
let lastRenewal = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function set(next: Session | null): Promise<void> {
  session = next;
  emit();
  const g = ++generation;
  if (!next) writeJson(STORAGE_KEYS.session, null);
  if (!next || !vault) return Promise.resolve();
  return vault.seal(next).then(
    (sealed) => {
      if (g === generation) writeJson(STORAGE_KEYS.session, sealed);
    },
    () => undefined,
  );
}

/** The sealed session in storage; anything else there (plaintext, another key's ciphertext) is dropped. */
async function readStored(): Promise<Session | null> {
  const raw = readJson<Partial<Sealed> | null>(STORAGE_KEYS.session, null);
  if (!raw) return null;
  const sealed = typeof raw.iv === 'string' && typeof raw.ciphertext === 'string';
  const s = (sealed && vault ? await vault.open(raw as Sealed).catch(() => null) : null) as Session | null;
  if (typeof s?.userId === 'string' && typeof s.credentials?.refreshToken === 'string') return s;
  if (vault || !sealed) writeJson(STORAGE_KEYS.session, null);
  return null;
}

/** Loads the stored session (once at startup; tests call it again with a fake key store). */
export function startSession(keys: KeyStore = idbKeyStore): Promise<void> {
  session = null;
  generation++;
  guestPending = refreshing = null;
  lastRenewal = 0;
  ready = openVault(keys).then(async (v) => {
    vault = v;
    session = await readStored();
    emit();
  });
  return ready;
}

/** Resolves once the stored session is loaded: the API client waits for it before the first call. */
export function sessionReady(): Promise<void> {
  return ready;
}

export function currentSession(): Session | null {
  return session;
}

export function isLoggedIn(): boolean {
  return session?.isLoggedIn === true;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, currentSession, () => null);
}

/** After login (SPEC §4): resolves once the session is stored, so a full page load may follow. */
export function setCustomerSession(s: CustomerSession): Promise<void> {
  return set(s);
}

/** Forgets the user and their credentials at once (storage included). */
export function clearSession(): void {
  void set(null);
}

function post(path: string, body: unknown, s?: Session | null): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADERS.source]: CLIENT_SOURCE,
  };
  if (s) headers[HEADERS.userId] = s.userId;
  const signal = AbortSignal.timeout?.(API_TIMEOUT_MS);
  return fetch(path, { method: 'POST', headers, body: JSON.stringify(body), signal }).catch(() => {
    throw new NetworkError(false);
  });
}

/**
 * Creates a guest session when there is none. Parallel callers share one request. A failure leaves the
 * app usable without one (catalogue calls are public) and resolves null.
 */
export async function ensureGuestSession(force = false): Promise<Session | null> {
  await ready;
  if (!force && session) return session;
  const before = session;
  guestPending ??= post(API_PATHS.anonymousSession, {})
    .then(async (res) => {
      if (!res.ok) return null;
      const { data } = (await res.json()) as AnonymousSessionResponse;
      // a login that finished meanwhile wins over this guest
      if (session === before) await set(data);
      return session;
    })
    .catch(() => null)
    .finally(() => {
      guestPending = null;
    });
  return guestPending;
}

/** Refresh tokens are single-use, so two tabs must not refresh at once: Web Locks where the browser has them. */
function exclusive(run: () => Promise<Session | null>): Promise<Session | null> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('crust.session', run).then((s) => s)
    : run();
}

/**
 * SPEC §4 Token refresh: one shared refresh, however many callers ask while it runs. Resolves the new
 * session: the same user with new credentials, or a new guest when the refresh token was refused (a
 * customer refused is logged out: the API error flag is set with the server's displayMsg or "You have
 * been logged out. Please login again."). Rejects (keeping the session) on a network or server failure.
 */
export function refreshSession(): Promise<Session | null> {
  refreshing ??= exclusive(renew).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renew(): Promise<Session | null> {
  await ready;
  const s = session;
  if (!s) return ensureGuestSession();
  // another tab may have refreshed already: its newer tokens are in storage, and ours are spent
  const stored = vault ? await readStored() : null;
  const newer = (a: Session, b: Session) =>
    Date.parse(a.credentials.expiration) > Date.parse(b.credentials.expiration);
  if (stored?.userId === s.userId && newer(stored, s)) {
    session = stored;
    emit();
    return stored;
  }
  let res: Response | null = null;
  if (Date.parse(s.credentials.refreshExpiration) > Date.now() || !s.credentials.refreshExpiration)
    res = await post(API_PATHS.refresh, { refreshToken: s.credentials.refreshToken }, s);
  if (session !== s) return session;
  if (res?.ok) {
    const { data } = (await res.json()) as RefreshResponse;
    const next = (
      s.isLoggedIn
        ? { ...s, credentials: data.credentials }
        : { ...s, credentials: { ...s.credentials, ...data.credentials } }
    ) as Session;
    lastRenewal = Date.now();
    await set(next);
    return next;
  }
  if (res && (res.status >= 500 || res.status === 429))
    throw new ApiError(res.status, [
      { code: String(res.status), displayMsg: MESSAGES.somethingWentWrongRetry },
    ]);
  // refused: unknown, expired or reused refresh token
  if (s.isLoggedIn) {
    const body = (await res?.json().catch(() => null)) as ErrorResponse | null;
    const message = body?.errors?.[0]?.displayMsg || MESSAGES.loggedOut;
    // SPEC §8: inside a partner's mini-app the customer signs in again from the partner's app
    setApiError(miniApp() && message === MESSAGES.loggedOut ? MESSAGES.loggedOutMiniApp : message);
  }
  await set(null);
  return ensureGuestSession();
}

/** The access token's expiration has passed (and it was not renewed in the last 30 s: a skewed clock). */
export function accessExpired(s: Session | null): boolean {
  return !!s && Date.parse(s.credentials.expiration) <= Date.now() && Date.now() - lastRenewal > 30_000;
}

// another tab logged in, out, or refreshed: follow it
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEYS.session && e.key !== null) return;
    void ready.then(readStored).then((s) => {
      session = s;
      emit();
    });
  });

void startSession();
