import { describe, expect, it } from 'vitest';
import { istFields, istInstant, paiseOf, rupeesInput } from '../src/features/store/menu-api.ts';

describe('the Menu and Prices forms’ conversions', () => {
  it.each([
    ['299', 29_900],
    ['299.5', 29_950],
    ['299.50', 29_950],
    ['₹1,299.00', 129_900],
    [' 0.05 ', 5],
    ['', null],
    ['12.345', null],
    ['-5', null],
    ['1e3', null],
    ['abc', null],
  ] as const)('rupees typed %j are %j paise', (text, paise) => {
    expect(paiseOf(text)).toBe(paise);
  });

  it.each([
    [29_900, '299'],
    [29_950, '299.50'],
    [5, '0.05'],
  ] as const)('%j paise are edited as %j', (paise, text) => {
    expect(rupeesInput(paise)).toBe(text);
    expect(paiseOf(text)).toBe(paise);
  });

  it('a date and time on India’s clock is the instant with its offset, and back', () => {
    expect(istInstant('2026-12-01', '09:30')).toBe('2026-12-01T09:30:00+05:30');
    expect(Date.parse(istInstant('2026-12-01', '09:30')!)).toBe(Date.parse('2026-12-01T04:00:00Z'));
    expect(istInstant('2026-12-01', '')).toBeNull();
    expect(istInstant('', '09:30')).toBeNull();
    expect(istFields('2026-12-01T04:00:00.000Z')).toEqual({ date: '2026-12-01', time: '09:30' });
    expect(istFields('2026-11-30T20:00:00.000Z')).toEqual({ date: '2026-12-01', time: '01:30' });
  });
});
