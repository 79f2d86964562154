import type { Address } from '@crust/contract/account';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { deliversTo, type DeliveryReach } from '@crust/domain/delivery-area';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../../db/client.ts';
import type { Result } from '../../../http/errors.ts';
import { listAddresses } from '../../account/service.ts';
import { fail, type Refused } from '../fail.ts';
import { ORDER_TEXTS } from '../texts.ts';
import { FIELD_PATHS } from './fields.ts';

/** A delivery address typed in at checkout (a guest's, or a new one). */
interface AddressLike {
  latitude: number;
  longitude: number;
  locality: string;
  houseNo: string;
  address: string;
  city: string;
}

export type OrderAddress = Address | AddressLike;

/**
 * Where a delivery goes: a customer's saved address or the one typed in, which the store still serves. Null for
 * every other order type (the store itself, a car park bay, a train).
 */
export async function addressStep(
  db: Db,
  /** the customer whose saved addresses an addressId names; null for a guest, who has none */
  customerId: string | null,
  od: Pick<ConfirmOrderBody['orderDetails'], 'deliveryType' | 'address'>,
  store: DeliveryReach,
): Promise<Result<OrderAddress | null>> {
  if (od.deliveryType !== 'D') return { ok: true, data: null };
  if (!od.address) return fail('INVALID_DETAILS', ORDER_TEXTS.addressNotFound, FIELD_PATHS.address);
  let address: OrderAddress;
  if ('addressId' in od.address) {
    const id = od.address.addressId;
    const saved = customerId
      ? (await listAddresses(db, customerId)).find((a) => a.addressId === id)
      : undefined;
    if (!saved) return fail('INVALID_DETAILS', ORDER_TEXTS.addressNotFound, FIELD_PATHS.address);
    address = saved;
  } else {
    address = od.address.address;
  }
  return reachRefusal(address, store) ?? { ok: true, data: address };
}

/** An address outside the store's delivery area: its polygon when it has one, else its radius (delivery-area.ts). */
export function reachRefusal(
  address: { latitude: number; longitude: number },
  store: DeliveryReach,
): Refused | null {
  const point = { latitude: address.latitude, longitude: address.longitude };
  return deliversTo(store, point) ? null : fail('NOT_SERVICEABLE', MESSAGES.weDoNotDeliverHere);
}
