import { useQuery } from '@tanstack/react-query';
import type { Store, StoreInfoResponse } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import type { DeliveryEstimate } from '@crust/domain/delivery-estimate';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { LatLng } from '@crust/domain/geo';
import { rewriteOfflineMessage, MESSAGES } from '@crust/domain/messages';
import { api, ApiError } from '../api/client.ts';
import { useLocationState } from '../state/location-store.ts';

/*
 * The store's answer (SPEC §7 POST store info), out of ./api.ts so that the first screens' entry does not carry it:
 * only the lazy notice, the ETA, checkout and store selection read it.
 */

/** The store's answer's query key: one per store, order type and point (the ETA depends on them). */
export const storeInfoKey = (storeId: number, ask?: EtaAsk) =>
  [
    'storeInfo',
    storeId,
    ask?.deliveryType ?? null,
    ask?.point?.latitude ?? null,
    ask?.point?.longitude ?? null,
  ] as const;

export type StoreInfoOutcome =
  | {
      kind: 'ok';
      store: Store;
      online: 0 | 1;
      advanceOrderStoreId: number | null;
      notice: string | null;
      /** when an order of the type asked about would come (issue 31 item 6) */
      eta: DeliveryEstimate;
    }
  | { kind: 'unavailable'; code: string; message: string };

/** The order type and, for a delivery, where it goes: what the store's answer counts its ETA from. */
export interface EtaAsk {
  deliveryType: DeliveryType;
  point: LatLng | null;
}

const etaBody = (ask: EtaAsk | undefined) =>
  ask
    ? {
        deliveryType: ask.deliveryType,
        ...(ask.point ? { latitude: ask.point.latitude, longitude: ask.point.longitude } : {}),
      }
    : {};

/** SPEC §4 Store selection: 2.STORENA (or any FAILED) shows its message; an offline store gets the advance-order notice. */
export async function fetchStoreInfo(storeId: number, ask?: EtaAsk): Promise<StoreInfoOutcome> {
  let res: StoreInfoResponse;
  try {
    res = await api<StoreInfoResponse>(API_PATHS.storeInfo, {
      method: 'POST',
      body: { storeId, ...etaBody(ask) },
    });
  } catch (e) {
    if (e instanceof ApiError)
      return { kind: 'unavailable', code: e.code ?? String(e.status), message: e.message };
    throw e;
  }
  const err = res.errors[0];
  if (res.status !== 'SUCCESS' || !res.data) {
    return {
      kind: 'unavailable',
      code: err?.code ?? 'FAILED',
      message: err?.displayMsg ?? MESSAGES.storeTroubleSelectOther,
    };
  }
  const { data } = res;
  let notice: string | null = null;
  if (data.online === 0) notice = err ? rewriteOfflineMessage(err.displayMsg) : MESSAGES.storeOfflineAdvance;
  else if (err && /offline/i.test(err.displayMsg)) notice = rewriteOfflineMessage(err.displayMsg);
  return {
    kind: 'ok',
    store: data.store,
    online: data.online,
    advanceOrderStoreId: data.advanceOrderStoreId,
    notice,
    eta: data.eta,
  };
}

/**
 * A store as it is now (SPEC §4 Store selection): online or not, inside its hours or when it opens, its
 * hours (the advance slots), its curbside bays, and the ETA of an order of the chosen type to the chosen point.
 * The menu, cart and checkout share the one answer.
 */
export function useStoreInfo(storeId: number | undefined, type?: DeliveryType, to?: LatLng) {
  const { deliveryType, point } = useLocationState();
  // where the order goes: the checkout's chosen address when there is one, else the point chosen on the landing
  const where = to ?? point;
  const ask: EtaAsk = {
    // the cart's type where there is a cart: it is what is being ordered
    deliveryType: type ?? deliveryType,
    point: where ? { latitude: where.latitude, longitude: where.longitude } : null,
  };
  return useQuery({
    queryKey: storeInfoKey(storeId ?? 0, ask),
    queryFn: () => fetchStoreInfo(storeId!, ask),
    enabled: storeId !== undefined,
    staleTime: 60_000,
  });
}
