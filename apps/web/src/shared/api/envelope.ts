import type { ErrorResponse } from '@crust/contract';
import { ApiError } from './errors.ts';

/**
 * The answer's envelope (SPEC §7): `{ status: 'SUCCESS', data }`, or `{ status: 'FAILED', errors }` (the contract's
 * ErrorResponse). Written once here for the calls that name their data by a type; the contract's schemas would
 * bring zod into the bundle, so only its types are used.
 */
export interface Success<T> {
  status: 'SUCCESS';
  data: T;
}

/** SUCCESS with its data, or FAILED with the errors to show (SPEC §8: a business refusal comes with 200). */
export type Outcome<T> = Success<T> | ErrorResponse;

/** The data of an outcome; a FAILED one is thrown as an ApiError, so its displayMsg is what is shown. */
export function dataOf<T>(res: Outcome<T>): T {
  if (res.status === 'FAILED') throw new ApiError(200, res.errors);
  return res.data;
}
