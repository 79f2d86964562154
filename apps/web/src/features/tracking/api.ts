import type { ExtraPayment, OrderSummary } from '@crust/contract/orders';
import type { Tracker, TrackLookup, TrackLookupBody } from '@crust/contract/tracking';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api, ApiError } from '../../shared/api/client.ts';
import type { Success } from '../../shared/api/envelope.ts';

/** SPEC §4 Tracker: with a key anyone holding the link may read it; without, the owner's session must. */
export async function fetchTracker(
  orderId: string,
  key: string | null,
  signal?: AbortSignal,
): Promise<Tracker> {
  return (
    await api<Success<Tracker>>(fillPath(API_PATHS.tracker, { orderId }), {
      query: { key },
      signal,
    })
  ).data;
}

/** SPEC §5 Tracking: the order behind a mobile number and an order number; a 404 rejects with its displayMsg. */
export async function lookupOrder(body: TrackLookupBody): Promise<TrackLookup> {
  return (await api<Success<TrackLookup>>(API_PATHS.trackLookup, { method: 'POST', body })).data;
}

/** A refusal that asking again will not change: no such order, or not this customer's. */
export const isFinalRefusal = (e: unknown): boolean =>
  e instanceof ApiError && [400, 403, 404].includes(e.status);

/** What else the gateway took for the owner's order, refunded (issue 28 §1): from the order's summary. */
export async function fetchExtraPayments(orderId: string, signal?: AbortSignal): Promise<ExtraPayment[]> {
  const summary = (await api<Success<OrderSummary>>(fillPath(API_PATHS.order, { orderId }), { signal })).data;
  return summary.extraPayments ?? [];
}
