import { useState } from 'react';
import { Link, useLocation, useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { HistoryFilter, HistoryOrder } from '@crust/contract/history';
import { paths } from '../../config/paths.ts';
import { rupees } from '../../shared/format.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { HISTORY_FILTERS, parseFilter, toggleOrderFavourite, useOrderHistory } from './api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { orderDate } from './format.ts';
import { areaOf, type Area } from '../../config/area.ts';
import { trainLine } from '../../shared/train/texts.ts';
import { FavouriteHeart, LabelBadge, TrainBadge } from './parts.tsx';
import { ht } from './texts.ts';
import './history.css';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { useSession } from '../../shared/api/session.ts';

/**
 * /orderHistory and /postorder-ui/orderHistory (SPEC §7 order history): the caller's orders newest first, a
 * page at a time ("Load more" appends the next), filtered by the chips (kept in the URL so Back returns to
 * the same view). A guest sees the orders of their session.
 */
export default function OrderHistoryScreen() {
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const area = areaOf(useLocation().pathname);
  const history = useOrderHistory(filter);
  const orders = history.data?.pages.flatMap((p) => p.orders) ?? [];

  const choose = (f: HistoryFilter) =>
    void setParams(f === 'ALL' ? {} : { filter: f }, { replace: true, preventScrollReset: true });

  return (
    <div className="hist-screen">
      <ScreenHeader title={ht('historyTitle')} />
      <main className="screen hist-main">
        <fieldset className="filter-chips">
          <legend className="visually-hidden">{ht('filtersLegend')}</legend>
          {HISTORY_FILTERS.map((f) => (
            <label key={f} className="filter-chip">
              <input
                type="radio"
                name="history-filter"
                className="filter-chip-input"
                value={f}
                checked={filter === f}
                onChange={() => choose(f)}
              />
              <span className="filter-chip-face">{ht(`filter${f}`)}</span>
            </label>
          ))}
        </fieldset>
        {history.isPending ? (
          <Spinner />
        ) : history.isError ? (
          <div className="hist-empty">
            <ErrorText text={`${ht('loadFailed')} ${messageOf(history.error)}`} />
            <button type="button" className="btn btn-secondary" onClick={() => void history.refetch()}>
              {ht('retry')}
            </button>
          </div>
        ) : orders.length === 0 ? (
          <Empty filter={filter} />
        ) : (
          <>
            <ul className="card-list">
              {orders.map((o) => (
                <li key={o.id}>
                  <OrderCard order={o} area={area} />
                </li>
              ))}
            </ul>
            {history.hasNextPage ? (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                disabled={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {history.isFetchingNextPage ? ht('loadingMore') : ht('loadMore')}
              </button>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}

function Empty({ filter }: { filter: HistoryFilter }) {
  const guest = !useSession()?.isLoggedIn;
  const { pathname, search } = useLocation();
  if (filter !== 'ALL')
    return (
      <div className="hist-empty">
        <p>{ht('noMatch')}</p>
      </div>
    );
  return (
    <div className="hist-empty">
      <h2>{ht('noOrders')}</h2>
      {/* a guest sees only this session's orders: the ones placed while logged in are a login away */}
      <p>{guest ? ht('noOrdersGuest') : ht('noOrdersBody')}</p>
      {guest ? (
        <Link className="btn btn-primary" to={paths.login({ redirectUrl: pathname + search })}>
          {ht('loginForOrders')}
        </Link>
      ) : null}
      <Link className={guest ? 'btn btn-secondary' : 'btn btn-primary'} to={paths.menu()}>
        {ht('orderNow')}
      </Link>
    </div>
  );
}

function OrderCard({ order, area }: { order: HistoryOrder; area: Area }) {
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const feedbackOn = useCapability('feedback');
  const number = order.dominosOrderId;
  return (
    <article className="card hist-card" aria-label={ht('orderNumber', { number })}>
      <div className="hist-card-top">
        <Link
          className="hist-card-link"
          to={paths.orderDetails({ orderId: order.id }, area)}
          aria-label={ht('viewDetails', { number })}
        >
          <span className="hist-number">{ht('orderNumber', { number })}</span>
          <span className="hist-date">{orderDate(order.placedAt ?? order.createdAt)}</span>
        </Link>
        <FavouriteHeart
          pressed={order.favourite}
          label={ht('favouriteOrder', { number })}
          onToggle={() => {
            setFailure(null);
            return toggleOrderFavourite(qc, order.id, !order.favourite);
          }}
          onFailed={setFailure}
        />
      </div>
      <p className="hist-store">{order.storeName}</p>
      {order.train ? (
        <p className="hist-train" data-testid="train-line">
          {trainLine(order.train)}
        </p>
      ) : null}
      <p className="hist-items">{order.itemsLine}</p>
      <div className="hist-card-foot">
        <strong className="hist-amount">{rupees(order.netPrice)}</strong>
        {order.train ? <TrainBadge status={order.train.status} /> : <LabelBadge label={order.label} />}
      </div>
      {order.trackable ? (
        <Link className="btn btn-primary hist-track" to={paths.trackOrder({ orderHistoryId: order.id })}>
          {ht('track')}
        </Link>
      ) : null}
      {!feedbackOn ? null : order.feedback === 'RATE' ? (
        <Link className="btn btn-secondary hist-rate" to={paths.feedback({ orderId: order.id })}>
          {ht('rate')}
        </Link>
      ) : order.feedback === 'RATED' ? (
        <p className="hist-rated" data-testid="hist-rated">
          {ht('rated')}
        </p>
      ) : null}
      <ErrorText text={failure} />
    </article>
  );
}
