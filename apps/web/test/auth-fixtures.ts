/** Sessions for the login, session and token-refresh tests. */
import type { AnonymousSession, CustomerSession } from '@crust/contract';
import { setCustomerSession, startSession } from '../src/shared/api/session.ts';
import type { KeyStore } from '../src/shared/api/vault.ts';

// far away, so fixtures compare equal whenever made; tests of expiry pass their own
const inAnHour = () => '2099-01-01T01:00:00.000Z';
const inAMonth = () => '2099-02-01T00:00:00.000Z';

export function makeGuest(
  o: { token?: string; refreshToken?: string; expiration?: string } = {},
): AnonymousSession {
  return {
    userId: 'G0001',
    isLoggedIn: false,
    credentials: {
      accessKeyId: 'AKGUEST',
      secretKey: 'guest-secret',
      sessionToken: o.token ?? 'guest-token',
      expiration: o.expiration ?? inAnHour(),
      refreshToken: o.refreshToken ?? 'guest-refresh-0001',
      refreshExpiration: inAMonth(),
    },
  };
}

export function makeCustomer(
  o: {
    token?: string;
    refreshToken?: string;
    expiration?: string;
    cartId?: string | null;
    firstName?: string;
  } = {},
): CustomerSession {
  const token = o.token ?? 'customer-token';
  return {
    userId: 'U0001',
    isLoggedIn: true,
    cartId: o.cartId === undefined ? 'CUSTOMERCART0001' : o.cartId,
    mobile: '9876543210',
    phoneNumberVerified: true,
    firstName: o.firstName ?? 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    emailVerified: false,
    loginType: 'OTP',
    credentials: {
      accessKeyId: 'AKCUSTOMER',
      accessToken: token,
      sessionToken: token,
      expiration: o.expiration ?? inAnHour(),
      refreshToken: o.refreshToken ?? 'customer-refresh-0001',
      refreshExpiration: inAMonth(),
    },
  };
}

/** New credentials as POST refresh returns them. */
export function refreshed(token: string, refreshToken: string, userId = 'U0001', isLoggedIn = true) {
  return {
    status: 'SUCCESS',
    data: {
      userId,
      isLoggedIn,
      credentials: {
        accessKeyId: isLoggedIn ? 'AKCUSTOMER' : 'AKGUEST',
        accessToken: token,
        sessionToken: token,
        expiration: inAnHour(),
        refreshToken,
        refreshExpiration: inAMonth(),
      },
    },
  };
}

/** IndexedDB stand-in: keeps the CryptoKey object, as IndexedDB would. */
export function memoryKeyStore(): KeyStore & { key: CryptoKey | undefined } {
  return {
    key: undefined,
    async getOrAdd(fresh) {
      this.key ??= fresh;
      return this.key;
    },
  };
}

/** A fresh session (its key kept in memory) with makeCustomer() logged in. */
export async function loginAsCustomer(): Promise<void> {
  await startSession(memoryKeyStore());
  await setCustomerSession(makeCustomer());
}
