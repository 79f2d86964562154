import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names `etag` (weakly or strongly, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}` || `W/${tag}` === etag;
  });
}

/**
 * A public answer everybody gets alike, revalidated on every use: `Cache-Control: no-cache` with an ETag of the
 * body, so a browser or proxy keeps it and a repeat costs a 304, yet a change shows on the very next read.
 * Answers the SUCCESS body to send, or the reply once a 304 has been sent.
 */
export function revalidated<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  data: T,
): { status: 'SUCCESS'; data: T } | FastifyReply {
  const body = { status: 'SUCCESS' as const, data };
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  return etagMatches(req.headers['if-none-match'], etag) ? reply.status(304).send() : body;
}
