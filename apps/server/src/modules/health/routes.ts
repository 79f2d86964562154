import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LoadState } from '../../http/load-shedding.ts';

/**
 * Liveness never touches the database and is answered even while the process sheds load; readiness reaches
 * the database and answers 503 while the process sheds load (http/load-shedding.ts), so a balancer sends new
 * clients elsewhere meanwhile.
 */
export function healthRoutes(
  app: FastifyInstance,
  { load, database }: { load: LoadState; database: Database },
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    if (load.shedding())
      return reply.status(503).header('retry-after', '5').send({ status: 'busy', database: database.kind });
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (err) {
      req.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
