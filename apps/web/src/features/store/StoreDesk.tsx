import { useId } from 'react';
import { useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleStore } from '@crust/contract/store-console';
import type { StaffAction } from '@crust/domain/staff-roles';
import { OnlineSwitch } from './OnlineSwitch.tsx';
import { OrderList } from './OrderList.tsx';
import { RatingsTab } from './RatingsTab.tsx';
import { StockList } from './StockList.tsx';
import { consoleKeys, useQueue } from './queries.ts';
import { useQueueEvents } from './queue-events.ts';
import { sc } from './texts.ts';

const TABS = ['queue', 'done', 'stock', 'ratings'] as const;
type Tab = (typeof TABS)[number];

/** What a login's role must allow for each tab (the server refuses the calls otherwise). */
const TAB_ACTION = {
  queue: 'queue',
  done: 'queue',
  stock: 'stock',
  ratings: 'ratings',
} as const satisfies Record<Tab, StaffAction>;

const TAB_TEXT = {
  queue: 'tabQueue',
  done: 'tabDone',
  stock: 'tabStock',
  ratings: 'tabRatings',
} as const satisfies Record<Tab, string>;

/** The Queue tab counts the orders waiting. */
const tabLabel = (tab: Tab, activeCount: number | undefined): string =>
  tab === 'queue' && activeCount ? sc('tabQueueCount', { count: activeCount }) : sc(TAB_TEXT[tab]);

/**
 * One store: its name and Online switch, then Queue / Done / Stock / Ratings, each only for a login whose role may
 * use it (`may`, from the session). The active queue is fetched and kept live whichever tab is open, so the Queue
 * tab's count and the new-order highlight never lag behind.
 */
export function StoreDesk({ store: listed, may }: { store: ConsoleStore; may: readonly StaffAction[] }) {
  const id = useId();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => may.includes(TAB_ACTION[t]));
  const asked = params.get('tab');
  const tab: Tab | undefined = tabs.find((t) => t === asked) ?? tabs[0];

  const active = useQueue(listed.id, 'active', may.includes('queue'));
  const live = useQueueEvents(active.data?.eventsUrl, () => {
    void qc.invalidateQueries({ queryKey: consoleKeys.queues(listed.id) });
  });
  const store = active.data?.store ?? listed;

  const choose = (next: Tab) =>
    setParams(
      (p) => {
        p.set('store', String(store.id));
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <section className="sc-store-bar">
        <h1 className="sc-store-name">{sc('storeLine', { name: store.name, id: store.id })}</h1>
        {may.includes('online') ? <OnlineSwitch store={store} /> : null}
      </section>
      {store.online ? null : (
        <p className="sc-offline-note" role="status">
          {sc('goOfflineBody')}
        </p>
      )}
      <div className="sc-tabs" role="tablist" aria-label={sc('tabs')}>
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${id}-${t}`}
            aria-selected={t === tab}
            aria-controls={`${id}-panel`}
            className="sc-tab"
            onClick={() => choose(t)}
          >
            {tabLabel(t, active.data?.orders.length)}
          </button>
        ))}
      </div>
      <div className="sc-main" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {live === 'polling' && (tab === 'queue' || tab === 'done') ? (
          <p className="sc-muted sc-live-off">{sc('liveOff')}</p>
        ) : null}
        {tab === 'queue' ? <OrderList storeId={store.id} view="active" query={active} /> : null}
        {tab === 'done' ? <DoneList storeId={store.id} /> : null}
        {tab === 'stock' ? <StockList storeId={store.id} /> : null}
        {tab === 'ratings' ? <RatingsTab storeId={store.id} /> : null}
      </div>
    </>
  );
}

function DoneList({ storeId }: { storeId: number }) {
  const done = useQueue(storeId, 'done');
  return <OrderList storeId={storeId} view="done" query={done} />;
}
