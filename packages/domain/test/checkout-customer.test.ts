import { mobileError } from '../src/mobile.ts';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_TEXTS,
  addressError,
  checkoutDetailsErrors,
  checkoutRequirements,
  emailError,
  isCheckoutReady,
  nameError,
  normaliseVehicleNumber,
  vehicleNumberError,
  type CheckoutAddress,
  type CheckoutDetails,
  type CheckoutErrors,
  type CheckoutField,
} from '../src/checkout-customer.ts';
import type { DeliveryType } from '../src/delivery-types.ts';

const T = CHECKOUT_TEXTS;

/** Koramangala, Bengaluru. */
const ADDRESS: CheckoutAddress = { latitude: 12.9352, longitude: 77.6245, locality: 'Koramangala' };

const PICKUP_DETAILS: CheckoutDetails = {
  name: 'Asha Verma',
  email: 'asha.verma@example.com',
  mobile: '9876543210',
};

const CURB_DETAILS: CheckoutDetails = {
  name: 'Asha Verma',
  mobile: '9876543210',
  vehicle: { number: 'KA01AB1234' },
  stationId: 2,
};

describe('SPEC §5 texts are used word for word', () => {
  it.each<[keyof typeof CHECKOUT_TEXTS, string]>([
    ['enterName', 'Enter Name'],
    ['enterEmail', 'Enter Email Address'],
    ['enterValidEmail', 'Please enter valid email Address'],
    ['enterMobile', 'Enter Mobile Number'],
    ['mobileNoLeadingZero', 'Please do not add 0 in front of your mobile number'],
    ['mobileLength', 'Mobile Number should be of 10 digits'],
    ['mobileOnlyNumbers', 'Mobile number should only contain numbers'],
    ['mobileInvalid', 'Enter 10 digit valid mobile number'],
    ['selectLocality', 'Please select Locality'],
  ])('%s: %s', (key, text) => {
    expect(T[key]).toBe(text);
  });
});

describe('checkoutRequirements: what each order type needs', () => {
  it.each<[DeliveryType, boolean, CheckoutField[], CheckoutField[]]>([
    ['D', true, ['address'], []],
    ['T', true, ['name', 'email', 'mobile'], []],
    ['P', true, ['name', 'email', 'mobile'], []],
    ['DINEIN', true, ['name', 'email', 'mobile'], []],
    [
      'CURB',
      true,
      ['name', 'mobile', 'vehicleNumber', 'stationId'],
      ['email', 'vehicleColour', 'vehicleModel'],
    ],
    ['IRCTC', true, ['name', 'mobile'], ['email']],
  ])('%s: supported %s, required %j, optional %j', (type, supported, required, optional) => {
    expect(checkoutRequirements(type)).toEqual({ supported, required, optional });
  });
});

describe('Name: required, at most 80 characters', () => {
  it.each<[string, string | undefined, string | null]>([
    ['missing', undefined, T.enterName],
    ['empty', '', T.enterName],
    ['only spaces', '   ', T.enterName],
    ['one letter', 'A', null],
    ['a full name', 'Asha Verma', null],
    ['Devanagari', 'आशा वर्मा', null],
    ['80 characters', 'a'.repeat(80), null],
    ['80 characters inside spaces', `  ${'a'.repeat(80)}  `, null],
    ['81 characters', 'a'.repeat(81), T.nameTooLong],
  ])('%s → %s', (_, value, expected) => {
    expect(nameError(value)).toBe(expected);
  });

  it('says the limit', () => {
    expect(T.nameTooLong).toBe('Name can be at most 80 characters');
  });
});

