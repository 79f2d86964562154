import { useSyncExternalStore } from 'react';
import type { StaffSession } from '@crust/contract/store-console';
import { readJson, writeJson } from '../../shared/storage.ts';

/**
 * The staff login, kept apart from the customer's session (a store tablet may also be someone's phone): in
 * this tab only (sessionStorage), and dropped once it expires. `ended` says why the login form is back: the
 * server refused the token, or its time ran out, so the form can tell the staff member.
 */
export const STAFF_SESSION_KEY = 'crust.staff';

export interface StaffState {
  session: StaffSession | null;
  ended: boolean;
}

function isLive(s: StaffSession | null, nowMs: number): s is StaffSession {
  if (!s || typeof s.token !== 'string' || !s.staff || !Array.isArray(s.stores)) return false;
  // a login kept by an older console, from before roles said what it may do: logged in again
  if (!Array.isArray(s.staff.may)) return false;
  // a one-time password's session may only change the password: it is never kept as a login
  if (s.mustChangePassword !== false) return false;
  const expires = Date.parse(s.expiresAt);
  return Number.isFinite(expires) && expires > nowMs;
}

function load(): StaffState {
  const stored = readJson<StaffSession | null>(STAFF_SESSION_KEY, null, 'session');
  if (isLive(stored, Date.now())) return { session: stored, ended: false };
  if (stored) writeJson(STAFF_SESSION_KEY, null, 'session');
  return { session: null, ended: false };
}

let state: StaffState | null = null;
const listeners = new Set<() => void>();

function current(): StaffState {
  state ??= load();
  return state;
}

function set(next: StaffState): void {
  state = next;
  writeJson(STAFF_SESSION_KEY, next.session, 'session');
  for (const l of listeners) l();
}

export function staffSession(): StaffSession | null {
  return current().session;
}

export function startStaffSession(session: StaffSession): void {
  set({ session, ended: false });
}

/** `ended`: the server (or the clock) ended it, not the staff member's own logout. */
export function endStaffSession(ended: boolean): void {
  if (!current().session && current().ended === ended) return;
  set({ session: null, ended });
}

/** Tests start from what sessionStorage holds. */
export function resetStaffSession(): void {
  state = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffState(): StaffState {
  return useSyncExternalStore(subscribe, current);
}
