import type { Result } from '../../http/errors.ts';

/** A refusal as a use case answers it (SPEC §8 errors): the first check a request fails. */
export type Refused = Extract<Result<never>, { ok: false }>;

export const fail = (code: string, displayMsg: string, field?: string): Refused => ({
  ok: false,
  errors: [{ code, displayMsg, ...(field ? { field } : {}) }],
});
