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
import { routeSchema } from '../../http/route-schema.ts';
import { httpError } from '../../http/errors.ts';
import type { SessionService } from './service.ts';

export interface SessionRoutesOptions {
  sessions: SessionService;
  /** new guest sessions one client address may start a minute */
  guestSessionsPerMinute: number;
}

export function sessionRoutes(
  app: FastifyInstance,
  { sessions, guestSessionsPerMinute }: SessionRoutesOptions,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.anonymousSession,
    {
      config: { rateLimit: { max: guestSessionsPerMinute, timeWindow: '1 minute' } },
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
      data: await sessions.startGuest(),
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
      const outcome = await sessions.refresh(req.body.refreshToken);
      if (!outcome.ok) throw httpError(401, `REFRESH_${outcome.reason}`, MESSAGES.loggedOut);
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
      await sessions.logout(req.principal?.familyId ?? null, req.body.refreshToken);
      return { status: 'SUCCESS' as const, data: { loggedOut: true as const } };
    },
  );
}
