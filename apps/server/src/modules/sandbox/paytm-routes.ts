import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaytmSandbox } from '../../providers/paytm-wallet/sandbox.ts';
import { sendPage } from './pg-html.ts';
import { addMoneyPage, noSuchRequestPage } from './paytm-pages.ts';

const Mobile = z.string().regex(/^[6-9]\d{9}$/);

/**
 * The Paytm sandbox over HTTP, under /sandbox/paytm (never in production): its wallet API (/api/…, the protocol
 * of providers/paytm-wallet/protocol.ts, signed over the raw body), the hosted add-money page, and switches for
 * tests and demos: a wallet's balance, and refusing withdraws.
 */
export function sandboxPaytmRoutes(app: FastifyInstance, sandbox: PaytmSandbox): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // the signature covers the raw body: nothing is parsed before it holds
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/sandbox/paytm/api/*', { schema: { hide: true } }, async (req, reply) => {
      const path = req.url.split('?')[0]!.slice('/sandbox/paytm/api'.length);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const answer = await sandbox.answer(path, headers, typeof req.body === 'string' ? req.body : '');
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  });

  void app.register(async (scope) => {
    await scope.register(formbody);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/sandbox/paytm/add-money',
      { schema: { hide: true, querystring: z.object({ request: z.string().max(100) }) } },
      async (req, reply) => {
        const found = await sandbox.addMoneyRequest(req.query.request);
        return found ? sendPage(reply, 200, addMoneyPage(found)) : sendPage(reply, 404, noSuchRequestPage());
      },
    );
    r.post(
      '/sandbox/paytm/add-money/:id',
      {
        schema: {
          hide: true,
          params: z.object({ id: z.string().max(100) }),
          body: z.object({ action: z.enum(['add', 'cancel']), bank: z.string().max(10).optional() }),
        },
      },
      async (req, reply) => {
        const back = await sandbox.finishAddMoney(
          req.params.id,
          req.body.action === 'add' ? 'SUCCESS' : 'CANCELLED',
        );
        if (!back) return sendPage(reply, 404, noSuchRequestPage());
        return reply.header('cache-control', 'no-store').redirect(back, 303);
      },
    );

    // switches
    r.get(
      '/sandbox/paytm/accounts/:mobile',
      { schema: { hide: true, params: z.object({ mobile: Mobile }) } },
      async (req) => sandbox.account(req.params.mobile),
    );
    r.post(
      '/sandbox/paytm/accounts/:mobile',
      {
        schema: {
          hide: true,
          params: z.object({ mobile: Mobile }),
          body: z.strictObject({ balancePaise: z.number().int().min(0).max(100_000_000) }),
        },
      },
      async (req) => sandbox.setBalance(req.params.mobile, req.body.balancePaise),
    );
    r.get('/sandbox/paytm/modes', { schema: { hide: true } }, async () => sandbox.modes());
    r.post(
      '/sandbox/paytm/modes',
      { schema: { hide: true, body: z.strictObject({ refuseWithdraw: z.boolean() }) } },
      async (req) => sandbox.setModes(req.body),
    );
  });
}
