import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfigResponseSchema, RemoteConfigResponseSchema } from '@crust/contract/config';
import { API_PATHS } from '@crust/contract/paths';
import type { Deps } from '../../deps.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { remoteConfig } from './service.ts';

export function configRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.config,
    {
      schema: routeSchema('config', 'Remote config (SPEC §3 Other)', {
        response: { 200: RemoteConfigResponseSchema },
      }),
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { status: 'SUCCESS' as const, data: await remoteConfig(deps.database.db, deps.config) };
    },
  );
  r.get(
    API_PATHS.appConfig,
    {
      schema: routeSchema('config', 'App config: isDefaultWalletApplied', {
        response: { 200: AppConfigResponseSchema },
      }),
    },
    async () => {
      const { isDefaultWalletApplied } = await remoteConfig(deps.database.db, deps.config);
      return { status: 'SUCCESS' as const, data: { isDefaultWalletApplied } };
    },
  );
}
