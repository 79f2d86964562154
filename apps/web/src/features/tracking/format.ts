import { HOUR_MINUTE, istFormat } from '../../shared/format.ts';

/** Times as the customer reads them, on India's clock: "8:45 PM". */
export const formatTime = istFormat(HOUR_MINUTE);
const day = istFormat({ weekday: 'short', day: 'numeric', month: 'short' });

/** "Sun, 22 Nov, 8:00 PM": a slot that may be another day. */
export function formatSlot(iso: string | number): string {
  return `${day(iso)}, ${formatTime(iso)}`;
}
