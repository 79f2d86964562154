import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/app-config.ts';
import { MIN_SECRET_LENGTH } from './config/secrets.ts';
import type { Database } from './db/client.ts';
import { installCachePolicy } from './http/cache-policy.ts';
import { installContentSecurity } from './http/content-security.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { rateLimitRefusal } from './http/errors.ts';
import { fastifyOptions, loadBounds, type LogStream } from './http/fastify-options.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installLoadShedding } from './http/load-shedding.ts';
import { installOpenApi } from './http/openapi.ts';
import { installPartnerFeatures } from './http/partner-features.ts';
import { installPrincipal } from './http/principal.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import { installNotFound, readAppShell, serveWebBuild } from './http/static-files.ts';
import { remoteConfig } from './modules/config/service.ts';
import type { Deliver } from './providers/payments/outbox.ts';
import { startBackgroundPasses } from './wiring/background-passes.ts';
import type { Deps } from './wiring/deps.ts';
import { registerRoutes } from './wiring/routes.ts';
import { buildServices } from './wiring/services.ts';

export type { Deps } from './wiring/deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  database: Database;
  /** how the sandbox gateway posts webhooks (tests capture them); fetch by default */
  deliverWebhook?: Deliver;
  /** where the log lines go (tests read them); stdout by default */
  logStream?: LogStream;
  /** the clock store hours and checkout read (tests stand outside opening hours); Date.now by default */
  clock?: () => number;
}

/**
 * The app, composed: the Fastify instance, its hooks, the service graph (wiring/services.ts), the background
 * passes, the plugins, the routes (wiring/routes.ts), the web build. The order of hooks and registrations
 * matters: each hook sees only what was registered before it, and the web build's files come after every route.
 */
export async function buildApp(
  config: AppConfig,
  { database, deliverWebhook, logStream, clock = Date.now }: BuildOptions,
): Promise<FastifyInstance> {
  // nothing may sign tokens with an empty or short key (main.ts gives the installation's own when unset)
  if (config.sessionSecret.length < MIN_SECRET_LENGTH)
    throw new Error('No token-signing key: set SESSION_SECRET, or start through main.ts, which makes one');
  if (!config.push.vapid)
    throw new Error(
      'No VAPID key pair: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or start through main.ts',
    );
  const app = Fastify(fastifyOptions(config, logStream));
  app.server.headersTimeout = config.headersTimeoutMs;
  const load = await installLoadShedding(app, loadBounds(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputGuard(app);
  installCachePolicy(app);

  const services = await buildServices(app, config, { database, load, deliverWebhook, clock });
  const { deps } = services;
  startBackgroundPasses(app, config, deps);

  const appShell = readAppShell(config.webDistDir);
  installContentSecurity(app, config, appShell);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: rateLimitRefusal,
    ...(await rateLimitStore(app, config.redis)),
  });
  await installOpenApi(app, config.apiDocs);

  // tests and tools reach the caches through the app (e.g. to see a database change at once)
  app.decorate('deps', deps);
  installPrincipal(app, { secret: config.sessionSecret, isRevoked: (fam) => deps.families.isRevoked(fam) });
  installPartnerFeatures(app, {
    vendorConfig: async (vendor) => (await remoteConfig(database.db, config)).vendorConfig[vendor],
  });
  await registerRoutes(app, services);

  if (appShell !== null) await serveWebBuild(app, config.webDistDir);
  installNotFound(app, appShell !== null);
  return app;
}
