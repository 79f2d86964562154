import { HOUR_MINUTE, istFormat } from '../../shared/format.ts';

/** "1 Mar 2025, 7:00 pm", on India's clock. */
export const orderDate: (iso: string) => string = istFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  ...HOUR_MINUTE,
});
