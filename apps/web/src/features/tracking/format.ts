/** Times as the customer reads them: in India's time (ARCHITECTURE rule 4), "8:45 PM". */
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

// newer ICU puts a narrow no-break space before AM/PM; a plain one reads (and matches) the same everywhere
const plain = (text: string) => text.replace(/\s/g, ' ');

export function formatTime(iso: string | number): string {
  return plain(timeFormat.format(new Date(iso)));
}

/** "Sun, 22 Nov, 8:00 PM": a slot that may be another day. */
export function formatSlot(iso: string | number): string {
  return `${plain(dayFormat.format(new Date(iso)))}, ${formatTime(iso)}`;
}
