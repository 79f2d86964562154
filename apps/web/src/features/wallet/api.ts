import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { WalletLedger, WalletSummary } from '@crust/contract/wallet';
import { API_PATHS } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Outcome } from '../../shared/api/envelope.ts';
import { dataOf } from '../../shared/loyalty/api.ts';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: ['wallet', 'summary'] as const,
  ledger: ['wallet', 'ledger'] as const,
};

/**
 * SPEC §7 GET wallet summary: what the wallet can pay and its three parts. Read afresh each time the screen
 * opens: an order paid, refunded or credited late changes it behind the app's back.
 */
export function useWalletSummary(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.summary,
    queryFn: async ({ signal }) =>
      dataOf(await api<Outcome<WalletSummary>>(API_PATHS.walletSummary, { signal })),
    enabled,
    staleTime: 0,
  });
}

/** SPEC §7 GET wallet ledger: newest first, pages from 1 (20 a page), each next page appended while hasNext. */
export function useWalletLedger(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: walletKeys.ledger,
    queryFn: async ({ pageParam, signal }) =>
      dataOf(
        await api<Outcome<WalletLedger>>(API_PATHS.walletLedger, { query: { pageNo: pageParam }, signal }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: WalletLedger) => (last.hasNext ? last.pageNo + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}
