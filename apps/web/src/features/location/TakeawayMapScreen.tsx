import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import { STORE_LIST_CAP, TAKEAWAY_STORE_COUNT } from '@crust/domain/constants';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { useLocationState } from '../../shared/state/location-store.ts';
import { useRemoteConfig } from '../../shared/location/api.ts';
import { fetchNearestStore, locationKeys } from '../../shared/location/lookups.ts';
import { MapView, type MapMarker } from './MapView.tsx';
import {
  deliveryTypeFrom,
  locationSelectionPath,
  redirectFrom,
  selectRestaurantPath,
} from '../../shared/location/paths.ts';
import { useStoreChoice } from './useStoreChoice.tsx';
import { ChooseStoreButton, StoreCard } from './StoreCard.tsx';
import { Loading } from './parts.tsx';
import type { SelectRestaurantState } from './NearestStoreScreen.tsx';
import { lt } from './texts.ts';
import './location.css';

/**
 * /takeawayMapScreen?deliveryType=: the pickup stores near the point, on the map and as a list
 * (SPEC §9: 3 for takeaway). Choosing one runs store selection and opens the menu.
 */
export default function TakeawayMapScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const redirect = redirectFrom(params);
  const point = stored.point;
  const config = useRemoteConfig();
  const choice = useStoreChoice({ deliveryType: type, redirect });
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const lookup = useQuery({
    queryKey: point ? locationKeys.nearest(type, point) : ['stores', 'nearest', type, 'none'],
    queryFn: ({ signal }) => fetchNearestStore(type, point!, signal),
    enabled: point !== null,
  });
  const failed = lookup.isError || (lookup.data !== undefined && !lookup.data.ok);

  useEffect(() => {
    if (!point) void navigate(locationSelectionPath(type, redirect === 'cart'), { replace: true });
  }, [point, type, redirect, navigate]);

  // SPEC §2/§8: a failed lookup in the takeaway flow goes to store selection
  useEffect(() => {
    if (!failed) return;
    const state: SelectRestaurantState = { nearestFailed: true };
    void navigate(selectRestaurantPath(type), { replace: true, state });
  }, [failed, type, navigate]);

  if (!point || !lookup.data?.ok) {
    return (
      <>
        <ScreenHeader title={lt('takeawayTitle')} />
        <main className="screen loc-screen">
          <Loading label={lt('findingStore')} />
        </main>
      </>
    );
  }

  const stores = lookup.data.stores.slice(0, type === 'T' ? TAKEAWAY_STORE_COUNT : STORE_LIST_CAP);
  const selected = selectedId ?? stores[0]?.id ?? null;
  const markers: MapMarker[] = [
    ...stores.map((s): MapMarker => ({
      id: s.id,
      position: s,
      label: s.name,
      kind: 'store',
      selected: s.id === selected,
      onSelect: () => {
        setSelectedId(s.id);
        document.getElementById(`store-${s.id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      },
    })),
    // last, so the customer's own dot stays visible over a store at the same spot
    { id: 'you', position: point, label: lt('youAreHere'), kind: 'you' },
  ];

  return (
    <div className="map-screen">
      <ScreenHeader title={lt('takeawayTitle')} />
      <main className="takeaway-main">
        <MapView
          className="takeaway-map"
          centre={point}
          fit={stores}
          markers={markers}
          tileUrl={config.data?.mapTileUrl ?? null}
          label={lt('storesOnMap')}
        />
        <section className="screen loc-screen" aria-labelledby="takeaway-list-title">
          <h2 className="loc-section-title" id="takeaway-list-title">
            {lt('takeawayIntro', { place: point.label })}
          </h2>
          <ul className="store-list">
            {stores.map((s) => (
              <li key={s.id} id={`store-${s.id}`} className={s.id === selected ? 'is-selected' : undefined}>
                <StoreCard
                  store={s}
                  point={point}
                  action={
                    <ChooseStoreButton store={s} choice={choice} onChoose={() => setSelectedId(s.id)} />
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      </main>
      {choice.popup}
    </div>
  );
}
