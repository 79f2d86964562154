/**
 * What each order type needs before payment (SPEC §5 "Pickup orders need name, email and mobile";
 * SPEC §3 Order details: address for delivery, vehicle details and stationId for curbside).
 *
 * | type           | required                                   | optional (checked only when given) |
 * | -------------- | ------------------------------------------ | ---------------------------------- |
 * | D              | address (lat/lng in India, locality)       |                                    |
 * | T, P, DINEIN   | name, email, mobile                        |                                    |
 * | CURB           | name, mobile, vehicle number, station      | email, vehicle colour, model       |
 * | IRCTC          | name, mobile (the seat and station come with the train details)  | email        |
 *
 * Anything a type neither requires nor lists as optional is ignored (a pickup order's stale address
 * does not block it). Each field gets at most one message: the first rule it breaks, in this order:
 * - name: "Enter Name"; longer than 80 → NAME_TOO_LONG.
 * - email: "Enter Email Address"; longer than 50 → EMAIL_TOO_LONG; not an address (the same pattern as
 *   zod's z.email(), which the contract uses) → "Please enter valid email Address".
 * - mobile, as the login screens check it: "Enter Mobile Number"; anything but digits → "Mobile number
 *   should only contain numbers"; a leading 0 → "Please do not add 0 in front of your mobile number";
 *   not 10 digits → "Mobile Number should be of 10 digits"; not starting 6–9 (no Indian mobile
 *   does) → "Enter 10 digit valid mobile number".
 * - address: none → ADDRESS_REQUIRED; no usable lat/lng inside India → ADDRESS_LOCATION; no locality →
 *   "Please select Locality" (SPEC §5 Address form messages).
 * - vehicle number: none → VEHICLE_NUMBER_REQUIRED; not an Indian registration → VEHICLE_NUMBER_INVALID.
 * - vehicle colour / model: optional free text, at most 30 characters (VEHICLE_COLOUR_TOO_LONG,
 *   VEHICLE_MODEL_TOO_LONG). Optional because the registration number alone identifies the car at the
 *   bay, and every extra required field slows checkout; the colour helps staff spot it when given.
 * - station: a positive integer id of the curbside bay, else STATION_REQUIRED; when the store's bays are
 *   given (SPEC §3 Store storeStationDetails), one of them, else STATION_UNKNOWN.
 * - IRCTC: the passenger's name and mobile (the pizza is handed over by the delivery code texted to it); the PNR,
 *   train, station and seat are the server's to check against the journey (issue 16).
 *
 * Texts this file adds (SPEC §5 gives none for these), exported in CHECKOUT_TEXTS:
 * "Name can be at most 80 characters", "Email Address can be at most 50 characters",
 * "Select a delivery address", "Pick your delivery location on the map", "Enter Vehicle Number",
 * "Enter a valid vehicle number, like KA01AB1234", "Vehicle colour can be at most 30 characters",
 * "Vehicle model can be at most 30 characters", "Select a parking bay",
 * "Choose one of this store's parking bays",
 * "Orders for delivery on a train cannot be placed here".
 *
 * Lengths are counted in UTF-16 code units, as an input's maxlength and zod's max() count them, after
 * trimming spaces at both ends.
 */
import { PHONE_LENGTH } from './constants.ts';
import { assertNever, type DeliveryType } from './delivery-types.ts';
import { isInIndia, isValidLatLng } from './geo.ts';
import { MESSAGES } from './messages.ts';
import { mobileError } from './mobile.ts';

/** SPEC §5 Maximum lengths: full name 80, email 50 (mobile 10 is PHONE_LENGTH). */
export const FULL_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 50;
/** This file's own limit for the optional vehicle colour and model. */
export const VEHICLE_DETAIL_MAX_LENGTH = 30;

const withN = (text: string): string => text.replace('{n}', String(PHONE_LENGTH));

/** Every text checkoutDetailsErrors can return: SPEC §5 texts word for word, and this file's own. */
export const CHECKOUT_TEXTS = {
  // SPEC §5 Name, Email, Mobile, Address form messages
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  enterValidEmail: MESSAGES.enterValidEmail,
  enterMobile: MESSAGES.enterMobile,
  mobileOnlyNumbers: MESSAGES.mobileOnlyNumbers,
  mobileNoLeadingZero: MESSAGES.mobileNoLeadingZero,
  mobileLength: withN(MESSAGES.mobileLength),
  mobileInvalid: withN(MESSAGES.mobileInvalid),
  selectLocality: MESSAGES.addressSelectLocality,
  // this file's own
  nameTooLong: `Name can be at most ${FULL_NAME_MAX_LENGTH} characters`,
  emailTooLong: `Email Address can be at most ${EMAIL_MAX_LENGTH} characters`,
  addressRequired: 'Select a delivery address',
  addressLocation: 'Pick your delivery location on the map',
  vehicleNumberRequired: 'Enter Vehicle Number',
  vehicleNumberInvalid: 'Enter a valid vehicle number, like KA01AB1234',
  vehicleColourTooLong: `Vehicle colour can be at most ${VEHICLE_DETAIL_MAX_LENGTH} characters`,
  vehicleModelTooLong: `Vehicle model can be at most ${VEHICLE_DETAIL_MAX_LENGTH} characters`,
  stationRequired: 'Select a parking bay',
  stationUnknown: "Choose one of this store's parking bays",
  irctcNotSupported: 'Orders for delivery on a train cannot be placed here',
} as const;

