import { formatRupees, paise } from '@crust/domain/money';

/** ₹ with Indian digit grouping (the domain's formatter), from the server's paise. */
export const rupees = (amount: number): string => formatRupees(paise(amount));

/** Times are stored in UTC and shown in India's time (ARCHITECTURE.md rule 4). */
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

export const orderDate = (iso: string): string => dateFormat.format(new Date(iso));
