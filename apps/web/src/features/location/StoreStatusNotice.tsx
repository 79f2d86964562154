import { MESSAGES } from '@crust/domain/messages';
import { storeClosedMessage } from '@crust/domain/store-open';
import { useStoreInfo, type StoreInfoOutcome } from './api.ts';

/**
 * Why a store takes no order for now, or null when it does: offline (SPEC §8 "Store is currently offline,
 * browse menu or book an advance order"), or outside its opening hours, saying when it opens
 * (packages/domain store-open.ts, the text the server refuses a "now" order with).
 */
export function storeNotNowReason(info: StoreInfoOutcome | undefined, nowMs: number): string | null {
  if (info?.kind !== 'ok') return null;
  if (info.online === 0) return MESSAGES.storeOfflineAdvance;
  const opens = info.store.nextOpensAt;
  return info.store.isOpenNow || opens === null ? null : storeClosedMessage(opens * 1000, nowMs);
}

/**
 * The menu's and the cart's notice for a store that takes advance orders only. Until the store's answer
 * is in (or when it cannot be had: no network) the offline flag kept with the chosen store still speaks.
 */
export function StoreStatusNotice({
  storeId,
  offlineKnown = false,
  className,
}: {
  storeId: number | undefined;
  /** the store was offline when it was chosen */
  offlineKnown?: boolean;
  className: string;
}) {
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
