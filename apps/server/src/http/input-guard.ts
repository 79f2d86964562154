import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from './errors.ts';

/**
 * PostgreSQL text cannot hold a NUL character, and no field of this API has a use for one: a request that
 * carries one anywhere (body at any depth, query, path) is a 400 naming the field, before any handler or
 * query sees it (issue 11 §3: it used to reach the database and answer 500).
 */
const NUL = '\u0000';

function nulAt(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? where : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return where;
    const found = nulAt(inner, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const field = nulAt(req.params, 'params') ?? nulAt(req.query, 'querystring') ?? nulAt(req.body, 'body');
    if (field)
      throw httpError(400, 'BAD_REQUEST', `Invalid ${field}: must not contain a NUL character`, { field });
  });
}
