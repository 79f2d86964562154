import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MINUTE, istFormat } from '../src/shared/format.ts';

afterEach(() => vi.restoreAllMocks());

describe('istFormat', () => {
  it.each([
    ['2026-11-28T13:35:00Z', '7:05 PM'],
    ['2026-11-28T00:05:00Z', '5:35 AM'],
    [Date.UTC(2026, 10, 28, 18, 50), '12:20 AM'],
  ])('%s on India’s clock is %s', (when, shown) => {
    expect(istFormat(HOUR_MINUTE)(when)).toBe(shown);
  });

  it('makes its formatter at the first use, once: a screen defining formatters does not pay for them at load', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    });
    const time = istFormat(HOUR_MINUTE);
    expect(made).not.toHaveBeenCalled();
    time('2026-11-28T13:35:00Z');
    time('2026-11-28T13:36:00Z');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
