import type { KeyboardEvent } from 'react';
import { COUNTRY_CODE } from '@crust/domain/constants';

/** SPEC §5 Mobile, one message per case: the domain's rule, shared with checkout. */
export { mobileError } from '@crust/domain/mobile';

/** SPEC §5 Generic: numeric inputs block e, E, +, - and a dot (what type=number would let through). */
export function blockNonNumericKeys(e: KeyboardEvent<HTMLInputElement>): void {
  if (['e', 'E', '+', '-', '.'].includes(e.key)) e.preventDefault();
}

/** 98765 43210: how a number is shown back to the customer. */
export function formatMobile(mobile: string): string {
  return `${COUNTRY_CODE} ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}
