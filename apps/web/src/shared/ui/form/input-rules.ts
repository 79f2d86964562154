import type { KeyboardEvent } from 'react';

/** SPEC §5 Generic: numeric inputs block e, E, +, - and a dot (what type=number would let through). */
export const BLOCKED_NUMERIC_KEYS: readonly string[] = ['e', 'E', '+', '-', '.'];

export function blockNonNumericKeys(e: KeyboardEvent<HTMLElement>): void {
  if (BLOCKED_NUMERIC_KEYS.includes(e.key)) e.preventDefault();
}

/** What is left of a typed or pasted value once everything but digits is gone, cut to `max`. */
export function digitsOnly(value: string, max = Infinity): string {
  return value.replace(/\D/g, '').slice(0, max);
}
