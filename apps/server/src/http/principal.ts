import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@crust/domain/messages';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { partnerOfFamily, type SubjectKind } from './session-tokens.ts';
import { VerifiedTokens } from './verified-tokens.ts';
import { httpError } from './errors.ts';

export interface Principal {
  kind: SubjectKind;
  /** the guest's G… or the customer's U… userId */
  userId: string;
  familyId: string;
  /** the partner host whose mini-app signed this session in (issue 18), from the signed token's family */
  partner?: PartnerVendor | null;
}

/**
 * Who a route is for. `session`: any session, a guest's or a customer's (without one it is a 401, which makes
 * the client start a session). `customer`: a logged-in customer; a guest is told to log in with a 403 (a 401
 * would make the client refresh its perfectly good guest token). Routes without it take anyone.
 */
export type Audience = 'session' | 'customer';

declare module 'fastify' {
  interface FastifyRequest {
    /** whoever's credentials came with the request, when they did */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    auth?: Audience;
  }
}

export const PRINCIPAL_TEXTS = {
  unauthorized: 'Looks like something went wrong, please retry',
  loginRequired: 'Login to see/use my saved addresses',
} as const;

export interface PrincipalOptions {
  secret: string;
  /** whether a token family was revoked (logout, refresh-token reuse, account deletion) */
  isRevoked(familyId: string): Promise<boolean>;
}

/**
 * Credentials are optional on catalogue calls, but when sent they must be right: a bad, expired or revoked
 * token is a 401, which makes the client refresh (SPEC §4 Token refresh).
 */
async function identify(
  req: FastifyRequest,
  options: PrincipalOptions,
  tokens: VerifiedTokens,
): Promise<void> {
  req.principal = null;
  const token = req.headers.sessiontoken;
  if (typeof token !== 'string' || token === '') return;
  const claims = tokens.verify(token, Math.floor(Date.now() / 1000));
  const accessKey = req.headers.authtoken;
  const userId = req.headers.userid;
  if (
    !claims ||
    (typeof accessKey === 'string' && accessKey !== '' && accessKey !== claims.ak) ||
    (typeof userId === 'string' && userId !== '' && userId !== claims.sub) ||
    (await options.isRevoked(claims.fam))
  )
    throw httpError(401, 'UNAUTHORIZED', PRINCIPAL_TEXTS.unauthorized);
  req.principal = {
    kind: claims.kind,
    userId: claims.sub,
    familyId: claims.fam,
    partner: partnerOfFamily(claims.fam),
  };
}

/**
 * Every API request is identified when it arrives; a route's `config.auth` is checked once its input is parsed
 * (preHandler), so a malformed request is still a 400 before it is a 401, as when handlers checked it.
 */
export function installPrincipal(app: FastifyInstance, options: PrincipalOptions): void {
  app.decorateRequest('principal', null);
  const tokens = new VerifiedTokens(options.secret);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) await identify(req, options, tokens);
  });
  app.addHook('preHandler', async (req) => {
    const audience = req.routeOptions.config.auth;
    if (audience === 'session' && !req.principal) throw httpError(401, 'UNAUTHORIZED', MESSAGES.loggedOut);
    if (audience === 'customer' && req.principal?.kind !== 'customer')
      throw httpError(403, 'LOGIN_REQUIRED', PRINCIPAL_TEXTS.loginRequired);
  });
}

/** The caller of a route declared with `config.auth`: the preHandler has already turned everyone else away. */
export function callerOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} has no config.auth`);
  return req.principal;
}
