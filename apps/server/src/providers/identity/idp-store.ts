import type { Db } from '../../db/client.ts';
import { installationValue } from '../../db/instance-secrets.ts';
import { takeSlot } from '../../http/limits.ts';
import { CODE_TTL_MS, type IdpStore } from './sandbox-idp.ts';

/**
 * The sandbox identity provider's shared state in the database: its signing key beside the installation's
 * other secrets, and each spent code as a one-slot limit that lives as long as the code could.
 */
export function databaseIdpStore(db: Db): IdpStore {
  return {
    signingKey: (made) => installationValue(db, 'sandbox-idp-signing-key', made),
    spend: async (digest, now) =>
      (await takeSlot(db, { key: `idp-code|${digest}`, max: 1, windowMs: CODE_TTL_MS }, now)).ok,
  };
}
