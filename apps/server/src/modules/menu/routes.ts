import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuResponseSchema, ToppingsResponseSchema } from '@crust/contract/menu';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { MESSAGES } from '@crust/domain/messages';
import { routeSchema } from '../../http/route-schema.ts';
import { httpError } from '../../http/errors.ts';
import type { MenuCache, PreparedBody } from './service.ts';

/** 'null' and 'undefined' reach us when a client has no store yet: SPEC §8 wants a 404 for those. */
const StoreIdParams = z.object({ storeId: z.string().max(20) });

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a precomputed body: 304 when the client has it, else br / gzip / plain by Accept-Encoding. */
function sendPrepared(req: FastifyRequest, reply: FastifyReply, etag: string, body: PreparedBody) {
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(body.br());
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(body.gzip());
  return reply.send(body.raw);
}

export function menuRoutes(app: FastifyInstance, { menus }: { menus: MenuCache }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function lookup(storeIdText: string) {
    if (!/^\d{1,9}$/.test(storeIdText))
      throw httpError(404, 'STORE_NOT_FOUND', MESSAGES.storeTroubleSelectOther, { field: 'params.storeId' });
    const found = await menus.get(Number(storeIdText));
    if (found.kind === 'unknown-store')
      throw httpError(403, 'STORE_NOT_AVAILABLE', MESSAGES.storeTroubleSelectOther, {
        field: 'params.storeId',
      });
    return found.entry;
  }

  const errors = {
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    304: z.null().describe('Not modified: the ETag matched'),
  };

  r.get(
    API_PATHS.menu,
    {
      schema: routeSchema(
        'menu',
        "A store's menu, precomputed; ETag and 304; 403 for an unknown store, 404 for a null one",
        {
          params: StoreIdParams,
          response: { 200: MenuResponseSchema, ...errors },
        },
      ),
    },
    async (req, reply) => {
      const entry = await lookup(req.params.storeId);
      return sendPrepared(req, reply, entry.etag, entry.menu);
    },
  );

  r.get(
    API_PATHS.toppings,
    {
      schema: routeSchema('menu', "A store's toppings and extra cheese (item 51), priced per size", {
        params: StoreIdParams,
        response: { 200: ToppingsResponseSchema, ...errors },
      }),
    },
    async (req, reply) => {
      const entry = await lookup(req.params.storeId);
      return sendPrepared(req, reply, entry.etag, entry.toppings);
    },
  );
}
