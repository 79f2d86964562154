import { formatRupees, paise } from '@crust/domain/money';

/** ₹ with Indian digit grouping (the domain's formatter), from the server's paise. */
export const rupees = (amount: number): string => formatRupees(paise(amount));

/** The hour and minute of a time: "7:05 PM". */
export const HOUR_MINUTE = { hour: 'numeric', minute: '2-digit' } as const;

/**
 * A formatter of instants (ISO text or epoch ms) on India's clock: times are stored in UTC and shown in
 * Asia/Kolkata (ARCHITECTURE.md rule 4), whatever time zone the phone or tablet is set to.
 *
 * One way of writing a time everywhere, customer's screens and console alike: "7:05 PM". en-IN writes "pm" and
 * newer ICU puts a narrow no-break space before it; both are evened out here.
 *
 * The formatter is made at its first use, not when the module loads: making one costs tens of milliseconds on a
 * slow phone (ICU's data), and the screens that define formatters at the top of a module (the cart's chunk has
 * several) would pay for them all in their first, blocking render (issue 32's /cart long task).
 */
export function istFormat(
  options: Intl.DateTimeFormatOptions,
  locale = 'en-IN',
): (when: string | number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (when) =>
    (format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Kolkata' }))
      .format(new Date(when))
      .replace(/\s/g, ' ')
      .replace(/\b([ap])m\b/, (_, h: string) => `${h.toUpperCase()}M`);
}

/** A bill row's amount: a discount is money taken off, so it says so with a minus ("-₹91.80"). */
export const billAmount = (key: string | undefined, amount: number): string =>
  rupees(key === 'discount' ? -Math.abs(amount) : amount);

/** "Sun, 22 Nov, 7:05 PM": a time that may be on another day (an advance order's slot). */
export const formatDayTime = /* @__PURE__ */ istFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  ...HOUR_MINUTE,
});
