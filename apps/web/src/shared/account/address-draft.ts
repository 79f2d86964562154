import { readJson, writeJson } from '../storage.ts';

/**
 * The address form while its customer is away picking a locality: the location flow (search, map,
 * nearest store) unmounts the form and comes back to plain /address, so what was typed and which
 * address was being edited wait here for the form's return.
 */
export interface AddressDraft<V> {
  /** the form's own URL (/address?addressId=…&myAddress=true) */
  path: string;
  values: V;
  city: string | null;
  postalCode: string | null;
  savedAt: number;
}

const KEY = 'crust.addressDraft';
/** an abandoned pick is forgotten: a form opened much later starts clean */
const DRAFT_TTL_MS = 30 * 60_000;

/** In private mode (no storage) the form starts clean on return. */
export function saveAddressDraft<V>(draft: Omit<AddressDraft<V>, 'savedAt'>): void {
  writeJson(KEY, { ...draft, savedAt: Date.now() }, 'session');
}

export function peekAddressDraft<V>(now = Date.now()): AddressDraft<V> | null {
  const d = readJson<AddressDraft<V> | null>(KEY, null, 'session');
  return d && typeof d.path === 'string' && now - d.savedAt < DRAFT_TTL_MS ? d : null;
}

export function dropAddressDraft(): void {
  writeJson(KEY, null, 'session');
}
