import type { CustomerCredentials } from '@crust/contract/auth';
import type { AnonymousSession } from '@crust/contract/session';
import type { Db } from '../../db/client.ts';
import type { FamilyGuard } from './guard.ts';
import * as repo from './repo.ts';
import {
  ACCESS_AUDIENCE,
  makeRefreshToken,
  parseRefreshToken,
  randomId,
  randomSecret,
  sameHash,
  sha256,
  signAccessToken,
  type SubjectKind,
} from '../../http/session-tokens.ts';

/** How long credentials live. Access tokens are short; a refresh token rotates on every use. */
export const ACCESS_TTL_SECONDS: Record<SubjectKind, number> = { guest: 3600, customer: 900 };
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** New access and refresh tokens for a subject, in `familyId` (a new family when omitted). */
export async function issueCredentials(
  db: Db,
  secret: string,
  subject: { kind: SubjectKind; id: string; accessKeyId: string; familyId?: string },
  now: Date,
): Promise<CustomerCredentials> {
  const nowSec = Math.floor(now.getTime() / 1000);
  const familyId = subject.familyId ?? randomId('F', 10);
  const exp = nowSec + ACCESS_TTL_SECONDS[subject.kind];
  const refreshExp = nowSec + REFRESH_TTL_SECONDS;
  const access = signAccessToken(
    {
      sub: subject.id,
      kind: subject.kind,
      ak: subject.accessKeyId,
      fam: familyId,
      exp,
      aud: ACCESS_AUDIENCE,
    },
    secret,
  );
  const refresh = makeRefreshToken();
  await repo.insertRefreshToken(db, {
    id: refresh.id,
    familyId,
    subjectKind: subject.kind,
    subjectId: subject.id,
    accessKeyId: subject.accessKeyId,
    secretHash: refresh.secretHash,
    expiresAt: new Date(refreshExp * 1000),
  });
  return {
    accessKeyId: subject.accessKeyId,
    accessToken: access,
    sessionToken: access,
    expiration: iso(exp),
    refreshToken: refresh.token,
    refreshExpiration: iso(refreshExp),
  };
}

/** SPEC §7 POST anonymous user: new guest credentials; the secret is stored only as a hash. */
export async function createGuestSession(
  db: Db,
  signingSecret: string,
  now: Date,
): Promise<AnonymousSession> {
  const userId = randomId('G', 10);
  const accessKeyId = randomId('AKG', 8);
  const secretKey = randomSecret();
  await repo.insertGuestSession(db, {
    id: userId,
    accessKeyId,
    secretHash: sha256(secretKey),
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  const c = await issueCredentials(db, signingSecret, { kind: 'guest', id: userId, accessKeyId }, now);
  return {
    userId,
    isLoggedIn: false,
    credentials: {
      accessKeyId,
      secretKey,
      sessionToken: c.sessionToken,
      expiration: c.expiration,
      refreshToken: c.refreshToken,
      refreshExpiration: c.refreshExpiration,
    },
  };
}

export type RefreshOutcome =
  | { ok: true; userId: string; kind: SubjectKind; credentials: CustomerCredentials }
  | { ok: false; reason: 'UNKNOWN' | 'EXPIRED' | 'REVOKED' }
  | { ok: false; reason: 'REUSED'; familyId: string };

/**
 * Spends a refresh token for new credentials in the same family. A token presented a second time means
 * it was stolen or replayed: the whole family is revoked, so neither party can go on with it.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<RefreshOutcome> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return { ok: false, reason: 'UNKNOWN' };
  const row = await repo.findRefreshToken(db, parsed.id);
  if (!row || !sameHash(row.secretHash, parsed.secretHash)) return { ok: false, reason: 'UNKNOWN' };
  if (await repo.isFamilyRevoked(db, row.familyId)) return { ok: false, reason: 'REVOKED' };
  if (row.usedAt !== null || !(await repo.spendRefreshToken(db, row.id, now))) {
    await repo.revokeFamily(db, row.familyId, 'refresh token reused');
    return { ok: false, reason: 'REUSED', familyId: row.familyId };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
  const kind: SubjectKind = row.subjectKind === 'customer' ? 'customer' : 'guest';
  const credentials = await issueCredentials(
    db,
    secret,
    { kind, id: row.subjectId, accessKeyId: row.accessKeyId, familyId: row.familyId },
    now,
  );
  return { ok: true, userId: row.subjectId, kind, credentials };
}

/**
 * SPEC §4 Logout: the family of the caller's access token and that of the refresh token given (normally
 * the same) are revoked. Answers the families, for the caller's cache.
 */
export async function logout(
  db: Db,
  accessFamily: string | null,
  refreshToken: string | undefined,
): Promise<string[]> {
  const families = new Set<string>(accessFamily ? [accessFamily] : []);
  const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
  if (parsed) {
    const row = await repo.findRefreshToken(db, parsed.id);
    if (row && sameHash(row.secretHash, parsed.secretHash)) families.add(row.familyId);
  }
  for (const fam of families) await repo.revokeFamily(db, fam, 'logout');
  return [...families];
}

/**
 * The session calls over one database and signing key. Families revoked here are told to the guard at once,
 * so this process stops honouring their access tokens without waiting for its cache.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly families: FamilyGuard,
  ) {}

  startGuest(): Promise<AnonymousSession> {
    return createGuestSession(this.db, this.secret, new Date());
  }

  async refresh(refreshToken: string): Promise<RefreshOutcome> {
    const outcome = await rotateRefreshToken(this.db, this.secret, refreshToken, new Date());
    if (!outcome.ok && outcome.reason === 'REUSED') this.families.markRevoked(outcome.familyId);
    return outcome;
  }

  async logout(accessFamily: string | null, refreshToken: string | undefined): Promise<void> {
    for (const fam of await logout(this.db, accessFamily, refreshToken)) this.families.markRevoked(fam);
  }

  /** Logs these families out everywhere (an account deleted). */
  async revoke(families: string[], reason: string): Promise<void> {
    for (const fam of families) {
      await repo.revokeFamily(this.db, fam, reason);
      this.families.markRevoked(fam);
    }
  }
}
