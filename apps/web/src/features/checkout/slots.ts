import type { Store } from '@crust/contract';
import { advanceSlots, istDayStart } from '@crust/domain/checkout-advance';
import { formatHHMM, istMinutesOfDay, type OpeningHours } from '@crust/domain/hours';
import { parseClock } from '../../shared/location/store-hours.ts';
import { ck } from './texts.ts';

/** The store's hours as the domain counts them; null when the server's text cannot be read. */
export function storeHours(store: Pick<Store, 'opensAt' | 'closesAt'>): OpeningHours | null {
  const opensAt = parseClock(store.opensAt);
  const closesAt = parseClock(store.closesAt);
  return opensAt === null || closesAt === null ? null : { opensAt, closesAt };
}

/** The advance slots (epoch ms) a customer may pick now: packages/domain checkout-advance. */
export function slotsFor(store: Pick<Store, 'opensAt' | 'closesAt'> | null, nowMs: number): number[] {
  const hours = store ? storeHours(store) : null;
  return hours ? advanceSlots(hours, nowMs) : [];
}

/** "Today, 7:30 PM" or "Tomorrow, 11:30 AM" on the Asia/Kolkata clock (slots cover those two days). */
export function slotLabel(slotMs: number, nowMs: number): string {
  const time = formatHHMM(istMinutesOfDay(slotMs));
  return istDayStart(slotMs) === istDayStart(nowMs) ? ck('today', { time }) : ck('tomorrow', { time });
}
