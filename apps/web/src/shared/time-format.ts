import { HOUR_MINUTE, istFormat } from './format.ts';

/**
 * Times as the customer reads them, on India's clock: "8:45 PM", the one format of every screen (istFormat evens
 * out "pm" and ICU's narrow spaces; issue 31 items 7 and 12).
 */
export const formatTime = istFormat(HOUR_MINUTE);
const day = istFormat({ weekday: 'short', day: 'numeric', month: 'short' });

/** "Sun, 22 Nov, 8:00 PM": a slot that may be another day. */
export function formatSlot(iso: string | number): string {
  return `${day(iso)}, ${formatTime(iso)}`;
}
