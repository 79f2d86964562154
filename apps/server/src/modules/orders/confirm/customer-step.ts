import type { ConfirmOrderBody } from '@crust/contract/orders';
import { checkoutDetailsErrors, type CheckoutField } from '@crust/domain/checkout-customer';
import { fail, type Refused } from '../fail.ts';
import { FIELD_PATHS } from './fields.ts';

/**
 * The customer and their contact as the order type needs them (checkout-customer.ts): a name, email and mobile,
 * a delivery address's locality, a curbside car, a bay of the store. The first detail missing or wrong refuses.
 */
export function customerRefusal(
  od: Pick<ConfirmOrderBody['orderDetails'], 'deliveryType' | 'userDetails' | 'vehicleDetails' | 'stationId'>,
  address: { latitude: number; longitude: number; locality: string } | null,
  store: { stations: readonly { stationId: number }[] },
): Refused | null {
  const u = od.userDetails;
  const errors = checkoutDetailsErrors(od.deliveryType, {
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    mobile: u.mobile,
    address: address
      ? { latitude: address.latitude, longitude: address.longitude, locality: address.locality }
      : null,
    vehicle: od.vehicleDetails ?? null,
    stationId: od.stationId ?? null,
    stations: store.stations.map((b) => b.stationId),
  });
  const firstError = Object.entries(errors)[0];
  if (!firstError) return null;
  const [field, text] = firstError;
  return fail(
    'INVALID_DETAILS',
    text,
    field === 'deliveryType' ? undefined : FIELD_PATHS[field as CheckoutField],
  );
}