describe('Email: required, at most 50 characters, an address', () => {
  const at50 = `${'a'.repeat(38)}@example.com`;
  it.each<[string, string | undefined, string | null]>([
    ['missing', undefined, T.enterEmail],
    ['empty', '', T.enterEmail],
    ['only spaces', '  ', T.enterEmail],
    ['plain', 'asha@example.com', null],
    ['dots, plus and a subdomain', 'asha.verma+pizza@mail.example.co.in', null],
    ['spaces around are trimmed', '  asha@example.com ', null],
    ['50 characters', at50, null],
    ['51 characters', `a${at50}`, T.emailTooLong],
    ['no @', 'asha.example.com', T.enterValidEmail],
    ['no domain dot', 'asha@example', T.enterValidEmail],
    ['two @', 'asha@@example.com', T.enterValidEmail],
    ['space inside', 'asha verma@example.com', T.enterValidEmail],
    ['a one-letter top-level domain', 'asha@example.c', T.enterValidEmail],
    ['two dots in a row', 'asha..verma@example.com', T.enterValidEmail],
    ['a dot before @', 'asha.@example.com', T.enterValidEmail],
    ['nothing before @', '@example.com', T.enterValidEmail],
  ])('%s → %s', (_, value, expected) => {
    expect(at50).toHaveLength(50);
    expect(emailError(value)).toBe(expected);
  });
});

describe('Mobile: digits only, no leading 0, exactly 10 digits, an Indian mobile', () => {
  it.each<[string, string | undefined, string | null]>([
    ['missing', undefined, T.enterMobile],
    ['empty', '', T.enterMobile],
    ['only spaces', '   ', T.enterMobile],
    ['valid', '9876543210', null],
    ['starting 6', '6123456789', null],
    ['spaces around are trimmed', ' 9876543210 ', null],
    ['letters', '98765abcde', T.mobileOnlyNumbers],
    ['a space inside', '98765 43210', T.mobileOnlyNumbers],
    ['a country code', '+919876543210', T.mobileOnlyNumbers],
    ['a hyphen', '98765-43210', T.mobileOnlyNumbers],
    ['a leading 0', '09876543210', T.mobileNoLeadingZero],
    ['a short leading 0', '0987', T.mobileNoLeadingZero],
    ['9 digits', '987654321', T.mobileLength],
    ['11 digits', '98765432101', T.mobileLength],
    ['starting 5', '5876543210', T.mobileInvalid],
    ['starting 1', '1234567890', T.mobileInvalid],
  ])('%s → %s', (_, value, expected) => {
    expect(mobileError(value)).toBe(expected);
  });
});

describe('Delivery address: lat/lng inside India and a locality', () => {
  it.each<[string, CheckoutAddress | null | undefined, string | null]>([
    ['missing', undefined, T.addressRequired],
    ['null', null, T.addressRequired],
    ['complete', ADDRESS, null],
    ['no latitude', { ...ADDRESS, latitude: null }, T.addressLocation],
    ['no longitude', { ...ADDRESS, longitude: null }, T.addressLocation],
    ['NaN', { ...ADDRESS, latitude: Number.NaN }, T.addressLocation],
    ['out of range', { ...ADDRESS, latitude: 91 }, T.addressLocation],
    ['0, 0 (an unset pin)', { ...ADDRESS, latitude: 0, longitude: 0 }, T.addressLocation],
    ['London', { ...ADDRESS, latitude: 51.5, longitude: -0.12 }, T.addressLocation],
    ['no locality', { ...ADDRESS, locality: '' }, T.selectLocality],
    ['a blank locality', { ...ADDRESS, locality: '  ' }, T.selectLocality],
    [
      'no pin and no locality: the pin first',
      { latitude: null, longitude: null, locality: '' },
      T.addressLocation,
    ],
  ])('%s → %s', (_, address, expected) => {
    expect(addressError(address)).toBe(expected);
  });
});

