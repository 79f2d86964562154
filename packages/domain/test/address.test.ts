import { describe, expect, it } from 'vitest';
import { addressLine, normaliseAddress, type AddressFields } from '../src/address.ts';

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

describe('normaliseAddress', () => {
  const base: AddressFields<'Home' | 'Work' | 'Other'> = {
    type: 'Home',
    fName: 'Asha',
    lName: 'Rao',
    mobNo: '9876543210',
    houseNo: '12B',
    address: '80 Feet Road',
    locality: 'Koramangala',
    city: 'Bengaluru',
    latitude: 12.93,
    longitude: 77.62,
  };
  const saved = {
    ...base,
    email: '',
    subLocality: '',
    postalCode: '',
    formattedAddress: '12B, 80 Feet Road, Koramangala, Bengaluru',
  };

  it.each<[string, Partial<AddressFields> & Record<string, unknown>, Partial<typeof saved>]>([
    ['the parts left out are empty, the one-line form is made', {}, {}],
    [
      'the parts given are kept',
      { email: 'a@b.in', subLocality: '5th Block', postalCode: '560095' },
      { email: 'a@b.in', subLocality: '5th Block', postalCode: '560095' },
    ],
    [
      'a one-line form written by the customer is kept',
      { formattedAddress: 'Near the lake' },
      { formattedAddress: 'Near the lake' },
    ],
    ['an empty one-line form is made', { formattedAddress: '' }, {}],
    [
      'a blank part is left out of the made one',
      { houseNo: ' ' },
      { houseNo: ' ', formattedAddress: '80 Feet Road, Koramangala, Bengaluru' },
    ],
    ['fields that are not the address’s own are dropped', { addressId: 'A1', extra: true }, {}],
  ])('%s', (_, input, change) => {
    expect(normaliseAddress({ ...base, ...input })).toEqual({ ...saved, ...change });
  });
});
