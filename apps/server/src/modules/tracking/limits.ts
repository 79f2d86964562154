import type { Limit } from '../../http/limits.ts';

const HOUR_MS = 3_600_000;

/**
 * "Track your order" by mobile number and order number (docs/tracking.md, docs/security.md): a lookup takes a
 * slot of each limit before the order is looked for, and a lookup that finds the order gives them back, so only
 * misses count. With order numbers drawn from 90 million, 10 misses an hour for one mobile number from one client
 * address, and 100 from every address together, make finding its orders by guessing hopeless; counted per
 * (mobile, address), a stranger's misses do not stop the customer tracking from theirs (issue 28 §7). 30 an hour
 * from one client address leave room for a family or an office behind one address mistyping a few numbers.
 */
export const TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR = 10;
export const TRACK_LOOKUPS_PER_MOBILE_PER_HOUR = 100;
export const TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR = 30;

export const trackLookupsForMobileFrom = (mobile: string, ip: string): Limit => ({
  key: `track-lookup|mobile-ip|${mobile}|${ip}`,
  max: TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});

export const trackLookupsForMobile = (mobile: string): Limit => ({
  key: `track-lookup|mobile|${mobile}`,
  max: TRACK_LOOKUPS_PER_MOBILE_PER_HOUR,
  windowMs: HOUR_MS,
});

export const trackLookupsFromAddress = (ip: string): Limit => ({
  key: `track-lookup|ip|${ip}`,
  max: TRACK_LOOKUPS_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});
