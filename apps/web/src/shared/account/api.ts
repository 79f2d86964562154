import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  Address,
  AddressInput,
  AddressListResponse,
  AddressResponse,
  Profile,
  ProfileResponse,
  ProfileUpdate,
} from '@crust/contract';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api, ApiError } from '../api/client.ts';
import { sessionReady } from '../api/session.ts';
import { readJson, writeJson } from '../storage.ts';
import { addressLine as joinAddress, normaliseAddress } from '@crust/domain/address';
import { randomId } from '../random-id.ts';
import { SAVED_ADDRESSES_MAX } from '@crust/domain/constants';
import { ac } from './texts.ts';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  addresses: ['account', 'addresses'] as const,
};

/** SPEC §6: a guest's saved addresses stay on this device, in the server's Address shape with an 'L…' id. */
export const GUEST_ADDRESSES_KEY = 'crust.guestAddresses';

// ---- profile ----

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return (await api<ProfileResponse>(API_PATHS.profile, { signal })).data;
}

export function useProfile(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.profile, queryFn: ({ signal }) => fetchProfile(signal), enabled });
}

export async function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return (await api<ProfileResponse>(API_PATHS.profile, { method: 'PUT', body })).data;
}

export async function deleteAccount(): Promise<void> {
  await api<unknown>(API_PATHS.account, { method: 'DELETE' });
}

// ---- guest addresses (localStorage) ----

let guestCache: Address[] | null = null;
const guestListeners = new Set<() => void>();

export function guestAddresses(): Address[] {
  guestCache ??= readJson<Address[]>(GUEST_ADDRESSES_KEY, []).filter(
    (a) => typeof a?.addressId === 'string' && a.addressId.startsWith('L'),
  );
  return guestCache;
}

function setGuestAddresses(list: Address[]): void {
  guestCache = list;
  writeJson(GUEST_ADDRESSES_KEY, list.length ? list : null);
  for (const l of guestListeners) l();
}

/** Tests start from what localStorage holds. */
export function forgetGuestCache(): void {
  guestCache = null;
}

function subscribeGuest(l: () => void): () => void {
  guestListeners.add(l);
  return () => guestListeners.delete(l);
}

const localId = () => 'L' + randomId().replace(/-/g, '').slice(0, 20).toUpperCase();

/** The Address the server would have made of the input (defaults for the components left out). */
function asAddress(addressId: string, input: AddressInput): Address {
  return { addressId, ...normaliseAddress(input) };
}

// ---- saved addresses: the server's for a customer, this device's for a guest ----

async function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await api<AddressListResponse>(API_PATHS.addresses, { signal })).data.addresses;
}

export interface AddressList {
  addresses: Address[];
  loading: boolean;
  error: unknown;
  refetch: () => void;
}

export function useAddresses(loggedIn: boolean, ready = true): AddressList {
  const local = useSyncExternalStore(subscribeGuest, guestAddresses);
  const q = useQuery({
    queryKey: accountKeys.addresses,
    queryFn: ({ signal }) => fetchAddresses(signal),
    enabled: loggedIn && ready,
  });
  if (!loggedIn) return { addresses: local, loading: !ready, error: null, refetch: () => undefined };
  return {
    addresses: q.data ?? [],
    loading: q.isPending,
    error: q.error,
    refetch: () => void q.refetch(),
  };
}

