import { createHash } from 'node:crypto';
import type { AnonymousSession } from '@crust/contract/session';
import type { Db } from '../../db/client.ts';
import { insertGuestSession } from './repo.ts';
import { randomId, randomSecret, signGuestToken } from './tokens.ts';

/** A guest session lives 30 days; the client asks for a fresh one on a 401. */
export const GUEST_SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** SPEC §7 POST anonymous user: new guest credentials; the secret is stored only as a hash. */
export async function createGuestSession(
  db: Db,
  signingSecret: string,
  now: Date,
): Promise<AnonymousSession> {
  const userId = randomId('G', 10);
  const accessKeyId = randomId('AKG', 8);
  const secretKey = randomSecret();
  const exp = Math.floor(now.getTime() / 1000) + GUEST_SESSION_TTL_SECONDS;
  const expiresAt = new Date(exp * 1000);
  await insertGuestSession(db, {
    id: userId,
    accessKeyId,
    secretHash: createHash('sha256').update(secretKey).digest('hex'),
    expiresAt,
  });
  return {
    userId,
    isLoggedIn: false,
    credentials: {
      accessKeyId,
      secretKey,
      sessionToken: signGuestToken({ uid: userId, ak: accessKeyId, exp }, signingSecret),
      expiration: expiresAt.toISOString(),
    },
  };
}
