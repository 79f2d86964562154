import type { Address, ApiError as ApiErrorBody, CustomerSession } from '@crust/contract';
import { checkoutDetailsErrors, emailError, type CheckoutErrors } from '@crust/domain/checkout-customer';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { mobileError } from '@crust/domain/mobile';
import type { PaymentType, UpiMode } from '@crust/domain/payment-types';
import { ck } from './texts.ts';

/** What the checkout form holds. Kept in sessionStorage (./draft.ts) across "Add new address" and /paymentType. */
export interface CheckoutValues {
  /** the delivery address chosen; null: the default one (see chosenAddress) */
  addressId: string | null;
  /** after "Add new address" the address just added is the default */
  preferNewest: boolean;
  // null: not typed, so the chosen address's (or the customer's) value shows
  firstName: string | null;
  lastName: string | null;
  mobile: string | null;
  email: string | null;
  instructions: string;
  zeroContact: boolean;
  vehicleNumber: string;
  vehicleColour: string;
  vehicleModel: string;
  /** the curbside parking bay, sent as stationId */
  stationId: number | null;
  when: 'NOW' | 'LATER';
  /** the advance slot, epoch ms */
  slotMs: number | null;
  /** undefined: not chosen yet, so the last used option is preselected */
  primary?: PaymentType | null;
  upiMode: UpiMode;
  voucherCode: string;
  /** a bank offer's card: its first 6 digits (SPEC §3 cardInitialDigits; not secret) */
  cardDigits?: string;
  /** undefined: not chosen yet, so the wallet is ticked when the server says so (see defaultWallet) */
  wallet?: boolean;
}

export interface Contact {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
}

/** Field names of the form: where each message shows (and what the server's `field` maps to). */
export type FieldKey =
  | 'address'
  | 'firstName'
  | 'lastName'
  | 'mobile'
  | 'email'
  | 'vehicleNumber'
  | 'vehicleColour'
  | 'vehicleModel'
  | 'stationId'
  | 'instructions'
  | 'slot'
  | 'payment'
  | 'cardDigits'
  | 'voucher';

export type FormErrors = Partial<Record<FieldKey, string>>;

/** The order the fields appear in: the first one with a message gets the focus. */
export const FIELD_ORDER: readonly FieldKey[] = [
  'address',
  'instructions',
  'firstName',
  'lastName',
  'mobile',
  'email',
  'vehicleNumber',
  'vehicleColour',
  'vehicleModel',
  'stationId',
  'slot',
  'payment',
  'cardDigits',
  'voucher',
];

export const INSTRUCTIONS_MAX = 250;
export const NAME_MAX = 50;
export const EMAIL_MAX = 50;

export function emptyValues(): CheckoutValues {
  return {
    addressId: null,
    preferNewest: false,
    firstName: null,
    lastName: null,
    mobile: null,
    email: null,
    instructions: '',
    zeroContact: false,
    vehicleNumber: '',
    vehicleColour: '',
    vehicleModel: '',
    stationId: null,
    when: 'NOW',
    slotMs: null,
    upiMode: 'INTENT',
    voucherCode: '',
  };
}

const NEAR = 1e-4;

/**
 * The delivery address: the one chosen; else the newest after "Add new address"; else the one at the
 * point the store was chosen for; else the newest.
 */
export function chosenAddress(
  addresses: readonly Address[],
  v: Pick<CheckoutValues, 'addressId' | 'preferNewest'>,
  point: { latitude: number; longitude: number } | null,
): Address | undefined {
  const picked = addresses.find((a) => a.addressId === v.addressId);
  if (picked) return picked;
  const newest = addresses[addresses.length - 1];
  if (v.preferNewest) return newest;
  const atPoint = point
    ? addresses.find(
        (a) => Math.abs(a.latitude - point.latitude) < NEAR && Math.abs(a.longitude - point.longitude) < NEAR,
      )
    : undefined;
  return atPoint ?? newest;
}

/** Who the order is for, before anything is typed: the delivery address's person, else the customer. */
export function contactDefaults(
  type: DeliveryType,
  address: Address | undefined,
  customer: CustomerSession | null,
): Contact {
  if (type === 'D' && address)
    return {
      firstName: address.fName,
      lastName: address.lName,
      mobile: address.mobNo,
      email: address.email || (customer?.email ?? ''),
    };
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    mobile: customer?.mobile ?? '',
    email: customer?.email ?? '',
  };
}

