import type { FastifySchema } from 'fastify';
import { ErrorResponseSchema, RequestHeadersSchema } from '@crust/contract/common';

/** Every route documents the SPEC §7 headers and the SPEC §8 error answers beside its own schema. */
export function routeSchema<S extends FastifySchema>(tag: string, summary: string, schema: S) {
  return {
    tags: [tag],
    summary,
    headers: RequestHeadersSchema,
    ...schema,
    response: { 400: ErrorResponseSchema, 500: ErrorResponseSchema, ...(schema.response as object) },
  } as S & { tags: string[]; summary: string; headers: typeof RequestHeadersSchema };
}
