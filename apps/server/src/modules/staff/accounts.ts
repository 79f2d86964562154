import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { randomId } from '../../http/session-tokens.ts';
import * as repo from './repo.ts';

/** Letters and digits nobody misreads when copying from a terminal (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 20 of 31 symbols: about 99 bits, and it is only good until its first use */
const ONE_TIME_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,39}$/;

export function oneTimePassword(): string {
  return Array.from({ length: ONE_TIME_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export type IssueResult =
  { ok: true; username: string; oneTimePassword: string; created: boolean } | { ok: false; reason: string };

/**
 * Production's first chain admin (docs/operations.md "Staff accounts"): a new ADMIN login with a one-time
 * password, which the console makes its owner replace before anything else. `reset` gives an existing login
 * (any role) a new one-time password instead, for a forgotten one.
 */
export async function issueChainAdmin(
  db: Db,
  input: { username: string; name: string; reset: boolean },
): Promise<IssueResult> {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username))
    return {
      ok: false,
      reason: 'a username is 3–40 of a–z, 0–9, ".", "_", "-", starting with a letter or digit',
    };
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const existing = await repo.findStaff(db, username);
  if (existing) {
    if (!input.reset)
      return { ok: false, reason: `${username} exists; add --reset to give it a new one-time password` };
    await repo.setStaffPassword(db, existing.id, passwordHash, true);
    return { ok: true, username, oneTimePassword: password, created: false };
  }
  if (input.reset) return { ok: false, reason: `there is no ${username} to reset` };
  await repo.insertStaff(db, [
    {
      id: randomId('S', 8),
      username,
      name: input.name,
      passwordHash,
      storeId: null,
      role: 'ADMIN',
      mustChangePassword: true,
    },
  ]);
  // a parallel run may have taken the name: only the row with this hash is ours
  const mine = await repo.findStaff(db, username);
  if (mine?.passwordHash !== passwordHash) return { ok: false, reason: `${username} exists` };
  return { ok: true, username, oneTimePassword: password, created: true };
}
