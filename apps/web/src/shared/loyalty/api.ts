import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoyaltyInfo } from '@crust/contract/loyalty';
import { API_PATHS } from '@crust/contract/paths';
import { api, ApiError } from '../api/client.ts';
import type { Outcome } from '../api/envelope.ts';

/** The loyalty answers kept in the query cache: the customer's Pizza Pals info, a store's free pizzas. */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  info: ['loyalty', 'info'] as const,
  menuItems: (storeId: number) => ['loyalty', 'menuItems', storeId] as const,
};

/** The data of an outcome; a FAILED one is thrown as an ApiError, so its displayMsg is what is shown. */
export function dataOf<T>(res: Outcome<T>): T {
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}

export async function fetchLoyaltyInfo(signal?: AbortSignal): Promise<LoyaltyInfo> {
  return dataOf(await api<Outcome<LoyaltyInfo>>(API_PATHS.loyaltyInfo, { signal }));
}

/**
 * SPEC §7 GET loyalty info: the enrolment, the programme and the points. Customers only (SPEC §6: a guest has
 * no loyalty, and the server answers a guest 403), so it is asked for only when `loggedIn`.
 */
export function useLoyaltyInfo(loggedIn: boolean) {
  return useQuery({
    queryKey: loyaltyKeys.info,
    queryFn: ({ signal }) => fetchLoyaltyInfo(signal),
    enabled: loggedIn,
  });
}

/** SPEC §4 Login: "fetch loyalty" once the customer is in; a failure waits for the screen that shows it. */
export function fetchLoyalty(qc: QueryClient): Promise<void> {
  return qc.prefetchQuery({ queryKey: loyaltyKeys.info, queryFn: ({ signal }) => fetchLoyaltyInfo(signal) });
}

/**
 * SPEC §4 Logout and cart clearing: what the app knows about the customer's points goes, so the next reader
 * asks afresh (an order just placed, or another customer, changes them); a screen showing them refetches.
 */
export function forgetLoyalty(qc: QueryClient): void {
  void qc.resetQueries({ queryKey: loyaltyKeys.all });
}
