import { MESSAGES } from '@crust/domain/messages';
import { storeClosedMessage } from '@crust/domain/store-open';
import type { StoreInfoOutcome } from './store-info.ts';

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
