import { randomId } from '../../crypto/random-hex.ts';
import type { Address, AddressInput, Profile, ProfileUpdate } from '@crust/contract/account';
import type { SetPasswordBody } from '@crust/contract/auth';
import { normaliseAddress } from '@crust/domain/address';
import { SAVED_ADDRESSES_MAX } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../db/client.ts';
import { httpError, type Result } from '../../http/errors.ts';
import { setPassword } from '../auth/service.ts';
import * as repo from './repo.ts';

export const ACCOUNT_TEXTS = {
  addressNotFound: 'This address is no longer saved',
  accountGone: 'You have been logged out. Please login again.',
  addressLimit: MESSAGES.addressLimit,
} as const;

const newAddressId = () => randomId('A', 10);

function addressOf(row: repo.AddressRow): Address {
  return {
    addressId: row.id,
    type: row.type === 'Work' || row.type === 'Other' ? row.type : 'Home',
    fName: row.firstName,
    lName: row.lastName,
    mobNo: row.mobile,
    email: row.email,
    houseNo: row.houseNo,
    address: row.street,
    locality: row.locality,
    subLocality: row.subLocality,
    city: row.city,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    formattedAddress: row.formattedAddress,
  };
}

function columnsOf(input: AddressInput) {
  const a = normaliseAddress(input);
  return {
    type: a.type,
    firstName: a.fName,
    lastName: a.lName,
    mobile: a.mobNo,
    email: a.email,
    houseNo: a.houseNo,
    street: a.address,
    locality: a.locality,
    subLocality: a.subLocality,
    city: a.city,
    postalCode: a.postalCode,
    latitude: a.latitude,
    longitude: a.longitude,
    formattedAddress: a.formattedAddress,
  };
}

export async function profile(db: Db, customerId: string): Promise<Profile> {
  const row = await repo.findCustomer(db, customerId);
  if (!row || row.mobile.startsWith('deleted:'))
    throw httpError(401, 'UNAUTHORIZED', ACCOUNT_TEXTS.accountGone);
  return {
    userId: row.id,
    mobile: row.mobile,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailVerified: row.emailVerified,
  };
}

export async function updateProfile(db: Db, customerId: string, change: ProfileUpdate): Promise<Profile> {
  const before = await profile(db, customerId);
  await repo.updateCustomer(db, customerId, {
    ...change,
    // a changed email is not verified until the customer proves it
    emailVerified: before.email === change.email ? before.emailVerified : false,
  });
  return profile(db, customerId);
}

export async function listAddresses(db: Db, customerId: string): Promise<Address[]> {
  return (await repo.listAddresses(db, customerId)).map(addressOf);
}

/** SPEC §9: a 4th address is refused; the count is taken under the customer's row lock, so racing saves agree. */
export async function createAddress(
  db: Db,
  customerId: string,
  input: AddressInput,
): Promise<Result<Address>> {
  const columns = columnsOf(input);
  return db.transaction(async (tx): Promise<Result<Address>> => {
    if (!(await repo.lockCustomer(tx, customerId)))
      throw httpError(401, 'UNAUTHORIZED', ACCOUNT_TEXTS.accountGone);
    if ((await repo.countAddresses(tx, customerId)) >= SAVED_ADDRESSES_MAX)
      return { ok: false, errors: [{ code: 'ADDRESS_LIMIT', displayMsg: ACCOUNT_TEXTS.addressLimit }] };
    const row = await repo.insertAddress(tx, { id: newAddressId(), customerId, ...columns });
    return { ok: true, data: addressOf(row) };
  });
}

/** Someone else's address is answered like a missing one. */
export async function updateAddress(
  db: Db,
  customerId: string,
  id: string,
  input: AddressInput,
): Promise<Address> {
  const row = await repo.updateAddress(db, customerId, id, columnsOf(input));
  if (!row) throw httpError(404, 'ADDRESS_NOT_FOUND', ACCOUNT_TEXTS.addressNotFound);
  return addressOf(row);
}

export async function deleteAddress(db: Db, customerId: string, id: string): Promise<void> {
  if (!(await repo.deleteAddress(db, customerId, id)))
    throw httpError(404, 'ADDRESS_NOT_FOUND', ACCOUNT_TEXTS.addressNotFound);
}

/** How an account's logins are ended when it goes (the session module's). */
export interface SessionRevoker {
  revoke(families: string[], reason: string): Promise<void>;
}

/** The logged-in customer's own account: profile, saved addresses, password, deletion. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionRevoker,
    /** the token key: OTP hashes, for the OTP that proves a new password */
    private readonly secret: string,
  ) {}

  profile(customerId: string): Promise<Profile> {
    return profile(this.db, customerId);
  }

  updateProfile(customerId: string, change: ProfileUpdate): Promise<Profile> {
    return updateProfile(this.db, customerId, change);
  }

  listAddresses(customerId: string): Promise<Address[]> {
    return listAddresses(this.db, customerId);
  }

  createAddress(customerId: string, input: AddressInput): Promise<Result<Address>> {
    return createAddress(this.db, customerId, input);
  }

  updateAddress(customerId: string, id: string, input: AddressInput): Promise<Address> {
    return updateAddress(this.db, customerId, id, input);
  }

  /** Answers the addresses left. */
  async deleteAddress(customerId: string, id: string): Promise<Address[]> {
    await deleteAddress(this.db, customerId, id);
    return listAddresses(this.db, customerId);
  }

  /** A new password, proved by the current one or a fresh OTP (auth/service.ts setPassword). */
  setPassword(customerId: string, input: SetPasswordBody & { ip: string }): Promise<void> {
    return setPassword(this.db, this.secret, customerId, input, new Date());
  }

  /** Removes the account's personal data and logs it out everywhere. */
  async deleteAccount(customerId: string): Promise<void> {
    await this.sessions.revoke(await repo.eraseCustomer(this.db, customerId), 'account deleted');
  }
}
