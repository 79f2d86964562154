import { HOUR_MINUTE, istFormat } from './format.ts';

/**
 * Times as the customer reads them, on India's clock: "8:45 PM", the one format of the customer's screens (the
 * tracker, the thank-you page; issue 31 item 7).
 */
const time = istFormat(HOUR_MINUTE, 'en-US');
const day = istFormat({ weekday: 'short', day: 'numeric', month: 'short' });

// newer ICU puts a narrow no-break space before AM/PM; a plain one reads (and matches) the same everywhere
const plain = (text: string) => text.replace(/\s/g, ' ');

export function formatTime(iso: string | number): string {
  return plain(time(iso));
}

/** "Sun, 22 Nov, 8:00 PM": a slot that may be another day. */
export function formatSlot(iso: string | number): string {
  return `${plain(day(iso))}, ${formatTime(iso)}`;
}
