import { isDeliveryType, isPickupType, type DeliveryType } from '@crust/domain/delivery-types';
import type { LatLng } from '@crust/domain/geo';
import { paths } from '../../config/paths.ts';

/** Where the browse journey goes after a store is chosen (SPEC §2 Location entry: cart, address or menu). */
export type StoreRedirect = 'cart' | 'address' | null;

const coord = (n: number) => n.toFixed(6);

/** Reads ?deliveryType=, falling back to the stored one. */
export function deliveryTypeFrom(params: URLSearchParams, fallback: DeliveryType): DeliveryType {
  const v = params.get('deliveryType');
  return isDeliveryType(v) ? v : fallback;
}

export function redirectFrom(params: URLSearchParams): StoreRedirect {
  const r = params.get('redirect');
  if (r === 'cart' || params.get('isFromCart') === 'true') return 'cart';
  if (r === 'address' || params.get('isAddAddress') === 'true') return 'address';
  return null;
}

export function afterStorePath(redirect: StoreRedirect): string {
  if (redirect === 'cart') return paths.cart();
  if (redirect === 'address') return paths.address();
  return paths.menu();
}

export function nearestStorePath(type: DeliveryType, redirect: StoreRedirect = null): string {
  return paths.nearestStore({ deliveryType: type, redirect });
}

export function locationSelectionPath(type: DeliveryType, isFromCart = false): string {
  return paths.locationSelection({ deliveryType: type, isFromCart });
}

export function searchAddressPath(type: DeliveryType | null, isFromCart = false): string {
  return paths.searchAddress({ deliveryType: type, isFromCart });
}

export function manualSelectorPath(type: DeliveryType, isFromCart = false): string {
  return paths.manualSelector({ deliveryType: type, isFromCart });
}

export function selectRestaurantPath(type: DeliveryType): string {
  return paths.selectRestaurant({ deliveryType: type, storePage: 'false' });
}

export function takeawayMapPath(type: DeliveryType, redirect: StoreRedirect = null): string {
  return paths.takeawayMap({ deliveryType: type, redirect });
}

export function mapScreenPath(
  p: LatLng,
  opts: { deliveryType?: DeliveryType; isFromCart?: boolean; isAddAddress?: boolean } = {},
): string {
  return paths.mapScreen({
    latitude: coord(p.latitude),
    longitude: coord(p.longitude),
    deliveryType: opts.deliveryType,
    isAddAddress: opts.isAddAddress,
    isFromCart: opts.isFromCart,
  });
}

/**
 * SPEC §2 Location entry: with known coordinates the nearest-store lookup runs at once; without them
 * the customer chooses how to give a location.
 */
export function locationEntryPath(type: DeliveryType, point: LatLng | null): string {
  return point ? nearestStorePath(type) : locationSelectionPath(type);
}

/**
 * Where a chosen point leads: delivery pins it on the map first (to the building); pickup types go
 * straight to the nearest-store lookup (SPEC §4 Location: non-delivery types go to /nearestStore).
 */
export function afterPointPath(type: DeliveryType, p: LatLng, redirect: StoreRedirect = null): string {
  if (isPickupType(type)) return nearestStorePath(type, redirect);
  return mapScreenPath(p, {
    deliveryType: type,
    isFromCart: redirect === 'cart',
    isAddAddress: redirect === 'address',
  });
}
