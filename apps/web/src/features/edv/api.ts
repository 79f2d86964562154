import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { EdvDeal, EdvDealResponse, EdvDealsResponse, EdvMixMatchResponse } from '@crust/contract';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { ApiError, api } from '../../shared/api/client.ts';

/** SPEC §4 EDV data per store: GETTING_DATA while loading, then the data, or a null status on failure. */
export type EdvData =
  { status: 'GETTING_DATA' } | { status: 'SUCCESS'; storeId: number; deals: EdvDeal[] } | { status: null };

/** SPEC §8: EDV calls show nothing on failure; failures are logged. */
function logged<T>(what: string, signal: AbortSignal, load: Promise<T>): Promise<T> {
  return load.catch((e: unknown) => {
    if (!signal.aborted) console.warn(`[edv] ${what} failed`, e);
    throw e;
  });
}

export function useEdvData(storeId: number): EdvData {
  const q = useQuery({
    queryKey: ['edvDeals', storeId],
    queryFn: ({ signal }) =>
      logged(
        `deals for store ${storeId}`,
        signal,
        api<EdvDealsResponse>(fillPath(API_PATHS.edvDeals, { storeId }), { signal }).then((r) => r.data),
      ),
    staleTime: 5 * 60_000,
  });
  if (q.isPending) return { status: 'GETTING_DATA' };
  if (!q.data) return { status: null };
  return { status: 'SUCCESS', storeId: q.data.storeId, deals: q.data.deals };
}

/** One deal; an unknown or ended deal is a FAILED answer, thrown as an ApiError with the server's text. */
export function useEdvDeal(storeId: number, dealId: number): UseQueryResult<EdvDeal> {
  return useQuery({
    queryKey: ['edvDeal', storeId, dealId],
    queryFn: ({ signal }) =>
      logged(
        `deal ${dealId}`,
        signal,
        api<EdvDealResponse>(fillPath(API_PATHS.edvDeal, { storeId, dealId }), { signal }).then((r) => {
          if (r.status === 'FAILED') throw new ApiError(200, r.errors);
          return r.data;
        }),
      ),
    staleTime: 5 * 60_000,
  });
}

export type MixMatchMenu = Extract<EdvMixMatchResponse, { status: 'SUCCESS' }>['edvMixMatchMenu'];

/** The mix-and-match menu (medium and regular); FAILED answers throw with errors[0].displayMsg. */
export function useEdvMixMatch(storeId: number, dealId: number): UseQueryResult<MixMatchMenu> {
  return useQuery({
    queryKey: ['edvMixMatch', storeId, dealId],
    queryFn: ({ signal }) =>
      logged(
        `mix-and-match menu of deal ${dealId}`,
        signal,
        api<EdvMixMatchResponse>(fillPath(API_PATHS.edvMixMatch, { storeId }), {
          signal,
          query: { dealId },
        }).then((r) => {
          if (r.status === 'FAILED') throw new ApiError(200, r.errors);
          return r.edvMixMatchMenu;
        }),
      ),
    staleTime: 5 * 60_000,
  });
}
