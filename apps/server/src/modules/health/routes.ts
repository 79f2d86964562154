import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/**
 * Liveness never touches the database and is answered even while the process sheds load; readiness reaches
 * the database and answers 503 while the process sheds load (http/load-shedding.ts), so a balancer sends new
 * clients elsewhere meanwhile.
 */
export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    if (deps.load.shedding())
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'busy', database: deps.database.kind });
    try {
      await deps.database.ping();
      return { status: 'ok', database: deps.database.kind };
    } catch (err) {
      req.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
    }
  });
}