describe('Vehicle number: an Indian registration, leniently typed', () => {
  it.each<[string, string]>([
    ['KA01AB1234', 'KA01AB1234'],
    ['ka01ab1234', 'KA01AB1234'],
    ['KA 01 AB 1234', 'KA01AB1234'],
    ['KA-01-AB-1234', 'KA01AB1234'],
    [' ka-01 ab  1234 ', 'KA01AB1234'],
    ['MH12A1234', 'MH12A1234'],
    ['DL3CAB1234', 'DL3CAB1234'],
    ['DL 10 C 4567', 'DL10C4567'],
    ['TN 09 BZ 7', 'TN09BZ7'],
    ['GJ011234', 'GJ011234'],
    ['TG09AB1234', 'TG09AB1234'],
    ['TS09AB1234', 'TS09AB1234'],
    ['22 BH 1234 AB', '22BH1234AB'],
    ['22bh1234a', '22BH1234A'],
  ])('%j → %s', (raw, expected) => {
    expect(normaliseVehicleNumber(raw)).toBe(expected);
    expect(vehicleNumberError(raw)).toBeNull();
  });

  it.each<[string, string]>([
    ['an unknown state code', 'ZZ01AB1234'],
    ['no RTO digits', 'KAAB1234'],
    ['a 3-digit RTO', 'KA001AB1234'],
    ['four series letters', 'KA01ABCD1234'],
    ['five digits', 'KA01AB12345'],
    ['no number', 'KA01AB'],
    ['state and district only', 'KA01'],
    ['no series and fewer than 4 digits', 'KA01123'],
    ['no series and a 1-digit district', 'KA11234'],
    ['number 0000', 'KA01AB0000'],
    ['a Bharat series without its letters', '22BH1234'],
    ['a Bharat series with 0000', '22BH0000AB'],
    ['other punctuation', 'KA.01.AB.1234'],
    ['a word', 'car'],
    ['empty after the spaces go', ' - '],
  ])('%s (%j) is not one', (_, raw) => {
    expect(normaliseVehicleNumber(raw)).toBeNull();
    expect(vehicleNumberError(raw)).toBe(T.vehicleNumberInvalid);
  });

  it.each<[string, string | undefined]>([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '  '],
  ])('%s → Enter Vehicle Number', (_, raw) => {
    expect(vehicleNumberError(raw)).toBe(T.vehicleNumberRequired);
  });
});

describe('checkoutDetailsErrors: delivery (D) needs an address only', () => {
  it.each<[string, CheckoutDetails, CheckoutErrors]>([
    ['an address', { address: ADDRESS }, {}],
    ['no address', {}, { address: T.addressRequired }],
    ['a pin but no locality', { address: { ...ADDRESS, locality: '' } }, { address: T.selectLocality }],
    ['name, email and mobile are not checked', { address: ADDRESS, email: 'nope', mobile: 'x' }, {}],
  ])('%s', (_, details, expected) => {
    expect(checkoutDetailsErrors('D', details)).toEqual(expected);
  });
});

describe('checkoutDetailsErrors: pickup (T, P, DINEIN) needs name, email and mobile', () => {
  const cases: [string, CheckoutDetails, CheckoutErrors][] = [
    ['all three', PICKUP_DETAILS, {}],
    ['nothing', {}, { name: T.enterName, email: T.enterEmail, mobile: T.enterMobile }],
    ['no name', { ...PICKUP_DETAILS, name: '' }, { name: T.enterName }],
    ['a bad email', { ...PICKUP_DETAILS, email: 'asha@' }, { email: T.enterValidEmail }],
    ['a leading 0', { ...PICKUP_DETAILS, mobile: '09876543210' }, { mobile: T.mobileNoLeadingZero }],
    ['the address is not checked', { ...PICKUP_DETAILS, address: null }, {}],
  ];
  describe.each<DeliveryType>(['T', 'P', 'DINEIN'])('%s', (type) => {
    it.each(cases)('%s', (_, details, expected) => {
      expect(checkoutDetailsErrors(type, details)).toEqual(expected);
      expect(isCheckoutReady(type, details)).toBe(Object.keys(expected).length === 0);
    });
  });
});

