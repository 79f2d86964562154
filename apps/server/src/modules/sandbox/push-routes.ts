import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { httpError } from '../../http/errors.ts';
import { PushRefusal, type PushSandbox } from '../../providers/push/sandbox.ts';

const SubscriptionId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/) });
const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};
/** The origin the browser and the sender reach this server at: the VAPID token's audience. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * The push sandbox under /sandbox/push (never in production; docs/notifications.md): the push service's endpoint
 * itself (RFC 8030 POST, answered 201 as a push service does, or its refusal), a subscription made the way a
 * browser would, a switch that makes one answer 410 Gone, and what a subscription received, decrypted.
 */
export function sandboxPushRoutes(app: FastifyInstance, sandbox: PushSandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // the push service's endpoint takes the encrypted body as it is (application/octet-stream)
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 8 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { id: string } }>(
      '/sandbox/push/send/:id',
      { schema: { hide: true } },
      async (req, reply) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        try {
          await sandbox.receive(
            req.params.id,
            originOf(req),
            {
              authorization: header(req, 'authorization'),
              contentEncoding: header(req, 'content-encoding'),
              ttl: header(req, 'ttl'),
              urgency: header(req, 'urgency'),
              topic: header(req, 'topic'),
            },
            body,
          );
        } catch (err) {
          if (!(err instanceof PushRefusal)) throw err;
          return reply.status(err.statusCode).type('text/plain').send(err.message);
        }
        // RFC 8030 §5: 201 Created, with the message's own URL
        return reply.status(201).header('location', `/sandbox/push/messages/${req.params.id}`).send();
      },
    );
  });

  r.post(
    '/sandbox/push/subscriptions',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({
            id: z.string(),
            endpoint: z.string(),
            keys: z.object({ p256dh: z.string(), auth: z.string() }),
          }),
        },
      },
    },
    (req) => sandbox.subscribe(originOf(req)),
  );

  r.post(
    '/sandbox/push/subscriptions/:id/gone',
    {
      schema: {
        hide: true,
        params: SubscriptionId,
        body: z.strictObject({ gone: z.boolean() }),
        response: { 200: z.object({ status: z.literal('SUCCESS') }), 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      if (!(await sandbox.setGone(req.params.id, req.body.gone)))
        throw httpError(404, 'NOT_FOUND', 'No such subscription');
      return { status: 'SUCCESS' as const };
    },
  );

  r.get(
    '/sandbox/push/subscriptions/:id/messages',
    {
      schema: {
        hide: true,
        params: SubscriptionId,
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                payload: z.string(),
                ttl: z.number(),
                urgency: z.string().nullable(),
                topic: z.string().nullable(),
                subject: z.string(),
                receivedAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({ messages: await sandbox.received(req.params.id) }),
  );
}
