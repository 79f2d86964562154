import { Link } from '../../shared/router/index.ts';
import type { WalletLedgerEntry } from '@crust/contract/wallet';
import { paths } from '../../config/paths.ts';
import { messageOf } from '../../shared/api/errors.ts';
import type { Area } from '../../config/area.ts';
import { rupees } from '../../shared/format.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useWalletLedger } from './api.ts';
import { entryTime, groupByDay, isCredit } from './ledger.ts';
import { wt } from './texts.ts';
import { useSentinel } from './use-sentinel.ts';

/**
 * The wallet's history, newest first, under a heading per IST day. The next page comes as the customer
 * scrolls near the end (a sentinel watched by IntersectionObserver); "Load more" does the same by hand.
 */
export function Ledger({ area }: { area: Area }) {
  const ledger = useWalletLedger(true);
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  const more = ledger.hasNextPage && !ledger.isFetchingNextPage && !ledger.isFetchNextPageError;
  const sentinel = useSentinel<HTMLDivElement>(() => void ledger.fetchNextPage(), more);

  return (
    <section className="wallet-ledger" aria-labelledby="wallet-history-h">
      <h2 id="wallet-history-h" className="wallet-h">
        {wt('historyTitle')}
      </h2>
      {ledger.isPending ? (
        <Spinner />
      ) : ledger.isError && entries.length === 0 ? (
        <div className="wallet-empty">
          <ErrorText text={`${wt('loadFailed')} ${messageOf(ledger.error)}`} />
          <button type="button" className="btn btn-secondary" onClick={() => void ledger.refetch()}>
            {wt('retry')}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <div className="wallet-empty card">
          <h3>{wt('emptyTitle')}</h3>
          <p>{wt('emptyBody')}</p>
          <Link className="btn btn-primary" to={paths.menu()}>
            {wt('orderNow')}
          </Link>
        </div>
      ) : (
        <>
          {groupByDay(entries).map((d) => (
            <section key={d.day} className="wallet-day" aria-labelledby={`wallet-day-${d.day}`}>
              <h3 id={`wallet-day-${d.day}`} className="wallet-day-h">
                {d.heading}
              </h3>
              <ul className="card wallet-entries">
                {d.entries.map((e) => (
                  <li key={e.id}>
                    <Entry entry={e} area={area} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <div ref={sentinel} aria-hidden="true" />
          {ledger.isFetchNextPageError ? <ErrorText text={messageOf(ledger.error)} /> : null}
          {ledger.hasNextPage ? (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              disabled={ledger.isFetchingNextPage}
              onClick={() => void ledger.fetchNextPage()}
            >
              {ledger.isFetchingNextPage ? wt('loadingMore') : wt('loadMore')}
            </button>
          ) : (ledger.data?.pages.length ?? 0) > 1 ? (
            <p className="wallet-hint wallet-end">{wt('allLoaded')}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Entry({ entry, area }: { entry: WalletLedgerEntry; area: Area }) {
  const credit = isCredit(entry);
  const amount = rupees(entry.amountPaise);
  const time = entryTime(entry.at);
  return (
    <article className="wallet-entry">
      <div className="wallet-entry-text">
        <span className="wallet-entry-title">{entry.title}</span>
        <span className="wallet-entry-time">{time}</span>
        {entry.orderId ? (
          <Link
            className="wallet-entry-order"
            to={paths.orderDetails({ orderId: entry.orderId }, area)}
            aria-label={wt('viewOrderFor', { title: entry.title, time })}
          >
            {wt('viewOrder')}
          </Link>
        ) : null}
      </div>
      <span className={`wallet-amount ${credit ? 'is-credit' : 'is-debit'}`}>
        <span className="visually-hidden">{credit ? wt('added', { amount }) : wt('spent', { amount })}</span>
        <span aria-hidden="true">
          {credit ? '+' : '−'}
          {amount}
        </span>
      </span>
    </article>
  );
}
