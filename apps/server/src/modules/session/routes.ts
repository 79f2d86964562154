import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LogoutBodySchema,
  LogoutResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
} from '@crust/contract/auth';
import { AnonymousSessionResponseSchema } from '@crust/contract/session';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { MESSAGES } from '@crust/domain/messages';
import type { Deps } from '../../deps.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { httpError } from '../../http/errors.ts';
import { createGuestSession, logout, rotateRefreshToken } from './service.ts';
import { verifyAccessToken, type SubjectKind } from './tokens.ts';

export interface Principal {
  kind: SubjectKind;
  /** the guest's G… or the customer's U… userId */
  userId: string;
  familyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** whoever's credentials came with the request, when they did */
    principal: Principal | null;
  }
}

const UNAUTHORIZED = 'Looks like something went wrong, please retry';

/** The caller of a call that needs a session (a guest's or a customer's): without one it is a 401. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw httpError(401, 'UNAUTHORIZED', MESSAGES.loggedOut);
  return req.principal;
}

/**
 * Credentials are optional on catalogue calls, but when sent they must be right: a bad, expired or
 * revoked token is a 401, which makes the client refresh (SPEC §4 Token refresh).
 */
async function identify(req: FastifyRequest, deps: Deps): Promise<void> {
  req.principal = null;
  const token = req.headers.sessiontoken;
  if (typeof token !== 'string' || token === '') return;
  const claims = verifyAccessToken(token, deps.config.sessionSecret, Math.floor(Date.now() / 1000));
  const accessKey = req.headers.authtoken;
  const userId = req.headers.userid;
  if (
    !claims ||
    (typeof accessKey === 'string' && accessKey !== '' && accessKey !== claims.ak) ||
    (typeof userId === 'string' && userId !== '' && userId !== claims.sub) ||
    (await deps.families.isRevoked(claims.fam))
  )
    throw httpError(401, 'UNAUTHORIZED', UNAUTHORIZED);
  req.principal = { kind: claims.kind, userId: claims.sub, familyId: claims.fam };
}

export function sessionRoutes(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) await identify(req, deps);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.anonymousSession,
    {
      config: { rateLimit: { max: deps.config.sessionRateLimit, timeWindow: '1 minute' } },
      schema: routeSchema(
        'session',
        'A new guest (anonymous) session: guest credentials the client keeps and sends',
        {
          body: z.object({}).loose().optional(),
          response: { 200: AnonymousSessionResponseSchema, 429: ErrorResponseSchema },
        },
      ),
    },
    async () => ({
      status: 'SUCCESS' as const,
      data: await createGuestSession(deps.database.db, deps.config.sessionSecret, new Date()),
    }),
  );

  r.post(
    API_PATHS.refresh,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: routeSchema(
        'session',
        'SPEC §4 Token refresh: a refresh token for new credentials (it rotates)',
        {
          body: RefreshBodySchema,
          response: { 200: RefreshResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      ),
    },
    async (req) => {
      const outcome = await rotateRefreshToken(
        deps.database.db,
        deps.config.sessionSecret,
        req.body.refreshToken,
        new Date(),
      );
      if (!outcome.ok) {
        if (outcome.reason === 'REUSED') deps.families.markRevoked(outcome.familyId);
        throw httpError(401, `REFRESH_${outcome.reason}`, MESSAGES.loggedOut);
      }
      return {
        status: 'SUCCESS' as const,
        data: {
          userId: outcome.userId,
          isLoggedIn: outcome.kind === 'customer',
          credentials: outcome.credentials,
        },
      };
    },
  );

  r.post(
    API_PATHS.logout,
    {
      schema: routeSchema('session', 'SPEC §4 Logout: the credentials of this login stop working', {
        body: LogoutBodySchema,
        response: { 200: LogoutResponseSchema },
      }),
    },
    async (req) => {
      const families = await logout(deps.database.db, req.principal?.familyId ?? null, req.body.refreshToken);
      for (const fam of families) deps.families.markRevoked(fam);
      return { status: 'SUCCESS' as const, data: { loggedOut: true as const } };
    },
  );
}
