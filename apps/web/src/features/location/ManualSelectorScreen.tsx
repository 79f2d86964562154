import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import type { City, Locality } from '@crust/contract';
import { isBlockedLocality, normaliseSearchText } from '@crust/domain/localities';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import {
  addRecentLocation,
  setPoint,
  useLocationState,
  type ChosenPoint,
} from '../../shared/state/location-store.ts';
import { fetchCities, fetchLocalities, locationKeys } from '../../shared/location/lookups.ts';
import { deliveryTypeFrom, nearestStorePath } from '../../shared/location/paths.ts';
import { CityList, Loading, Notice, OptionButton } from './parts.tsx';
import { PinIcon, SearchIcon } from '../../shared/location/icons.tsx';
import { lt } from './texts.ts';
import './location.css';

function localityPoint(l: Locality, city: City): ChosenPoint {
  return {
    latitude: l.latitude,
    longitude: l.longitude,
    label: `${l.name}, ${city.name}`,
    placeId: l.placeId,
    address: {
      placeId: l.placeId,
      latitude: l.latitude,
      longitude: l.longitude,
      locality: l.name,
      sub_locality: '',
      city: city.name,
      city_region: '',
      area_level0: '',
      area_level1: city.state,
      area_level2: '',
      formatted_address: `${l.name}, ${city.name}, ${city.state} ${l.postalCode}`.trim(),
      postal_code: l.postalCode,
      country: 'India',
    },
  };
}

function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice
      title={lt('loadFailed')}
      action={
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {lt('retry')}
        </button>
      }
    >
      <p>{message}</p>
    </Notice>
  );
}

/** /manualSelector: city, then locality (with a filter box); the locality becomes the point. */
export default function ManualSelectorScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const isFromCart = params.get('isFromCart') === 'true';
  const cityId = params.get('city');
  const filterId = useId();
  const [filter, setFilter] = useState('');

  const cities = useQuery({
    queryKey: locationKeys.cities(type),
    queryFn: ({ signal }) => fetchCities(type, signal),
  });
  const localities = useQuery({
    queryKey: locationKeys.localities(cityId ?? ''),
    queryFn: ({ signal }) => fetchLocalities(cityId!, signal),
    enabled: Boolean(cityId),
  });

  const chooseCity = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('city', id);
    setFilter('');
    // a new history entry, so Back returns to the city list
    setParams(next);
  };

  const pick = (l: Locality, city: City) => {
    const point = localityPoint(l, city);
    setPoint(point);
    addRecentLocation({ location: point, deliveryType: type });
    void navigate(nearestStorePath(type, isFromCart ? 'cart' : null));
  };

  let body;
  if (!cityId) {
    if (cities.isPending) body = <Loading label={lt('loading')} />;
    else if (cities.isError)
      body = <RetryNotice message={cities.error.message} onRetry={() => void cities.refetch()} />;
    else body = <CityList cities={cities.data} hint={(c) => c.state} onChoose={chooseCity} />;
  } else if (localities.isPending) {
    body = <Loading label={lt('loading')} />;
  } else if (localities.isError) {
    body = <RetryNotice message={localities.error.message} onRetry={() => void localities.refetch()} />;
  } else {
    const { city } = localities.data;
    const q = normaliseSearchText(filter);
    const shown = localities.data.localities
      .filter((l) => !isBlockedLocality(l.name))
      .filter((l) => !q || normaliseSearchText(l.name).includes(q) || l.postalCode.startsWith(q))
      .sort((a, b) => a.name.localeCompare(b.name));
    body = (
      <section className="loc-section" aria-labelledby="manual-locality-title">
        <h2 className="loc-section-title" id="manual-locality-title">
          {lt('localitiesIn', { city: city.name })}
        </h2>
        <div className="search-box">
          <label htmlFor={filterId} className="visually-hidden">
            {lt('filterLocalities')}
          </label>
          <span className="search-box-icon" aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            id={filterId}
            className="input search-input"
            type="search"
            autoComplete="off"
            placeholder={lt('filterLocalities')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
        {shown.length === 0 ? (
          <Notice title={lt('noLocalities', { query: filter.trim() })} />
        ) : (
          <ul className="option-list card">
            {shown.map((l) => (
              <li key={l.placeId}>
                <OptionButton
                  icon={<PinIcon />}
                  title={l.name}
                  hint={l.postalCode}
                  onClick={() => pick(l, city)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <>
      <ScreenHeader title={lt('manualTitle')} />
      <main className="screen loc-screen">{body}</main>
    </>
  );
}
