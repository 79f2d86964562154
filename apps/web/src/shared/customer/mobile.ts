import { COUNTRY_CODE } from '@crust/domain/constants';

/** SPEC §5 Mobile, one message per case: the domain's rule, shared with checkout. */
export { mobileError } from '@crust/domain/mobile';

/** 98765 43210: how a number is shown back to the customer. */
export function formatMobile(mobile: string): string {
  return `${COUNTRY_CODE} ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}
