import type { ReactNode } from 'react';
import type { Store } from '@crust/contract';
import { distanceKm, formatDistance, type LatLng } from '@crust/domain/geo';
import { formatHHMM } from '@crust/domain/hours';
import { ClockIcon, StoreIcon } from '../../shared/location/icons.tsx';
import { parseClock } from '../../shared/location/store-hours.ts';
import { lt } from './texts.ts';
import type { useStoreChoice } from './useStoreChoice.tsx';

/** Today's hours: "11:00 AM – 11:00 PM", "Open 24 hours" when the store never closes, "Closed today" (a holiday). */
export function hoursText(store: Pick<Store, 'opensAt' | 'closesAt'>): string {
  if (store.opensAt === '' && store.closesAt === '') return lt('closedToday');
  const opens = parseClock(store.opensAt);
  const closes = parseClock(store.closesAt);
  if (opens === null || closes === null) return lt('hours', { opens: store.opensAt, closes: store.closesAt });
  if (opens === closes) return lt('open24h');
  return lt('hours', { opens: formatHHMM(opens), closes: formatHHMM(closes) });
}

/** The server's distance when it gave one, else the aerial distance from the point. */
export function storeDistanceKm(store: Store, point: LatLng | null): number | null {
  if (store.distanceKm !== null) return store.distanceKm;
  return point ? distanceKm(point, store) : null;
}

/** One store: name, address, distance, hours and whether it takes orders now. */
export function StoreCard({
  store,
  point,
  headingLevel = 3,
  action,
}: {
  store: Store;
  point: LatLng | null;
  headingLevel?: 2 | 3;
  action?: ReactNode;
}) {
  const km = storeDistanceKm(store, point);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="store-card card">
      <div className="store-card-main">
        <span className="store-card-icon" aria-hidden="true">
          <StoreIcon />
        </span>
        <div className="store-card-text">
          <Heading className="store-card-name">{store.name}</Heading>
          <p className="store-card-address">{store.address}</p>
          <p className="store-card-meta">
            {km !== null ? (
              <span className="store-card-distance">
                {km < 0.1 ? lt('veryNear') : lt('away', { distance: formatDistance(km) })}
              </span>
            ) : null}
            <span className="store-card-hours">
              <ClockIcon />
              {hoursText(store)}
            </span>
          </p>
          <p className="store-card-state">
            {store.online === 0 ? (
              <span className="chip chip-warn">{lt('offline')}</span>
            ) : store.isOpenNow ? (
              <span className="chip chip-ok">{lt('openNow')}</span>
            ) : (
              <span className="chip chip-muted">{lt('closedNow')}</span>
            )}
          </p>
        </div>
      </div>
      {action ? <div className="store-card-action">{action}</div> : null}
    </article>
  );
}

/** "Order from {store}": runs store selection (SPEC §4) for that store; every choice waits while one runs. */
export function ChooseStoreButton({
  store,
  choice,
  onChoose,
}: {
  store: Store;
  choice: ReturnType<typeof useStoreChoice>;
  onChoose?: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={choice.busyId !== null}
      onClick={() => {
        onChoose?.();
        void choice.choose(store);
      }}
    >
      {choice.busyId === store.id ? lt('selecting') : lt('selectStore', { name: store.name })}
    </button>
  );
}