export function resolveContact(v: CheckoutValues, defaults: Contact): Contact {
  return {
    firstName: v.firstName ?? defaults.firstName,
    lastName: v.lastName ?? defaults.lastName,
    mobile: v.mobile ?? defaults.mobile,
    email: v.email ?? defaults.email,
  };
}

const FROM_DOMAIN: Record<keyof CheckoutErrors, FieldKey | null> = {
  name: 'firstName',
  email: 'email',
  mobile: 'mobile',
  address: 'address',
  vehicleNumber: 'vehicleNumber',
  vehicleColour: 'vehicleColour',
  vehicleModel: 'vehicleModel',
  stationId: 'stationId',
  deliveryType: null,
};

/**
 * SPEC §5 checks of who and where (packages/domain checkout-customer: pickup needs name, email and
 * mobile; delivery an address; curbside the car and one of the store's bays). The contract needs a mobile on every order and
 * checks an email whenever one is given, so those are checked for every type too.
 * `top` is a message that belongs to no field (an order type this screen cannot place).
 */
export function detailsErrors(
  type: DeliveryType,
  contact: Contact,
  address: Address | undefined,
  v: CheckoutValues,
  /** the store's curbside bays (SPEC §3 storeStationDetails) once known */
  stations: readonly number[] | null = null,
): { fields: FormErrors; top: string | null } {
  const found = checkoutDetailsErrors(type, {
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    mobile: contact.mobile,
    address: address
      ? { latitude: address.latitude, longitude: address.longitude, locality: address.locality }
      : null,
    vehicle: { number: v.vehicleNumber, colour: v.vehicleColour, model: v.vehicleModel },
    stationId: v.stationId,
    stations,
  });
  const fields: FormErrors = {};
  let top: string | null = null;
  for (const [key, message] of Object.entries(found) as [keyof CheckoutErrors, string][]) {
    const field = FROM_DOMAIN[key];
    if (field) fields[field] = message;
    else top = message;
  }
  fields.mobile ??= mobileError(contact.mobile) ?? undefined;
  if (contact.email.trim()) fields.email ??= emailError(contact.email) ?? undefined;
  return { fields: dropEmpty(fields), top };
}

export function whenErrors(when: 'NOW' | 'LATER', slotMs: number | null): FormErrors {
  return when === 'LATER' && slotMs === null ? { slot: ck('slotRequired') } : {};
}

function dropEmpty(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [k, m] of Object.entries(errors) as [FieldKey, string | undefined][]) if (m) out[k] = m;
  return out;
}

/** The server's `field` (body.orderDetails.userDetails.email, vehicleDetails.number, …) as a form field. */
const BY_NAME: Record<string, FieldKey> = {
  firstName: 'firstName',
  lastName: 'lastName',
  name: 'firstName',
  email: 'email',
  mobile: 'mobile',
  address: 'address',
  addressId: 'address',
  vehicleDetails: 'vehicleNumber',
  number: 'vehicleNumber',
  colour: 'vehicleColour',
  model: 'vehicleModel',
  stationId: 'stationId',
  deliveryInstructions: 'instructions',
  advancedTime: 'slot',
  evoucherCode: 'voucher',
  primaryPaymentId: 'payment',
};

export function fieldOf(path: string | undefined): FieldKey | null {
  if (!path) return null;
  const parts = path.split(/[.[\]]/).filter(Boolean);
  // anything inside the address (houseNo, locality, …) is shown at the address
  if (parts.includes('address')) return 'address';
  const last = parts[parts.length - 1];
  if (parts.includes('vehicleDetails') && last === 'vehicleDetails') return 'vehicleNumber';
  return last ? (BY_NAME[last] ?? null) : null;
}

/** INVALID_DETAILS: each message under its field when it names one of ours, else at the top. */
export function serverFieldErrors(errors: readonly ApiErrorBody[]): {
  fields: FormErrors;
  top: string | null;
} {
  const fields: FormErrors = {};
  const rest: string[] = [];
  for (const e of errors) {
    const field = fieldOf(e.field);
    if (field && !fields[field]) fields[field] = e.displayMsg;
    else if (!field) rest.push(e.displayMsg);
  }
  return { fields, top: rest.length ? rest.join(' ') : null };
}
