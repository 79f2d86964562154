import type { DeliveryType } from '@crust/domain/delivery-types';
import { useStoreInfo } from './store-info.ts';
import { etaText } from './eta-texts.ts';
import { useLocationState } from '../state/location-store.ts';

export interface EtaNoteProps {
  storeId: number | undefined;
  /** the cart's order type; the chosen one without a cart */
  deliveryType?: DeliveryType;
  className: string;
}

/**
 * The chosen store's ETA for the chosen order type and point (issue 31 item 6), from the store's answer the
 * menu's, cart's and checkout's store notice also reads (one request); nothing until it comes.
 */
export function EtaNote({ storeId, deliveryType, className }: EtaNoteProps) {
  const chosen = useLocationState().deliveryType;
  const type = deliveryType ?? chosen;
  const info = useStoreInfo(storeId, type);
  const text = info.data?.kind === 'ok' ? etaText(type, info.data.eta) : null;
  if (!text) return null;
  return (
    <span className={className} data-testid="eta">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {text}
    </span>
  );
}
