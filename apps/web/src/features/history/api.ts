import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiError as ApiErrorBody } from '@crust/contract';
import type {
  FavouriteOrderResponse,
  HistoryFilter,
  OrderDetailsResponse,
  OrderDetailsView,
  OrderHistory,
  OrderHistoryResponse,
  ProductIds,
  Reorder,
  ReorderResponse,
} from '@crust/contract/history';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { api, ApiError, NetworkError, requestHeaders } from '../../shared/api/client.ts';
import { accessExpired, currentSession, refreshSession, sessionReady } from '../../shared/api/session.ts';
import { getCartId } from '../../shared/cart/api.ts';
import { favouritesKey } from '../../shared/menu/favourites.ts';
import { randomId } from '../../shared/random-id.ts';

export const HISTORY_FILTERS: readonly HistoryFilter[] = ['ALL', 'DELIVERED', 'CANCELLED', 'FAVOURITE'];

export function parseFilter(raw: string | null): HistoryFilter {
  return HISTORY_FILTERS.find((f) => f === raw) ?? 'ALL';
}

export const historyKeys = {
  all: ['history'] as const,
  list: (filter: HistoryFilter) => ['history', filter] as const,
  details: (orderId: string) => ['orderDetails', orderId] as const,
};

// ---------------------------------------------------------------- reading

async function fetchHistoryPage(pageNo: number, filter: HistoryFilter, signal?: AbortSignal) {
  return (await api<OrderHistoryResponse>(API_PATHS.orderHistory, { query: { pageNo, filter }, signal }))
    .data;
}

/** SPEC §7 order history: pages from 1, each next page appended ("Load more") while hasNext. */
export function useOrderHistory(filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchHistoryPage(pageParam, filter, signal),
    initialPageParam: 1,
    getNextPageParam: (last: OrderHistory, pages) => (last.hasNext ? pages.length + 1 : undefined),
  });
}

export function useOrderDetails(orderId: string | null) {
  return useQuery({
    queryKey: historyKeys.details(orderId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<OrderDetailsResponse>(fillPath(API_PATHS.orderDetails, { orderId: orderId! }), { signal }))
        .data,
    enabled: orderId !== null,
  });
}

// ---------------------------------------------------------------- favourites

/** Shows the order's new favourite flag in every cached list and its details. */
function showOrderFavourite(qc: QueryClient, orderId: string, favourite: boolean): void {
  qc.setQueriesData<InfiniteData<OrderHistory>>({ queryKey: historyKeys.all }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({
            ...p,
            orders: p.orders.map((o) => (o.id === orderId ? { ...o, favourite } : o)),
          })),
        }
      : old,
  );
  qc.setQueryData<OrderDetailsView>(historyKeys.details(orderId), (old) =>
    old ? { ...old, orderDetails: { ...old.orderDetails, favourite } } : old,
  );
}

/**
 * SPEC §7 favourite order: shown at once, undone if the server refuses. Lists filtered by favourite are
 * marked stale rather than refetched, so the order does not vanish under the customer's finger.
 */
export async function toggleOrderFavourite(qc: QueryClient, orderId: string, favourite: boolean) {
  showOrderFavourite(qc, orderId, favourite);
  try {
    await api<FavouriteOrderResponse>(fillPath(API_PATHS.favouriteOrder, { orderId }), {
      method: 'POST',
      body: { favourite },
    });
    void qc.invalidateQueries({ queryKey: historyKeys.list('FAVOURITE'), refetchType: 'none' });
  } catch (e) {
    showOrderFavourite(qc, orderId, !favourite);
    throw e;
  }
}

/** SPEC §7 favourite items: the answer is the whole list, which the menu's favourites category reads too. */
export async function toggleItemFavourite(qc: QueryClient, productId: string, favourite: boolean) {
  const res = await api<ProductIds>(API_PATHS.favouriteItems, {
    method: 'POST',
    body: { productId, favourite },
  });
  qc.setQueryData(favouritesKey(currentSession()?.userId), res.productIds);
  return res.productIds;
}

// ---------------------------------------------------------------- invoice

/**
 * SPEC §7 GET invoice: the PDF with the usual API headers (the JSON client cannot read a file). An expired
 * session is renewed first and a 401 once; a refusal becomes an ApiError with the server's displayMsg.
 */
export async function fetchInvoice(orderId: string, orderType: DeliveryType): Promise<Blob> {
  await sessionReady();
  const url = `${fillPath(API_PATHS.invoice, { orderId })}?${new URLSearchParams({ orderType })}`;
  for (let attempt = 0; ; attempt++) {
    if (accessExpired(currentSession())) await refreshSession();
    let res: Response;
    try {
      res = await fetch(url, { headers: requestHeaders({ accept: 'application/pdf' }) });
    } catch {
      throw new NetworkError(false);
    }
    if (res.status === 401 && attempt === 0) {
      await refreshSession();
      continue;
    }
    if (res.ok) return res.blob();
    let errors: ApiErrorBody[] | undefined;
    try {
      errors = ((await res.json()) as { errors?: ApiErrorBody[] }).errors;
    } catch {
      errors = undefined;
    }
    throw new ApiError(
      res.status,
      errors?.length ? errors : [{ code: String(res.status), displayMsg: MESSAGES.somethingWentWrongRetry }],
    );
  }
}

/** Saves a file the way a download link would, through an object URL. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once the click is handled; the URL is let go a moment later
  setTimeout(() => URL.revokeObjectURL?.(url), 1000);
}

// ---------------------------------------------------------------- reorder

/**
 * SPEC §7 reorder by {id}. ADD names the cart the app holds (the server moves it to the order's store) and
 * carries an idempotency key, so a retried ADD adds nothing twice.
 */
export async function reorder(orderId: string, action: 'CHECK' | 'ADD'): Promise<Reorder> {
  const headers: Record<string, string> = {};
  if (action === 'ADD') {
    headers[HEADERS.idempotencyKey] = randomId();
    const cartId = getCartId();
    if (cartId) headers[HEADERS.cartId] = cartId;
  }
  const res = await api<ReorderResponse>(fillPath(API_PATHS.reorder, { orderId }), {
    method: 'POST',
    body: { action },
    headers,
  });
  return res.data;
}
