import { describe, expect, it } from 'vitest';
import { addressLine } from '../src/address.ts';

describe('addressLine', () => {
  it.each([
    [
      { houseNo: '12B', street: '80 Feet Road', locality: 'Koramangala', city: 'Bengaluru' },
      '12B, 80 Feet Road, Koramangala, Bengaluru',
    ],
    [{ houseNo: ' ', street: 'MG Road', locality: '', city: 'Pune' }, 'MG Road, Pune'],
    [{ houseNo: '', street: '', locality: '', city: '' }, ''],
  ])('%j → %j', (parts, line) => {
    expect(addressLine(parts)).toBe(line);
  });
});
