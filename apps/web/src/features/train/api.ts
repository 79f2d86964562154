import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@crust/contract/paths';
import type { IrctcBanner, RailJourney } from '@crust/contract/rail';
import { api } from '../../shared/api/client.ts';
import type { Outcome, Success } from '../../shared/api/envelope.ts';
import { dataOf } from '../../shared/loyalty/api.ts';

/**
 * SPEC §7 PNR status: the ticket's journey and, beside each station, whether a pizza can still be ordered to it.
 * Read afresh when the screen comes back and every minute while it is open: the train moves and may run late.
 */
export function usePnrJourney(pnr: string | null) {
  return useQuery({
    queryKey: ['train', 'pnr', pnr],
    queryFn: async ({ signal }) =>
      dataOf(await api<Outcome<RailJourney>>(API_PATHS.pnrStatus, { query: { pnr }, signal })),
    enabled: pnr !== null,
    staleTime: 0,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** SPEC §7 irctc banner: the stations a restaurant serves. They change with the chain's restaurants, rarely. */
export function useTrainStations() {
  return useQuery({
    queryKey: ['train', 'banner'],
    queryFn: async ({ signal }) => (await api<Success<IrctcBanner>>(API_PATHS.irctcBanner, { signal })).data,
    staleTime: 10 * 60_000,
  });
}
