import { API_PATHS } from '@crust/contract/paths';
import type { AnonymousSession, AnonymousSessionResponse } from '@crust/contract';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';

/** The guest's credentials (SPEC §3 User), kept on the device and sent with every request. */
let session: AnonymousSession | null = readJson<AnonymousSession | null>(STORAGE_KEYS.session, null);
let pending: Promise<AnonymousSession | null> | null = null;

export function currentSession(): AnonymousSession | null {
  if (session && Date.parse(session.credentials.expiration) <= Date.now()) session = null;
  return session;
}

/**
 * Creates a guest session when there is none. Parallel callers share one request (SPEC §4 Token
 * refresh: one shared refresh). A failure leaves the app usable without one: catalogue calls are public.
 */
export function ensureGuestSession(force = false): Promise<AnonymousSession | null> {
  if (!force && currentSession()) return Promise.resolve(session);
  pending ??= fetch(API_PATHS.anonymousSession, {
    method: 'POST',
    headers: { 'content-type': 'application/json', source: 'PWA18' },
    body: '{}',
  })
    .then(async (res) => {
      if (!res.ok) return null;
      const body = (await res.json()) as AnonymousSessionResponse;
      session = body.data;
      writeJson(STORAGE_KEYS.session, session);
      return session;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function clearSession(): void {
  session = null;
  writeJson(STORAGE_KEYS.session, null);
}
