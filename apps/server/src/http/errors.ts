import type { ApiError, ErrorResponse } from '@crust/contract/common';

/** An error the client should see as SPEC §8 `{ status: 'FAILED', errors }` with this HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: ApiError[],
  ) {
    super(errors[0]?.displayMsg ?? 'error');
  }
}

export function failed(code: string, displayMsg: string, extra: Partial<ApiError> = {}): ErrorResponse {
  return { status: 'FAILED', errors: [{ code, displayMsg, ...extra }] };
}

export function httpError(
  statusCode: number,
  code: string,
  displayMsg: string,
  extra: Partial<ApiError> = {},
) {
  return new HttpError(statusCode, [{ code, displayMsg, ...extra }]);
}
