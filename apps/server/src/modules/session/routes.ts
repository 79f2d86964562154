import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnonymousSessionResponseSchema } from '@crust/contract/session';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import type { Deps } from '../../deps.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { httpError } from '../../http/errors.ts';
import { createGuestSession } from './service.ts';
import { verifyGuestToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the guest whose credentials came with the request, when they did */
    guest: { userId: string } | null;
  }
}

/**
 * Credentials are optional on catalogue calls, but when sent they must be right: a bad or expired
 * token is a 401, which makes the client take a new anonymous session (SPEC §4 Token refresh).
 */
function identify(req: FastifyRequest, secret: string): void {
  const token = req.headers.sessiontoken;
  const accessKey = req.headers.authtoken;
  req.guest = null;
  if (typeof token !== 'string' || token === '') return;
  const claims = verifyGuestToken(token, secret, Math.floor(Date.now() / 1000));
  const userId = req.headers.userid;
  if (
    !claims ||
    (typeof accessKey === 'string' && accessKey !== claims.ak) ||
    (typeof userId === 'string' && userId !== claims.uid)
  )
    throw httpError(401, 'UNAUTHORIZED', 'Looks like something went wrong, please retry');
  req.guest = { userId: claims.uid };
}

export function sessionRoutes(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('guest', null);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) identify(req, deps.config.sessionSecret);
  });

  app.withTypeProvider<ZodTypeProvider>().post(
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
}
