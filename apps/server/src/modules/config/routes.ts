import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppConfigResponseSchema, RemoteConfigResponseSchema } from '@crust/contract/config';
import { API_PATHS } from '@crust/contract/paths';
import { routeSchema } from '../../http/route-schema.ts';
import type { RemoteConfigService } from './service.ts';

export function configRoutes(app: FastifyInstance, { remote }: { remote: RemoteConfigService }): void {
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
      return { status: 'SUCCESS' as const, data: await remote.current() };
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
      const { isDefaultWalletApplied } = await remote.current();
      return { status: 'SUCCESS' as const, data: { isDefaultWalletApplied } };
    },
  );
}
