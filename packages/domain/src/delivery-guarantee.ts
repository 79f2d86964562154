/**
 * SPEC §9 delivery guarantee: a delivery order arrives within 30 minutes of being placed (45 minutes for orders
 * placed all night, 11 PM to 3 AM India time), or the customer is compensated with up to ₹300 (never more than
 * the order cost). An advance order's clock starts at its slot. Only delivery orders carry the guarantee; the
 * promised time of a pickup order is when it should be ready, shown but not compensated.
 */
import { paise, type Paise } from './money.ts';
import type { DeliveryType } from './delivery-types.ts';

export const GUARANTEE_MINUTES = 30;
export const NIGHT_GUARANTEE_MINUTES = 45;
/** SPEC §9 liability maximum ₹300 */
export const GUARANTEE_MAX_PAISE = paise(30_000);

const MINUTE_MS = 60_000;
/** India has one time zone and no daylight saving: UTC+5:30 */
const IST_OFFSET_MS = 330 * MINUTE_MS;

/** The hour of the day in India (0–23) at an instant. */
export function istHour(atMs: number): number {
  return new Date(atMs + IST_OFFSET_MS).getUTCHours();
}

/** 45 minutes when the clock starts between 11 PM and 3 AM in India, 30 otherwise. */
export function guaranteeMinutes(startMs: number): number {
  const hour = istHour(startMs);
  return hour >= 23 || hour < 3 ? NIGHT_GUARANTEE_MINUTES : GUARANTEE_MINUTES;
}

/** When the order is promised: its slot (advance) or when it was placed, plus the guarantee. */
export function promisedAt(placedMs: number, slotMs: number | null): number {
  const start = slotMs ?? placedMs;
  return start + guaranteeMinutes(start) * MINUTE_MS;
}

export interface GuaranteeCase {
  deliveryType: DeliveryType;
  /** what the customer paid for the order, in paise */
  totalPaise: number;
  promisedMs: number;
  deliveredMs: number;
}

/** What a late delivery earns the customer: the order's cost up to ₹300; nothing when on time or not delivered to them. */
export function guaranteeCompensation(c: GuaranteeCase): Paise {
  if (c.deliveryType !== 'D' || c.deliveredMs <= c.promisedMs) return paise(0);
  return paise(Math.max(0, Math.min(c.totalPaise, GUARANTEE_MAX_PAISE)));
}

/** Whether the order type is promised by a delivery time (the tracker's wording differs for pickup). */
export function isGuaranteed(type: DeliveryType): boolean {
  return type === 'D';
}
