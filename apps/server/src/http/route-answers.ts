import { ErrorResponseSchema } from '@crust/contract/common';

/** The SPEC §8 SUCCESS body around what a route made. */
export const ok = <T>(data: T) => ({ status: 'SUCCESS' as const, data });

/**
 * What a staff route (the store console and the tabs other modules add to it) may refuse with: no or an ended
 * token (401), a login not allowed there (403), nothing found (404), a change made on stale data (409).
 */
export const staffRefusals = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
