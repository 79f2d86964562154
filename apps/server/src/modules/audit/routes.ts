import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageResponseSchema, AuditQuerySchema } from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { AuditLog } from './log.ts';

/** The back office's change log, read newest first (issue 30 §6). */
export function auditRoutes(app: FastifyInstance, audit: AuditLog, { forStaff, staffOf }: StaffGuard): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    CONSOLE_PATHS.auditLog,
    {
      ...forStaff('audit'),
      schema: routeSchema(
        'store',
        'The change log of the back office, newest first, for the stores this login reaches',
        {
          querystring: AuditQuerySchema,
          response: { 200: AuditPageResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await audit.page(staffOf(req).reach, req.query)),
  );
}
