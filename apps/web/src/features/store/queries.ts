import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConsoleOrder, ConsoleQueue, ConsoleStore } from '@crust/contract/store-console';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import { noteQueue } from './arrivals.ts';
import {
  fetchRatings,
  fetchTickets,
  fetchProducts,
  fetchQueue,
  fetchStores,
  type ConsoleProduct,
  type QueueView,
} from './console-api.ts';

export const consoleKeys = {
  all: ['console'] as const,
  stores: ['console', 'stores'] as const,
  queues: (storeId: number) => ['console', 'queue', storeId] as const,
  queue: (storeId: number, view: QueueView) => ['console', 'queue', storeId, view] as const,
  products: (storeId: number) => ['console', 'products', storeId] as const,
  ratings: (storeId: number, from: string, to: string) => ['console', 'ratings', storeId, from, to] as const,
  tickets: (storeId: number) => ['console', 'tickets', storeId] as const,
  /** the Content view's widgets (ADMIN) */
  content: ['console', 'content'] as const,
  /** the back office's Staff view: the logins this one manages (issue 30 §1) */
  staff: ['console', 'staff'] as const,
  /** the back office's Stores view: one store's settings (issue 30 §4) */
  storeSettings: (storeId: number) => ['console', 'store-settings', storeId] as const,
  /** the back office's Change log, by its filters (issue 30 §6) */
  audits: ['console', 'audit'] as const,
  audit: (filters: Record<string, string>) => ['console', 'audit', filters] as const,
  /** the back office's Reports: one report, by what it was asked for (issue 30 §5) */
  report: (kind: string, ask: object) => ['console', 'report', kind, ask] as const,
};

/** The login's stores, fresh (another device may have switched one offline); the login's list meanwhile. */
export function useStores(initial: ConsoleStore[]) {
  return useQuery({
    queryKey: consoleKeys.stores,
    queryFn: ({ signal }) => fetchStores(signal),
    placeholderData: initial,
    staleTime: 0,
  });
}

/** `enabled`: false for a login whose role may not see the queue (its calls would be refused). */
export function useQueue(storeId: number, view: QueueView, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    enabled,
    queryKey: consoleKeys.queue(storeId, view),
    queryFn: async ({ signal }) => {
      const queue = await fetchQueue(storeId, view, signal);
      if (view === 'active') {
        const before = qc.getQueryData<ConsoleQueue>(consoleKeys.queue(storeId, view));
        noteQueue(storeId, before?.orders, queue.orders, Date.now());
      }
      return queue;
    },
    // the live stream (or the 10 s poll) says when to fetch again; a tab switch shows the latest at once
    staleTime: 0,
  });
}

export function useProducts(storeId: number) {
  return useQuery({
    queryKey: consoleKeys.products(storeId),
    queryFn: ({ signal }) => fetchProducts(storeId, signal),
    staleTime: 0,
  });
}

/** The Ratings tab's period (issue 17 §1). */
export function useRatings(storeId: number, from: string, to: string) {
  return useQuery({
    queryKey: consoleKeys.ratings(storeId, from, to),
    queryFn: ({ signal }) => fetchRatings(storeId, from, to, signal),
    staleTime: 0,
  });
}

export function useTickets(storeId: number) {
  return useQuery({
    queryKey: consoleKeys.tickets(storeId),
    queryFn: ({ signal }) => fetchTickets(storeId, signal),
    staleTime: 0,
  });
}

/** The server's answer to a move or a cancel, shown at once; the refetch that follows confirms it. */
export function applyOrder(qc: QueryClient, order: ConsoleOrder): void {
  const finished = order.stage !== null && isFinalStage(order.stage);
  qc.setQueryData<ConsoleQueue>(
    consoleKeys.queue(order.storeId, 'active'),
    (q) =>
      q && {
        ...q,
        orders: finished
          ? q.orders.filter((o) => o.id !== order.id)
          : q.orders.map((o) => (o.id === order.id ? order : o)),
      },
  );
  void qc.invalidateQueries({ queryKey: consoleKeys.queues(order.storeId) });
}

export function applyStore(qc: QueryClient, store: ConsoleStore): void {
  qc.setQueryData<ConsoleStore[]>(consoleKeys.stores, (list) =>
    list?.map((s) => (s.id === store.id ? store : s)),
  );
  for (const view of ['active', 'done'] as const)
    qc.setQueryData<ConsoleQueue>(consoleKeys.queue(store.id, view), (q) => q && { ...q, store });
}

export function applyStock(qc: QueryClient, storeId: number, code: string, inStock: boolean): void {
  qc.setQueryData<ConsoleProduct[]>(consoleKeys.products(storeId), (list) =>
    list?.map((p) => (p.code === code ? { ...p, inStock } : p)),
  );
  void qc.invalidateQueries({ queryKey: consoleKeys.products(storeId) });
}
