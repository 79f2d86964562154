import type { CustomerSession, SocialLoginBody, SocialSource } from '@crust/contract/auth';
import type { Result } from '../../http/errors.ts';
import type { IdentityProvider, SocialIdentity } from '../../providers/identity/provider.ts';
import * as repo from './repo.ts';
import {
  customerSession,
  newCustomerId,
  proveMobile,
  refuse,
  type Guest,
  type LoginDeps,
  type LoginResult,
} from './service.ts';
import { AUTH_TEXTS } from './texts.ts';

export type SocialDeps = LoginDeps & { identity: IdentityProvider | null };
type SignIn = { source: SocialSource; token: string; nonce: string };

/** SPEC §3 User: loginType is "Gmail" for Google. */
const LOGIN_TYPE: Record<SocialSource, CustomerSession['loginType']> = { google: 'Gmail' };
/** the app keeps emails of up to 50 characters (SPEC §5 Profile) */
const EMAIL_MAX = 50;

/** The person the ID token names, once it passed every check (providers/identity/oidc.ts). */
async function verified(identity: IdentityProvider | null, input: SignIn): Promise<Result<SocialIdentity>> {
  if (!identity || identity.source !== input.source)
    return refuse('SOCIAL_UNAVAILABLE', AUTH_TEXTS.socialUnavailable);
  const who = await identity.verifyIdToken(input.token, input.nonce);
  if (!who) return refuse('SOCIAL_TOKEN_INVALID', AUTH_TEXTS.socialTokenInvalid, { statusCode: 401 });
  return { ok: true, data: who };
}

/**
 * SPEC §7 social user search: a person already linked to an account is logged in; anyone else is told
 * (statusCode 404) to prove a mobile number, which the client does at /socialSignin.
 */
export async function socialSearch(deps: SocialDeps, input: SignIn & Guest, now: Date): Promise<LoginResult> {
  const who = await verified(deps.identity, input);
  if (!who.ok) return who;
  const customer = await repo.findLinkedCustomer(deps.db, who.data.issuer, who.data.subject);
  if (!customer) return refuse('SOCIAL_USER_NOT_FOUND', AUTH_TEXTS.socialUserNotFound, { statusCode: 404 });
  await repo.touchLogin(deps.db, customer.id, now);
  return { ok: true, data: await customerSession(deps, customer, LOGIN_TYPE[input.source], input, now) };
}

/**
 * SPEC §7 social login submit. The token proves the person, the OTP proves the mobile; only with both is
 * the person linked to the account of that mobile (made if new), so nobody can attach their Google
 * account to a number they do not hold. The token is checked first so a bad one costs no OTP attempt.
 */
export async function socialLogin(
  deps: SocialDeps,
  input: SocialLoginBody & Guest,
  now: Date,
): Promise<LoginResult> {
  const who = await verified(deps.identity, input);
  if (!who.ok) return who;
  const proved = await proveMobile(deps.db, deps.secret, input, now);
  if (!proved.ok) return proved;
  const customer = await linkedCustomer(deps, who.data, input, now);
  if (!customer.ok) return customer;
  return { ok: true, data: await customerSession(deps, customer.data, LOGIN_TYPE[input.source], input, now) };
}

/** Thrown to roll the linking back when a parallel sign-in got there first. */
class LinkRace extends Error {}

async function linkedCustomer(
  deps: SocialDeps,
  who: SocialIdentity,
  input: SocialLoginBody,
  now: Date,
): Promise<Result<repo.CustomerRow>> {
  const alreadyLinked = () => refuse('SOCIAL_ALREADY_LINKED', AUTH_TEXTS.socialAlreadyLinked);
  const owner = await repo.findLinkedCustomer(deps.db, who.issuer, who.subject);
  if (owner) {
    await repo.touchLogin(deps.db, owner.id, now);
    return { ok: true, data: owner };
  }
  const tokenEmail = who.email.length <= EMAIL_MAX ? who.email : '';
  const email = input.email || tokenEmail;
  // verified only when it is the very address the provider vouched for
  const emailVerified = who.emailVerified && email.toLowerCase() === who.email;
  try {
    return await deps.db.transaction(async (tx): Promise<Result<repo.CustomerRow>> => {
      const existing = await repo.findCustomerByMobile(tx, input.mobile);
      if (existing && (await repo.hasLinkAt(tx, existing.id, who.issuer))) return alreadyLinked();
      const customer = await repo.upsertCustomerByMobile(tx, {
        id: newCustomerId(),
        mobile: input.mobile,
        firstName: input.firstName,
        lastName: input.lastName,
        at: now,
      });
      const linked = await repo.insertLink(tx, {
        issuer: who.issuer,
        subject: who.subject,
        customerId: customer.id,
        email: who.email,
        createdAt: now,
      });
      if (!linked) throw new LinkRace();
      return { ok: true, data: await repo.fillEmail(tx, customer.id, email, emailVerified) };
    });
  } catch (err) {
    if (!(err instanceof LinkRace)) throw err;
    // the person was linked meanwhile (log in that account), or the number got another Google account
    const winner = await repo.findLinkedCustomer(deps.db, who.issuer, who.subject);
    return winner ? { ok: true, data: winner } : alreadyLinked();
  }
}
