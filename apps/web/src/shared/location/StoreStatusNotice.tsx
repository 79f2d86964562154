import { MESSAGES } from '@crust/domain/messages';
import { useStoreInfo } from './api.ts';
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
}

export function StoreStatusNotice({ storeId, offlineKnown = false, className }: StoreStatusNoticeProps) {
  const info = useStoreInfo(storeId);
  const reason =
    info.data?.kind === 'ok'
      ? // "today" or "tomorrow" as of the answer, which said the store was closed then
        storeNotNowReason(info.data, info.dataUpdatedAt)
      : offlineKnown
        ? MESSAGES.storeOfflineAdvance
        : null;
  if (!reason) return null;
  return (
    <p className={className} role="status" data-testid="store-status">
      {reason}
    </p>
  );
}
