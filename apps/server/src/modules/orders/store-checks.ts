import type { ConfirmOrderBody } from '@crust/contract/orders';
import { isAdvanceSlotValid } from '@crust/domain/checkout-advance';
import type { StoreHours } from '@crust/domain/store-hours';
import { MESSAGES } from '@crust/domain/messages';
import { storeOrderTypeFor } from '@crust/domain/stores';
import type { StoreOrderType } from '@crust/domain/delivery-types';
import { openNow } from '@crust/domain/store-open';
import { ORDER_TEXTS } from './texts.ts';

/** What confirm needs to know of the cart's store (a StoreDirectory row). */
export interface StoreForOrder {
  /** the week and its exceptions (store-hours.ts) */
  hours: StoreHours;
  online: boolean;
  orderTypes: readonly StoreOrderType[];
}

export interface StoreRefusal {
  code: 'ORDER_TYPE_UNAVAILABLE' | 'STORE_OFFLINE' | 'STORE_CLOSED' | 'INVALID_DETAILS';
  displayMsg: string;
  field?: string;
}

/**
 * Whether the store takes this order at `now` (docs/checkout.md): it offers the order type (curbside only
 * with bays, stores/service.ts); an advance order names one of the slots on offer (checkout-advance.ts);
 * an order for now needs the store online (SPEC §4, §8 "Store is currently offline, …") and inside its
 * opening hours, else STORE_CLOSED says when it opens (store-open.ts).
 */
export function storeRefusal(
  store: StoreForOrder,
  od: Pick<ConfirmOrderBody['orderDetails'], 'deliveryType' | 'advancedTime'>,
  now: number,
): StoreRefusal | null {
  if (!store.orderTypes.includes(storeOrderTypeFor(od.deliveryType)))
    return { code: 'ORDER_TYPE_UNAVAILABLE', displayMsg: ORDER_TEXTS.orderTypeUnavailable };
  if (od.advancedTime) {
    return isAdvanceSlotValid(store.hours, od.advancedTime * 1000, now)
      ? null
      : { code: 'INVALID_DETAILS', displayMsg: ORDER_TEXTS.chooseSlot, field: 'orderDetails.advancedTime' };
  }
  if (!store.online) return { code: 'STORE_OFFLINE', displayMsg: MESSAGES.storeOfflineAdvance };
  const open = openNow(store.hours, now);
  return open.open ? null : { code: 'STORE_CLOSED', displayMsg: open.message };
}
