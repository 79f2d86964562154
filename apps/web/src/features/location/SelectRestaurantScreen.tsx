import { useEffect, useId, useMemo } from 'react';
import { useLocation, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import type { City, Store } from '@crust/contract';
import { MAX_SHOWN_DISTANCE_KM } from '@crust/domain/constants';
import { distanceKm, type LatLng } from '@crust/domain/geo';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { useLocationState } from '../../shared/state/location-store.ts';
import { fetchCities, fetchCityStores, locationKeys } from '../../shared/location/lookups.ts';
import { deliveryTypeFrom, redirectFrom } from '../../shared/location/paths.ts';
import { useStoreChoice } from './useStoreChoice.tsx';
import { ChooseStoreButton, StoreCard, storeDistanceKm } from './StoreCard.tsx';
import { CityList, Loading, Notice } from './parts.tsx';
import type { SelectRestaurantState } from './NearestStoreScreen.tsx';
import { lt } from './texts.ts';
import './location.css';

/** The city whose centre is nearest the point, if it is close enough to be "here". */
function nearestCity(cities: City[], point: LatLng): City | undefined {
  let best: { city: City; km: number } | undefined;
  for (const city of cities) {
    const km = distanceKm(point, city);
    if (!best || km < best.km) best = { city, km };
  }
  return best && best.km <= MAX_SHOWN_DISTANCE_KM * 2 ? best.city : undefined;
}

function byDistance(stores: Store[], point: LatLng | null): Store[] {
  if (!point) return stores;
  return [...stores].sort(
    (a, b) =>
      (storeDistanceKm(a, point) ?? Infinity) - (storeDistanceKm(b, point) ?? Infinity) || a.id - b.id,
  );
}

/**
 * /selectResturant?deliveryType=&storePage=false: pick a city (cities offering the type), then one of
 * its stores (nearest first when we know where the customer is). Choosing runs store selection.
 */
export default function SelectRestaurantScreen() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const stored = useLocationState();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const redirect = redirectFrom(params);
  const storedPoint = stored.point;
  const point = useMemo(
    () => (storedPoint ? { latitude: storedPoint.latitude, longitude: storedPoint.longitude } : null),
    [storedPoint],
  );
  const nearestFailed = Boolean((location.state as SelectRestaurantState | null)?.nearestFailed);
  const cityParam = params.get('city');
  const selectId = useId();
  const choice = useStoreChoice({ deliveryType: type, redirect, otherStorePath: null });

  const cities = useQuery({
    queryKey: locationKeys.cities(type),
    queryFn: ({ signal }) => fetchCities(type, signal),
  });

  const setCity = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('city', id);
    else next.delete('city');
    setParams(next, { replace: true, state: location.state });
  };

  // With a known point, open the customer's own city
  const guessed = useMemo(
    () => (!cityParam && point && cities.data ? nearestCity(cities.data, point) : undefined),
    [cityParam, point, cities.data],
  );
  useEffect(() => {
    if (guessed) setCity(guessed.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setCity is recreated every render
  }, [guessed]);

  const city = cities.data?.find((c) => c.id === cityParam) ?? null;
  const stores = useQuery({
    queryKey: locationKeys.cityStores(cityParam ?? '', type, point),
    queryFn: ({ signal }) => fetchCityStores(cityParam!, type, point, signal),
    enabled: Boolean(cityParam),
  });

  let body;
  if (cities.isPending) body = <Loading label={lt('findingStore')} />;
  else if (cities.isError)
    body = (
      <Notice
        title={lt('loadFailed')}
        action={
          <button type="button" className="btn btn-secondary" onClick={() => void cities.refetch()}>
            {lt('retry')}
          </button>
        }
      >
        <p>{cities.error.message}</p>
      </Notice>
    );
  else if (!cityParam)
    body = (
      <CityList
        cities={cities.data}
        hint={(c) =>
          `${c.state} · ${c.storeCount === 1 ? lt('storeCountOne') : lt('storeCount', { count: c.storeCount })}`
        }
        onChoose={setCity}
      />
    );
  else {
    const cityName = city?.name ?? cityParam;
    let list;
    if (stores.isPending) list = <Loading label={lt('findingStore')} />;
    else if (stores.isError)
      list = (
        <Notice
          title={lt('loadFailed')}
          action={
            <button type="button" className="btn btn-secondary" onClick={() => void stores.refetch()}>
              {lt('retry')}
            </button>
          }
        >
          <p>{stores.error.message}</p>
        </Notice>
      );
    else if (stores.data.length === 0) list = <Notice title={lt('noStoresInCity', { city: cityName })} />;
    else
      list = (
        <ul className="store-list">
          {byDistance(stores.data, point).map((s) => (
            <li key={s.id}>
              <StoreCard store={s} point={point} action={<ChooseStoreButton store={s} choice={choice} />} />
            </li>
          ))}
        </ul>
      );
    body = (
      <>
        <div className="field city-field">
          <label htmlFor={selectId}>{lt('city')}</label>
          <select id={selectId} className="input" value={cityParam} onChange={(e) => setCity(e.target.value)}>
            {cities.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <section className="loc-section" aria-labelledby="city-stores-title">
          <h2 className="loc-section-title" id="city-stores-title">
            {lt('storesIn', { city: cityName })}
          </h2>
          {list}
        </section>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title={lt('selectRestaurantTitle')} />
      <main className="screen loc-screen">
        {nearestFailed ? (
          <p className="loc-banner" role="status">
            {lt('nearestFailedNote')}
          </p>
        ) : null}
        {body}
        {choice.popup}
      </main>
    </>
  );
}
