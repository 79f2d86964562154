import { useState } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ConsoleOrder, ConsoleQueue } from '@crust/contract/store-console';
import { useNow } from '../../shared/use-now.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { isNewArrival } from './arrivals.ts';
import { ConsoleError, messageOf, type QueueView } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { OrderCard } from './OrderCard.tsx';
import { byPlacedAt, CLOCK_TICK_MS } from './order-format.ts';
import { consoleKeys } from './queries.ts';
import { sc } from './texts.ts';

const latestFirst = (a: ConsoleOrder, b: ConsoleOrder) => byPlacedAt(b, a);

/**
 * The Queue (oldest first: the next to make is on top) or Done (latest first) tab. A refused action is shown
 * above the list, not in its card: the refetch that follows may move or remove the card.
 */
export function OrderList({
  storeId,
  view,
  query,
}: {
  storeId: number;
  view: QueueView;
  query: UseQueryResult<ConsoleQueue>;
}) {
  const qc = useQueryClient();
  const now = useNow(CLOCK_TICK_MS);
  const [problem, setProblem] = useState<string | null>(null);

  const onFailed = (order: ConsoleOrder, error: unknown) => {
    // a 401 has already sent the console back to the login form
    if (error instanceof ConsoleError && error.status === 401) return;
    setProblem(sc('errorOn', { number: order.dominosOrderId, message: messageOf(error) }));
    // 409: someone (or another tablet) moved it first; show where it really is
    if (error instanceof ConsoleError && error.status === 409)
      void qc.invalidateQueries({ queryKey: consoleKeys.queues(storeId) });
  };

  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const orders = [...query.data.orders].sort(view === 'active' ? byPlacedAt : latestFirst);
  return (
    <>
      {problem ? (
        <div className="sc-notice sc-problem" role="alert">
          <span>{problem}</span>
          <button type="button" className="sc-link-btn" onClick={() => setProblem(null)}>
            {sc('dismiss')}
          </button>
        </div>
      ) : null}
      {orders.length === 0 ? (
        <p className="sc-muted sc-empty">{view === 'active' ? sc('emptyQueue') : sc('emptyDone')}</p>
      ) : (
        <ol className="sc-orders">
          {orders.map((o) => (
            <li key={o.id}>
              <OrderCard
                order={o}
                now={now}
                isNew={view === 'active' && isNewArrival(storeId, o.id, now)}
                onStart={() => setProblem(null)}
                onFailed={(e) => onFailed(o, e)}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
