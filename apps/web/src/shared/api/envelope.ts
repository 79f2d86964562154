import type { ErrorResponse } from '@crust/contract';

/**
 * The answer's envelope (SPEC §7): `{ status: 'SUCCESS', data }`, or `{ status: 'FAILED', errors }` (the contract's
 * ErrorResponse). Written once here for the calls that name their data by a type; the contract's schemas would
 * bring zod into the bundle, so only its types are used. Types only: dataOf moved here became a chunk of its own
 * that / downloaded as one more file, so it stays in shared/loyalty/api.ts.
 */
export interface Success<T> {
  status: 'SUCCESS';
  data: T;
}

/** SUCCESS with its data, or FAILED with the errors to show (SPEC §8: a business refusal comes with 200). */
export type Outcome<T> = Success<T> | ErrorResponse;