describe('checkoutDetailsErrors: curbside (CURB) needs name, mobile, vehicle number and station', () => {
  it.each<[string, CheckoutDetails, CheckoutErrors]>([
    ['everything required', CURB_DETAILS, {}],
    [
      'nothing',
      {},
      {
        name: T.enterName,
        mobile: T.enterMobile,
        vehicleNumber: T.vehicleNumberRequired,
        stationId: T.stationRequired,
      },
    ],
    ['email is optional', { ...CURB_DETAILS, email: '' }, {}],
    ['a given email is checked', { ...CURB_DETAILS, email: 'asha@' }, { email: T.enterValidEmail }],
    ['a good email', { ...CURB_DETAILS, email: 'asha@example.com' }, {}],
    ['a vehicle number typed loosely', { ...CURB_DETAILS, vehicle: { number: 'ka 01-ab 1234' } }, {}],
    [
      'a bad vehicle number',
      { ...CURB_DETAILS, vehicle: { number: 'KA01' } },
      { vehicleNumber: T.vehicleNumberInvalid },
    ],
    ['no vehicle', { ...CURB_DETAILS, vehicle: null }, { vehicleNumber: T.vehicleNumberRequired }],
    [
      'colour and model given',
      { ...CURB_DETAILS, vehicle: { number: 'KA01AB1234', colour: 'Red', model: 'Maruti Swift' } },
      {},
    ],
    [
      'colour and model at 30 characters',
      { ...CURB_DETAILS, vehicle: { number: 'KA01AB1234', colour: 'c'.repeat(30), model: 'm'.repeat(30) } },
      {},
    ],
    [
      'colour and model at 31 characters',
      { ...CURB_DETAILS, vehicle: { number: 'KA01AB1234', colour: 'c'.repeat(31), model: 'm'.repeat(31) } },
      { vehicleColour: T.vehicleColourTooLong, vehicleModel: T.vehicleModelTooLong },
    ],
    ['station 0', { ...CURB_DETAILS, stationId: 0 }, { stationId: T.stationRequired }],
    ['station −1', { ...CURB_DETAILS, stationId: -1 }, { stationId: T.stationRequired }],
    ['station 1.5', { ...CURB_DETAILS, stationId: 1.5 }, { stationId: T.stationRequired }],
    ['no station', { ...CURB_DETAILS, stationId: null }, { stationId: T.stationRequired }],
    ["one of the store's bays", { ...CURB_DETAILS, stationId: 2, stations: [1, 2, 3] }, {}],
    [
      'a bay the store does not have',
      { ...CURB_DETAILS, stationId: 7, stations: [1, 2, 3] },
      { stationId: T.stationUnknown },
    ],
    [
      'a store with no bays',
      { ...CURB_DETAILS, stationId: 1, stations: [] },
      { stationId: T.stationUnknown },
    ],
    [
      'no bay at a store with no bays',
      { ...CURB_DETAILS, stationId: null, stations: [] },
      { stationId: T.stationRequired },
    ],
    ['bays not given: any positive id', { ...CURB_DETAILS, stationId: 99, stations: null }, {}],
    [
      'a long name and a mobile with letters',
      { ...CURB_DETAILS, name: 'n'.repeat(81), mobile: '98765abcde' },
      { name: T.nameTooLong, mobile: T.mobileOnlyNumbers },
    ],
  ])('%s', (_, details, expected) => {
    expect(checkoutDetailsErrors('CURB', details)).toEqual(expected);
  });
});

describe('checkoutDetailsErrors: train orders (IRCTC) need the passenger’s name and mobile', () => {
  it.each<[string, CheckoutDetails, CheckoutErrors]>([
    ['with nothing', {}, { name: T.enterName, mobile: 'Enter Mobile Number' }],
    ['with name and mobile', { name: 'Asha Rao', mobile: '9876543210' }, {}],
    [
      'with a bad email given',
      { name: 'Asha Rao', mobile: '9876543210', email: 'asha@' },
      { email: 'Please enter valid email Address' },
    ],
    ['an address is not asked for', { ...PICKUP_DETAILS, address: null }, {}],
  ])('%s', (_, details, expected) => {
    expect(checkoutDetailsErrors('IRCTC', details)).toEqual(expected);
  });
});