function throwIfFailed(res: AddressResponse): Address {
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

/** Creates (no id) or changes an address; a guest's stays on this device. */
export async function saveAddress(
  qc: QueryClient,
  loggedIn: boolean,
  input: AddressInput,
  addressId?: string | null,
): Promise<Address> {
  if (!loggedIn) {
    const list = guestAddresses();
    const adding = !addressId || !list.some((a) => a.addressId === addressId);
    // the device keeps as many as an account would (SPEC §9), so a login can move them all in
    if (adding && list.length >= SAVED_ADDRESSES_MAX)
      throw new ApiError(200, [{ code: 'ADDRESS_LIMIT', displayMsg: ac('addressLimitRefused') }]);
    const saved = asAddress(addressId ?? localId(), input);
    setGuestAddresses(
      addressId && list.some((a) => a.addressId === addressId)
        ? list.map((a) => (a.addressId === addressId ? saved : a))
        : [...list, saved],
    );
    return saved;
  }
  const res = addressId
    ? await api<AddressResponse>(fillPath(API_PATHS.address, { addressId }), { method: 'PUT', body: input })
    : await api<AddressResponse>(API_PATHS.addresses, { method: 'POST', body: input });
  const saved = throwIfFailed(res);
  qc.setQueryData<Address[]>(accountKeys.addresses, (old) =>
    old ? (addressId ? old.map((a) => (a.addressId === addressId ? saved : a)) : [...old, saved]) : old,
  );
  void qc.invalidateQueries({ queryKey: accountKeys.addresses });
  return saved;
}

/**
 * What an address form would send for a saved address: the id goes, empty optional parts are dropped.
 * Checkout sends a guest's device-kept address this way.
 */
export function inputOf(a: Address): AddressInput {
  const input: AddressInput = {
    type: a.type,
    fName: a.fName,
    lName: a.lName,
    mobNo: a.mobNo,
    houseNo: a.houseNo,
    address: a.address,
    locality: a.locality,
    city: a.city,
    latitude: a.latitude,
    longitude: a.longitude,
  };
  if (a.email) input.email = a.email;
  if (a.subLocality) input.subLocality = a.subLocality;
  if (a.postalCode) input.postalCode = a.postalCode;
  if (a.formattedAddress) input.formattedAddress = a.formattedAddress;
  return input;
}

const sameAddress = (a: Address, b: Address) =>
  a.type === b.type &&
  a.houseNo.trim().toLowerCase() === b.houseNo.trim().toLowerCase() &&
  a.address.trim().toLowerCase() === b.address.trim().toLowerCase() &&
  a.locality === b.locality;

/**
 * On login, the addresses a guest kept on this device move into the account (issue 4): each is saved on
 * the server unless the account already has the same one, then forgotten here. One that the server
 * refuses stays on the device, so nothing is lost.
 */
export async function moveGuestAddressesIntoAccount(): Promise<void> {
  const local = guestAddresses();
  if (local.length === 0) return;
  const saved = (await api<AddressListResponse>(API_PATHS.addresses)).data.addresses;
  const kept: Address[] = [];
  for (const a of local) {
    if (saved.some((s) => sameAddress(s, a))) continue;
    try {
      throwIfFailed(await api<AddressResponse>(API_PATHS.addresses, { method: 'POST', body: inputOf(a) }));
    } catch {
      kept.push(a);
    }
  }
  setGuestAddresses(kept);
}

export async function removeAddress(qc: QueryClient, loggedIn: boolean, addressId: string): Promise<void> {
  if (!loggedIn) {
    setGuestAddresses(guestAddresses().filter((a) => a.addressId !== addressId));
    return;
  }
  const res = await api<AddressListResponse>(fillPath(API_PATHS.address, { addressId }), {
    method: 'DELETE',
  });
  qc.setQueryData(accountKeys.addresses, res.data.addresses);
}

// ---- helpers ----

/** The server's 400 messages by form field ('body.houseNo' → houseNo). */
export function fieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (e instanceof ApiError)
    for (const err of e.errors) {
      const name = err.field?.replace(/^body\./, '');
      if (name && !(name in out)) out[name] = err.displayMsg;
    }
  return out;
}

/** True once the stored session has loaded (a customer reloading a page is not taken for a guest). */
export function useSessionLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void sessionReady().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** "12B, MG Road, Koramangala, Bengaluru": one line for a saved address. */
export function addressLine(a: Address): string {
  return joinAddress({ houseNo: a.houseNo, street: a.address, locality: a.locality, city: a.city });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function validEmail(v: string): boolean {
  return EMAIL_RE.test(v);
}
