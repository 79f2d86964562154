import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery } from '@tanstack/react-query';
import type { GeocodedAddress } from '@crust/contract';
import { DEFAULT_MAP_CENTRE } from '@crust/domain/constants';
import { isPickupType } from '@crust/domain/delivery-types';
import { isValidLatLng, type LatLng } from '@crust/domain/geo';
import { isBlockedLocality } from '@crust/domain/localities';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { setPoint, useLocationState } from '../../shared/state/location-store.ts';
import { useRemoteConfig } from '../../shared/location/api.ts';
import {
  addressLabel,
  fetchCities,
  fetchLocalities,
  locationKeys,
  reverseGeocode,
} from '../../shared/location/lookups.ts';
import { CentrePin, MapView, type MapLabel } from './MapView.tsx';
import { round6 } from './map.ts';
import {
  deliveryTypeFrom,
  nearestStorePath,
  redirectFrom,
  searchAddressPath,
} from '../../shared/location/paths.ts';
import { useDebounced } from './useDebounced.ts';
import { lt } from './texts.ts';
import './location.css';

/** Keyboard pans come in bursts; look the address up once the pin rests. */
const SETTLE_MS = 300;

function pointFrom(params: URLSearchParams): LatLng | null {
  const lat = params.get('latitude');
  const lng = params.get('longitude');
  if (!lat || !lng) return null;
  const p = { latitude: Number(lat), longitude: Number(lng) };
  return isValidLatLng(p) ? p : null;
}

/** Names of the localities around the pin, so the customer can find their way on our plain map. */
function useLocalityLabels(cityName: string | undefined): MapLabel[] {
  const cities = useQuery({
    queryKey: locationKeys.cities('D'),
    queryFn: ({ signal }) => fetchCities('D', signal),
    enabled: Boolean(cityName),
    staleTime: Infinity,
  });
  const cityId = cityName
    ? cities.data?.find((c) => c.name.toLowerCase() === cityName.toLowerCase())?.id
    : undefined;
  const localities = useQuery({
    queryKey: locationKeys.localities(cityId ?? ''),
    queryFn: ({ signal }) => fetchLocalities(cityId!, signal),
    enabled: Boolean(cityId),
    staleTime: Infinity,
  });
  return useMemo(
    () =>
      (localities.data?.localities ?? [])
        .filter((l) => !isBlockedLocality(l.name))
        .map((l) => ({ id: l.placeId, position: l, text: l.name })),
    [localities.data],
  );
}

function AddressLines({ address }: { address: GeocodedAddress }) {
  const area = address.sub_locality || address.locality;
  const rest = [address.sub_locality ? address.locality : '', address.city].filter(Boolean).join(', ');
  return (
    <>
      <h2 className="map-address-title">{area}</h2>
      <p className="map-address-line">
        {rest}
        {address.postal_code ? (
          <span className="map-address-pin">{lt('pinCode', { pin: address.postal_code })}</span>
        ) : null}
      </p>
      {address.formatted_address ? <p className="map-address-full">{address.formatted_address}</p> : null}
    </>
  );
}

/**
 * /mapScreen?latitude=&longitude=&isAddAddress=&isFromCart=: a fixed pin over a map the customer moves;
 * the address under the pin is looked up when the map rests; "Confirm location" stores the point and
 * goes to the nearest-store lookup.
 */
export default function MapScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const isFromCart = params.get('isFromCart') === 'true';
  const redirect = redirectFrom(params);
  const config = useRemoteConfig();
  const addressId = useId();

  const [centre, setCentre] = useState<LatLng>(() =>
    round6(pointFrom(params) ?? stored.point ?? DEFAULT_MAP_CENTRE),
  );
  const [settled] = useDebounced(centre, SETTLE_MS);
  const geo = useQuery({
    queryKey: locationKeys.reverse(settled),
    queryFn: ({ signal }) => reverseGeocode(settled, signal),
    staleTime: 10 * 60_000,
  });
  const resting = settled === centre && !geo.isFetching;
  const labels = useLocalityLabels(geo.data?.city);
  const address = resting ? (geo.data ?? null) : null;

  const confirm = () => {
    setPoint({
      latitude: centre.latitude,
      longitude: centre.longitude,
      label: address ? addressLabel(address) : lt('pinnedLocation'),
      placeId: address?.placeId,
      address: address ?? undefined,
    });
    void navigate(nearestStorePath(type, redirect));
  };

  let body;
  if (!resting) body = <p className="map-address-status">{lt('findingAddress')}</p>;
  else if (geo.isError)
    body = (
      <p className="map-address-status">
        {lt('addressFailed')}{' '}
        <button type="button" className="link-btn" onClick={() => void geo.refetch()}>
          {lt('retry')}
        </button>
      </p>
    );
  else if (address) body = <AddressLines address={address} />;
  else body = <p className="map-address-status">{lt('noAddressHere')}</p>;

  return (
    <div className="map-screen">
      <ScreenHeader title={lt('mapTitle')} />
      <main className="map-screen-main">
        <MapView
          className="map-screen-map"
          centre={centre}
          onMoveEnd={(c) => setCentre(round6(c))}
          tileUrl={config.data?.mapTileUrl ?? null}
          labels={config.data?.mapTileUrl ? [] : labels}
          label={lt('mapLabel')}
          panControls
        >
          <CentrePin caption={isPickupType(type) ? undefined : lt('pinHere')} />
        </MapView>
        <section className="map-sheet" aria-labelledby={addressId}>
          <p className="map-sheet-hint" id={addressId}>
            {lt('mapHint')}
          </p>
          <div className="map-address" aria-live="polite" aria-busy={!resting}>
            {body}
          </div>
          <button type="button" className="btn btn-primary btn-block" onClick={confirm} disabled={!resting}>
            {lt('confirmLocation')}
          </button>
          <Link className="btn btn-secondary btn-block" to={searchAddressPath(type, isFromCart)} replace>
            {lt('changeLocation')}
          </Link>
        </section>
      </main>
    </div>
  );
}
