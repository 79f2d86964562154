import { MESSAGES } from '@crust/domain/messages';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { EtaNote } from './EtaNote.tsx';
import { useStoreInfo } from './store-info.ts';
import { storeNotNowReason } from './store-not-now.ts';

/**
 * The menu's and the cart's notice for a store that takes advance orders only. Until the store's answer
 * is in (or when it cannot be had: no network) the offline flag kept with the chosen store still speaks.
 */
export interface StoreStatusNoticeProps {
  storeId: number | undefined;
  /** the store was offline when it was chosen */
  offlineKnown?: boolean;
  className: string;
  /**
   * the cart's order type: its ETA shows too (issue 31 item 6). Drawn here rather than beside it so the cart's first
   * screen, at its budget, carries one lazy part instead of two.
   */
  etaFor?: DeliveryType;
}

export function StoreStatusNotice({
  storeId,
  offlineKnown = false,
  className,
  etaFor,
}: StoreStatusNoticeProps) {
  const info = useStoreInfo(storeId);
  const reason =
    info.data?.kind === 'ok'
      ? // "today" or "tomorrow" as of the answer, which said the store was closed then
        storeNotNowReason(info.data, info.dataUpdatedAt)
      : offlineKnown
        ? MESSAGES.storeOfflineAdvance
        : null;
  const eta = etaFor ? <EtaNote storeId={storeId} deliveryType={etaFor} className="menu-eta" /> : null;
  if (!reason) return eta;
  return (
    <>
      <p className={className} role="status" data-testid="store-status">
        {reason}
      </p>
      {eta}
    </>
  );
}