export interface CheckoutAddress {
  /** null until the customer has placed the pin */
  latitude: number | null;
  longitude: number | null;
  locality: string;
}

export interface CheckoutVehicle {
  /** the registration number as typed: spaces, hyphens and lower case are fine */
  number: string;
  colour?: string;
  model?: string;
}

/** What the checkout form holds; a type reads only the fields it needs. */
export interface CheckoutDetails {
  /** the full name (first and last) */
  name?: string;
  email?: string;
  mobile?: string;
  address?: CheckoutAddress | null;
  vehicle?: CheckoutVehicle | null;
  /** the curbside bay (SPEC §3 stationId) */
  stationId?: number | null;
  /** the store's bays (SPEC §3 storeStationDetails ids); when given, stationId must be one of them */
  stations?: readonly number[] | null;
}

export type CheckoutField =
  'name' | 'email' | 'mobile' | 'address' | 'vehicleNumber' | 'vehicleColour' | 'vehicleModel' | 'stationId';

/** Per field, the one message to show; `deliveryType` carries the "not supported here" reason. */
export type CheckoutErrors = Partial<Record<CheckoutField | 'deliveryType', string>>;

export interface CheckoutRequirements {
  supported: boolean;
  required: readonly CheckoutField[];
  /** checked only when the customer filled them in */
  optional: readonly CheckoutField[];
}

const PICKUP: CheckoutRequirements = { supported: true, required: ['name', 'email', 'mobile'], optional: [] };

/** The table in this file's comment. */
export function checkoutRequirements(type: DeliveryType): CheckoutRequirements {
  switch (type) {
    case 'D':
      return { supported: true, required: ['address'], optional: [] };
    case 'T':
    case 'P':
    case 'DINEIN':
      return PICKUP;
    case 'CURB':
      return {
        supported: true,
        required: ['name', 'mobile', 'vehicleNumber', 'stationId'],
        optional: ['email', 'vehicleColour', 'vehicleModel'],
      };
    case 'IRCTC':
      return { supported: true, required: ['name', 'mobile'], optional: ['email'] };
    default:
      return assertNever(type);
  }
}

// ---------------------------------------------------------------- single fields

export function nameError(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return CHECKOUT_TEXTS.enterName;
  if (v.length > FULL_NAME_MAX_LENGTH) return CHECKOUT_TEXTS.nameTooLong;
  return null;
}

/** zod 4's "practical" z.email() pattern, so the domain and the contract accept the same addresses. */
const EMAIL_RE =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return CHECKOUT_TEXTS.enterEmail;
  if (v.length > EMAIL_MAX_LENGTH) return CHECKOUT_TEXTS.emailTooLong;
  if (!EMAIL_RE.test(v)) return CHECKOUT_TEXTS.enterValidEmail;
  return null;
}

/** SPEC §5 Mobile, in the same order as the login screens check it. */
export function addressError(address: CheckoutAddress | null | undefined): string | null {
  if (!address) return CHECKOUT_TEXTS.addressRequired;
  const { latitude, longitude } = address;
  if (latitude === null || longitude === null) return CHECKOUT_TEXTS.addressLocation;
  const point = { latitude, longitude };
  if (!isValidLatLng(point) || !isInIndia(point)) return CHECKOUT_TEXTS.addressLocation;
  if (!address.locality.trim()) return CHECKOUT_TEXTS.selectLocality;
  return null;
}

/**
 * State and union-territory codes of Indian registrations, including retired ones still on the road
 * (DN and DD before their merger, OR before OD, UA before UK, TS before TG).
 */
// prettier-ignore
const STATE_CODES: ReadonlySet<string> = new Set([
  'AN', 'AP', 'AR', 'AS', 'BR', 'CG', 'CH', 'DD', 'DL', 'DN', 'GA', 'GJ', 'HP', 'HR', 'JH', 'JK', 'KA',
  'KL', 'LA', 'LD', 'MH', 'ML', 'MN', 'MP', 'MZ', 'NL', 'OD', 'OR', 'PB', 'PY', 'RJ', 'SK', 'TG', 'TN',
  'TR', 'TS', 'UA', 'UK', 'UP', 'WB',
]);

