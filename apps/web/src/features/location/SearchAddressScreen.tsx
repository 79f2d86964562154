import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import type { GeocodedAddress, Prediction } from '@crust/contract';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@crust/domain/constants';
import { isPickupType } from '@crust/domain/delivery-types';
import { isValidLatLng, type LatLng } from '@crust/domain/geo';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import {
  addRecentLocation,
  setPoint,
  useLocationState,
  useRecentLocations,
  type ChosenPoint,
} from '../../shared/state/location-store.ts';
import { fetchAutocomplete, locationKeys } from '../../shared/location/lookups.ts';
import {
  afterPointPath,
  deliveryTypeFrom,
  manualSelectorPath,
  nearestStorePath,
  redirectFrom,
} from '../../shared/location/paths.ts';
import { useDebounced } from './useDebounced.ts';
import { useCurrentLocation } from '../../shared/location/useCurrentLocation.tsx';
import { GpsOption } from './GpsOption.tsx';
import { Notice, RecentLocations } from './parts.tsx';
import { CloseIcon, PinIcon, SearchIcon } from '../../shared/location/icons.tsx';
import { lt } from './texts.ts';
import './location.css';

/** Fewer letters than this match too much to be worth a request. */
const MIN_QUERY_LENGTH = 2;

/** A second location's coordinates (SPEC §2 Location entry) bias the suggestions. */
function nearFrom(params: URLSearchParams, fallback: LatLng | null): LatLng | null {
  const lat = params.get('latitude');
  const lng = params.get('longitude');
  if (lat && lng) {
    const p = { latitude: Number(lat), longitude: Number(lng) };
    if (isValidLatLng(p)) return p;
  }
  return fallback;
}

/** What a prediction tells us, in the Address shape (SPEC §3) the address screen can prefill from. */
function predictionAddress(p: Prediction): GeocodedAddress {
  return {
    placeId: p.placeId,
    latitude: p.latitude,
    longitude: p.longitude,
    locality: p.mainText,
    sub_locality: '',
    city: p.city,
    city_region: '',
    area_level0: '',
    area_level1: '',
    area_level2: '',
    formatted_address: p.description,
    postal_code: p.postalCode,
    country: 'India',
  };
}

function predictionPoint(p: Prediction): ChosenPoint {
  const label = p.city && !p.mainText.includes(p.city) ? `${p.mainText}, ${p.city}` : p.mainText;
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    label,
    placeId: p.placeId,
    address: predictionAddress(p),
  };
}

/** /searchAddress?deliveryType=&isFromCart=: autocomplete with a 500 ms debounce, and recent locations. */
export default function SearchAddressScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const recent = useRecentLocations();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  // from the cart, from the address form's "Pick locality", or the browse journey
  const redirect = redirectFrom(params);
  const isFromCart = redirect === 'cart';
  const near = nearFrom(
    params,
    stored.point ? { latitude: stored.point.latitude, longitude: stored.point.longitude } : null,
  );
  const gps = useCurrentLocation({ deliveryType: type, redirect });
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const [input, setInput] = useState('');
  const typed = input.trim();
  const [settled, flush] = useDebounced(typed, AUTOCOMPLETE_DEBOUNCE_MS);
  const enabled = settled.length >= MIN_QUERY_LENGTH;
  const search = useQuery({
    queryKey: locationKeys.autocomplete(settled, near),
    queryFn: ({ signal }) => fetchAutocomplete(settled, near, signal),
    enabled,
    staleTime: 5 * 60_000,
  });

  const pick = (p: Prediction) => {
    const point = predictionPoint(p);
    addRecentLocation({ location: point, deliveryType: type });
    if (isPickupType(type)) {
      setPoint(point);
      void navigate(nearestStorePath(type, redirect));
    } else {
      void navigate(afterPointPath(type, point, redirect));
    }
  };

  const waiting = typed.length >= MIN_QUERY_LENGTH && (typed !== settled || search.isFetching);
  const predictions = enabled && typed === settled ? (search.data?.predictions ?? []) : [];
  let status = '';
  if (typed.length === 0) status = '';
  else if (typed.length < MIN_QUERY_LENGTH) status = lt('typeMore');
  else if (waiting) status = lt('searching');

  let results: ReactNode = null;
  if (typed.length >= MIN_QUERY_LENGTH && typed === settled && !search.isFetching) {
    if (search.isError) {
      results = (
        <Notice
          title={lt('suggestionsFailed')}
          action={
            <button type="button" className="btn btn-secondary" onClick={() => void search.refetch()}>
              {lt('retry')}
            </button>
          }
        >
          <p>{search.error.message}</p>
        </Notice>
      );
    } else if (search.data && (search.data.status === 'ZERO_RESULTS' || predictions.length === 0)) {
      results = (
        <Notice
          title={lt('noResultsTitle', { query: typed })}
          action={
            <Link className="btn btn-secondary" to={manualSelectorPath(type, isFromCart)}>
              {lt('selectCityLocality')}
            </Link>
          }
        >
          <p>{lt('noResultsBody')}</p>
        </Notice>
      );
    }
  }

  return (
    <>
      <ScreenHeader title={lt('searchTitle')} />
      <main className="screen loc-screen">
        <form
          className="search-box"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            flush();
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {lt('searchLabel')}
          </label>
          <span className="search-box-icon" aria-hidden="true">
            <SearchIcon />
          </span>
          <input
            id={inputId}
            ref={inputRef}
            className="input search-input"
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={100}
            placeholder={lt('searchPlaceholder')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            aria-describedby={statusId}
            autoFocus
          />
          {input ? (
            <button
              type="button"
              className="icon-btn search-clear"
              aria-label={lt('clearSearch')}
              onClick={() => {
                setInput('');
                inputRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          ) : null}
        </form>
        <p id={statusId} className="search-status" role="status" aria-live="polite">
          {status}
        </p>

        {typed.length === 0 ? (
          <>
            <ul className="option-list card">
              <li>
                <GpsOption gps={gps} />
              </li>
            </ul>
            <RecentLocations
              recent={recent}
              onPick={(r) => {
                setPoint(r.location);
                void navigate(nearestStorePath(type, redirect));
              }}
            />
          </>
        ) : null}

        {predictions.length > 0 ? (
          <ul className="option-list card predictions" aria-label={lt('suggestions')}>
            {predictions.map((p) => (
              <li key={p.placeId}>
                <button
                  type="button"
                  className="prediction"
                  aria-label={p.description}
                  onClick={() => pick(p)}
                >
                  <span className="option-icon" aria-hidden="true">
                    <PinIcon />
                  </span>
                  <span className="option-text">
                    <span className="option-title">{p.mainText}</span>
                    <span className="option-hint">{p.secondaryText}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {results}
        {gps.popup}
      </main>
    </>
  );
}
