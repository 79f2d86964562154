import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { httpError } from '../../http/errors.ts';
import { API_KEY_HEADER } from '../../providers/rail/protocol.ts';
import type { RailSandbox } from '../../providers/rail/sandbox.ts';

const Modes = z.object({ fail: z.enum(['error', 'garbled']).nullable(), slowSeconds: z.number().int() });
/** A change to the modes; what is left out keeps its value. */
const ModesChange = z.strictObject({
  fail: z.enum(['error', 'garbled']).nullable().optional(),
  slowSeconds: z.number().int().min(0).max(120).optional(),
});
const Ok = z.object({ status: z.literal('SUCCESS') });

/**
 * The rail sandbox under /sandbox/rail (never in production; docs/rail-sandbox.md): the PNR protocol itself at
 * GET /sandbox/rail/v1/pnr/{pnr}, which RAIL_PROVIDER=api can be pointed at, and its JSON switches — a train's
 * delay while it runs, a slow or failing provider, and a reset.
 */
export function sandboxRailRoutes(app: FastifyInstance, sandbox: RailSandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // the provider's API: its own answers and statuses, so no schema of Crust's stands in front of it
  app.get<{ Params: { pnr: string } }>(
    '/sandbox/rail/v1/pnr/:pnr',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.headers[API_KEY_HEADER];
      // the caller giving up (the adapter's deadline) is the end of the response's connection
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const answer = await sandbox.answer(
        req.params.pnr,
        typeof key === 'string' ? key : undefined,
        gone.signal,
      );
      if (answer.kind === 'no answer') {
        reply.hijack();
        req.raw.socket.destroy();
        return;
      }
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    },
  );

  r.post(
    '/sandbox/rail/trains/:trainNo/delay',
    {
      schema: {
        hide: true,
        params: z.object({ trainNo: z.string().regex(/^\d{5}$/) }),
        // negative: the train makes up time and runs early
        body: z.strictObject({ minutes: z.number().int().min(-120).max(1440) }),
        response: { 200: Ok, 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      if (!(await sandbox.setDelay(req.params.trainNo, req.body.minutes)))
        throw httpError(404, 'NOT_FOUND', 'No demo train with this number');
      return { status: 'SUCCESS' as const };
    },
  );

  r.get('/sandbox/rail/modes', { schema: { hide: true, response: { 200: Modes } } }, () => sandbox.modes());
  r.post(
    '/sandbox/rail/modes',
    { schema: { hide: true, body: ModesChange, response: { 200: Modes } } },
    (req) =>
      sandbox.changeModes({
        ...(req.body.fail !== undefined ? { fail: req.body.fail } : {}),
        ...(req.body.slowSeconds !== undefined ? { slowSeconds: req.body.slowSeconds } : {}),
      }),
  );

  r.post('/sandbox/rail/reset', { schema: { hide: true, response: { 200: Ok } } }, async () => {
    await sandbox.reset();
    return { status: 'SUCCESS' as const };
  });
}