/**
 * State code, RTO district (2 digits, or 1 as Delhi writes DL3C…), series (1–3 letters), number
 * (1–4 digits: "TN09BZ7" and "TN09BZ0007" are both written).
 */
const SERIES_RE = /^([A-Z]{2})\d{1,2}[A-Z]{1,3}(\d{1,4})$/;
/** Older plates with no series letters: state, 2-digit district, 4 digits (GJ011234). */
const NO_SERIES_RE = /^([A-Z]{2})\d{2}(\d{4})$/;
/** Bharat series: year, BH, 4 digits, 1–2 letters (22BH1234AB). */
const BHARAT_SERIES_RE = /^\d{2}BH(\d{4})[A-Z]{1,2}$/;

/**
 * An Indian registration number in its canonical form (upper case, no spaces or hyphens:
 * "ka-01 ab 1234" → "KA01AB1234"), or null when it is not one. The state code must be a real one and
 * the number part cannot be all zeros. Diplomatic, military and temporary plates are not accepted.
 */
export function normaliseVehicleNumber(raw: string): string | null {
  const v = raw.replace(/[\s-]+/g, '').toUpperCase();
  const state = SERIES_RE.exec(v) ?? NO_SERIES_RE.exec(v);
  if (state) return STATE_CODES.has(state[1] ?? '') && Number(state[2]) > 0 ? v : null;
  const bharat = BHARAT_SERIES_RE.exec(v);
  return bharat && Number(bharat[1]) > 0 ? v : null;
}

export function vehicleNumberError(value: string | undefined): string | null {
  if (!(value ?? '').trim()) return CHECKOUT_TEXTS.vehicleNumberRequired;
  return normaliseVehicleNumber(value ?? '') === null ? CHECKOUT_TEXTS.vehicleNumberInvalid : null;
}

function stationError(
  stationId: number | null | undefined,
  stations: readonly number[] | null | undefined,
): string | null {
  const ok = typeof stationId === 'number' && Number.isSafeInteger(stationId) && stationId > 0;
  if (!ok) return CHECKOUT_TEXTS.stationRequired;
  return stations && !stations.includes(stationId) ? CHECKOUT_TEXTS.stationUnknown : null;
}

function tooLong(value: string | undefined, message: string): string | null {
  return (value ?? '').trim().length > VEHICLE_DETAIL_MAX_LENGTH ? message : null;
}

// ---------------------------------------------------------------- the whole form

const isBlank = (value: string | undefined): boolean => !(value ?? '').trim();

/** Whether the customer filled the field in at all (optional fields are checked only then). */
function given(field: CheckoutField, d: CheckoutDetails): boolean {
  switch (field) {
    case 'name':
      return !isBlank(d.name);
    case 'email':
      return !isBlank(d.email);
    case 'mobile':
      return !isBlank(d.mobile);
    case 'address':
      return d.address !== null && d.address !== undefined;
    case 'vehicleNumber':
      return !isBlank(d.vehicle?.number);
    case 'vehicleColour':
      return !isBlank(d.vehicle?.colour);
    case 'vehicleModel':
      return !isBlank(d.vehicle?.model);
    case 'stationId':
      return d.stationId !== null && d.stationId !== undefined;
    default:
      return assertNever(field);
  }
}

function fieldError(field: CheckoutField, d: CheckoutDetails): string | null {
  switch (field) {
    case 'name':
      return nameError(d.name);
    case 'email':
      return emailError(d.email);
    case 'mobile':
      return mobileError(d.mobile);
    case 'address':
      return addressError(d.address);
    case 'vehicleNumber':
      return vehicleNumberError(d.vehicle?.number);
    case 'vehicleColour':
      return tooLong(d.vehicle?.colour, CHECKOUT_TEXTS.vehicleColourTooLong);
    case 'vehicleModel':
      return tooLong(d.vehicle?.model, CHECKOUT_TEXTS.vehicleModelTooLong);
    case 'stationId':
      return stationError(d.stationId, d.stations);
    default:
      return assertNever(field);
  }
}

/** The messages to show before payment, per field; an empty object means the order may go on. */
export function checkoutDetailsErrors(type: DeliveryType, details: CheckoutDetails): CheckoutErrors {
  const needs = checkoutRequirements(type);
  if (!needs.supported) return { deliveryType: CHECKOUT_TEXTS.irctcNotSupported };
  const errors: CheckoutErrors = {};
  const check = (field: CheckoutField) => {
    const message = fieldError(field, details);
    if (message !== null) errors[field] = message;
  };
  needs.required.forEach(check);
  needs.optional.filter((field) => given(field, details)).forEach(check);
  return errors;
}

export function isCheckoutReady(type: DeliveryType, details: CheckoutDetails): boolean {
  return Object.keys(checkoutDetailsErrors(type, details)).length === 0;
}
