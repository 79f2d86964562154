/** SPEC §1 delivery types. P is shown as Takeaway/Dine-in. */
export const DELIVERY_TYPES = ['D', 'T', 'P', 'DINEIN', 'CURB', 'IRCTC'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The order types a store can offer (IRCTC is served through station stores, not offered on its own). */
export const STORE_ORDER_TYPES = ['D', 'T', 'P', 'DINEIN', 'CURB'] as const;
export type StoreOrderType = (typeof STORE_ORDER_TYPES)[number];

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** Delivery brings the pizza to the customer; every other type has the customer come to the store. */
export function isPickupType(type: DeliveryType): boolean {
  switch (type) {
    case 'D':
    case 'IRCTC':
      return false;
    case 'T':
    case 'P':
    case 'DINEIN':
    case 'CURB':
      return true;
    default:
      return assertNever(type);
  }
}

export function deliveryTypeLabel(type: DeliveryType): string {
  switch (type) {
    case 'D':
      return 'Delivery';
    case 'T':
      return 'Takeaway';
    case 'P':
      return 'Takeaway/Dine-in';
    case 'DINEIN':
      return 'Dine-in';
    case 'CURB':
      return 'Drive-n-Pick';
    case 'IRCTC':
      return 'Delivery on train';
    default:
      return assertNever(type);
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}
