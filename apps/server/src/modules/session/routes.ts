import type { FastifyInstance } from 'fastify';
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

export function sessionRoutes(app: FastifyInstance, deps: Deps): void {
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
