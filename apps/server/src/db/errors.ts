/** What PostgreSQL and PGlite say about a failed statement (drizzle wraps it in `cause`). */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The unique index a statement ran into (SQLSTATE 23505), or null for any other error. */
export function uniqueViolationOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const fields = e as PgErrorFields;
    if (fields.code === '23505') return typeof fields.constraint === 'string' ? fields.constraint : '';
    e = fields.cause;
  }
  return null;
}
