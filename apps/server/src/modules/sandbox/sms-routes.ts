import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GupshupSandbox } from '../../providers/sms/gupshup-sandbox.ts';
import type { SmsInbox } from '../../providers/sms/inbox.ts';
import { escapeHtml } from './html.ts';

export interface SandboxSmsOptions {
  inbox: SmsInbox;
  gupshup: GupshupSandbox;
}

/** A change to the Gupshup sandbox's test modes; what is left out keeps its value. */
const ModesChange = z.strictObject({
  fail: z.enum(['error', 'timeout']).nullable().optional(),
  dlr: z.enum(['DELIVERED', 'FAILED']).optional(),
});
const Modes = z.object({
  fail: z.enum(['error', 'timeout']).nullable(),
  dlr: z.enum(['DELIVERED', 'FAILED']),
});

/**
 * The SMS sandboxes under /sandbox/sms (never in production): the inbox where a developer (page) and the tests
 * (JSON) read the texts sent; Gupshup's Enterprise API played at /sandbox/sms/gupshup/GatewayAPI/rest (GET query
 * or POST form, as Gupshup takes both), which SMS_PROVIDER=gupshup can be pointed at; and its test switches,
 * POST /sandbox/sms/modes { fail: 'error' | 'timeout' | null, dlr: 'DELIVERED' | 'FAILED' }.
 */
export function sandboxSmsRoutes(app: FastifyInstance, o: SandboxSmsOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const MobileQuery = z.object({
    mobile: z
      .string()
      .regex(/^\d{10}$/)
      .optional(),
  });

  r.get('/sandbox/sms.json', { schema: { hide: true, querystring: MobileQuery } }, async (req) => ({
    messages: await o.inbox.latest(req.query.mobile),
  }));
  r.get('/sandbox/sms', { schema: { hide: true, querystring: MobileQuery } }, async (req, reply) => {
    const messages = await o.inbox.latest(req.query.mobile);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.sentAt.toISOString())}</td><td>${escapeHtml(m.mobile)}</td><td>${escapeHtml(m.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SMS sandbox</title>` +
          `<style>body{font-family:system-ui,sans-serif;margin:16px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top}</style></head>` +
          `<body><h1>SMS sandbox</h1><form><label>Mobile <input name="mobile" inputmode="numeric" maxlength="10" value="${escapeHtml(req.query.mobile ?? '')}"></label> <button>Show</button></form>` +
          `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Text</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No messages yet.</td></tr>'}</tbody></table></body></html>`,
      );
  });

  r.get('/sandbox/sms/modes', { schema: { hide: true, response: { 200: Modes } } }, () => o.gupshup.modes());
  r.post(
    '/sandbox/sms/modes',
    { schema: { hide: true, body: ModesChange, response: { 200: Modes } } },
    (req) =>
      o.gupshup.changeModes({
        ...(req.body.fail !== undefined ? { fail: req.body.fail } : {}),
        ...(req.body.dlr !== undefined ? { dlr: req.body.dlr } : {}),
      }),
  );

  // Gupshup's API: its answers are text lines, errors included, with HTTP 200
  const send = async (fields: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const values = typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
    const field = (name: string) => {
      const value = values[name];
      return typeof value === 'string' ? value : '';
    };
    // the caller giving up (the adapter's timeout) is the end of the response's connection
    const gone = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
    const answer = await o.gupshup.send(field, gone);
    if (answer.kind === 'no answer') {
      // Gupshup that never answers: the connection ends without a response
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    return reply.type('text/plain; charset=utf-8').send(answer.body);
  };
  void app.register(async (scope) => {
    await scope.register(formbody);
    scope.get('/sandbox/sms/gupshup/GatewayAPI/rest', { schema: { hide: true } }, (req, reply) =>
      send(req.query, req, reply),
    );
    scope.post('/sandbox/sms/gupshup/GatewayAPI/rest', { schema: { hide: true } }, (req, reply) =>
      send(req.body, req, reply),
    );
  });
  app.addHook('onClose', () => o.gupshup.drain());
}
