import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** Liveness never touches the database; readiness does. */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', database: deps.database.kind };
    } catch (err) {
      req.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
    }
  });
}
