import { pt } from './texts.ts';

/**
 * A UPI id (VPA) as the contract's InstrumentDetailsSchema checks it (packages/contract/src/orders.ts): the
 * web bundle cannot import the zod schema, so the pattern is repeated here and a test checks both agree.
 */
export const VPA_PATTERN = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/;

/** The message for a typed UPI id, or null when it will do. */
export function vpaError(vpa: string): string | null {
  const value = vpa.trim();
  if (!value) return pt('upiIdEmpty');
  return VPA_PATTERN.test(value) ? null : pt('upiIdInvalid');
}
