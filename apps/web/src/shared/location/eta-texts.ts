import type { DeliveryEstimate } from '@crust/domain/delivery-estimate';
import { assertNever, type DeliveryType } from '@crust/domain/delivery-types';
import { defineTexts } from '../i18n/index.ts';

/** The ETA's words (issue 31 item 6): a delivery comes, anything collected at the store is ready. */
export const etaT = defineTexts({
  deliveryIn: 'Delivery in {minutes} min',
  readyIn: 'Ready in {minutes} min',
});

/**
 * "Delivery in 30 min" / "Ready in 20 min", or null: nothing is said when the estimate is Unknown (no store or
 * location yet) or NA (the store is closed, which its own notice says, or the order is done), nor for a train,
 * which the train's arrival times.
 */
export function etaText(type: DeliveryType, eta: DeliveryEstimate | undefined): string | null {
  if (eta === undefined || eta === 'UNKNOWN' || eta === 'NA') return null;
  switch (type) {
    case 'D':
      return etaT('deliveryIn', { minutes: eta });
    case 'T':
    case 'P':
    case 'DINEIN':
    case 'CURB':
      return etaT('readyIn', { minutes: eta });
    case 'IRCTC':
      return null;
    default:
      return assertNever(type);
  }
}
