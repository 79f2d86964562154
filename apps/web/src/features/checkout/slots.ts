import type { Store } from '@crust/contract';
import { advanceSlots, istDayStart } from '@crust/domain/checkout-advance';
import { formatHHMM, istMinutesOfDay } from '@crust/domain/hours';
import { storeHoursOfText } from '@crust/domain/store-hours';
import { ck } from './texts.ts';

/**
 * The advance slots (epoch ms) a customer may pick now: packages/domain checkout-advance, from the store's week and
 * its exceptions (a holiday offers none), as the server checks them at confirm.
 */
export function slotsFor(store: Pick<Store, 'hours'> | null, nowMs: number): number[] {
  return store ? advanceSlots(storeHoursOfText(store.hours), nowMs) : [];
}

/** "Today, 7:30 PM" or "Tomorrow, 11:30 AM" on the Asia/Kolkata clock (slots cover those two days). */
export function slotLabel(slotMs: number, nowMs: number): string {
  const time = formatHHMM(istMinutesOfDay(slotMs));
  return istDayStart(slotMs) === istDayStart(nowMs) ? ck('today', { time }) : ck('tomorrow', { time });
}
