import { useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { isPickupType } from '@crust/domain/delivery-types';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { setPoint, useLocationState, useRecentLocations } from '../../shared/state/location-store.ts';
import { useCurrentLocation } from '../../shared/location/useCurrentLocation.tsx';
import { GpsOption } from './GpsOption.tsx';
import {
  deliveryTypeFrom,
  manualSelectorPath,
  nearestStorePath,
  searchAddressPath,
  selectRestaurantPath,
} from '../../shared/location/paths.ts';
import { OptionLink, RecentLocations } from './parts.tsx';
import { CityIcon, SearchIcon, StoreIcon } from '../../shared/location/icons.tsx';
import { lt } from './texts.ts';
import './location.css';

/** /locationSelection?deliveryType=: the ways to tell us where the customer is. */
export default function LocationSelectionScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stored = useLocationState();
  const recent = useRecentLocations();
  const type = deliveryTypeFrom(params, stored.deliveryType);
  const isFromCart = params.get('isFromCart') === 'true';
  const gps = useCurrentLocation({ deliveryType: type, redirect: isFromCart ? 'cart' : null });
  const pickup = isPickupType(type);

  return (
    <>
      <ScreenHeader title={lt('locationSelectionTitle')} />
      <main className="screen loc-screen">
        <p className="loc-intro">{pickup ? lt('wherePickup') : lt('whereDeliver')}</p>
        <ul className="option-list card">
          <li>
            <GpsOption gps={gps} />
          </li>
          <li>
            <OptionLink
              to={searchAddressPath(type, isFromCart)}
              icon={<SearchIcon />}
              title={lt('searchArea')}
              hint={lt('searchAreaHint')}
            />
          </li>
          <li>
            <OptionLink
              to={manualSelectorPath(type, isFromCart)}
              icon={<CityIcon />}
              title={lt('selectCityLocality')}
              hint={lt('selectCityLocalityHint')}
            />
          </li>
          {pickup ? (
            <li>
              <OptionLink
                to={selectRestaurantPath(type)}
                icon={<StoreIcon />}
                title={lt('chooseRestaurant')}
                hint={lt('chooseRestaurantHint')}
              />
            </li>
          ) : null}
        </ul>
        <RecentLocations
          recent={recent}
          onPick={(r) => {
            setPoint(r.location);
            void navigate(nearestStorePath(type, isFromCart ? 'cart' : null));
          }}
        />
        {gps.popup}
      </main>
    </>
  );
}
