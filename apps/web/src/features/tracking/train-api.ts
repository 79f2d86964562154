import type { ApiError as ApiErrorBody } from '@crust/contract';
import type { TrainTrack } from '@crust/contract/train-orders';
import { API_PATHS } from '@crust/contract/paths';
import { api, ApiError } from '../../shared/api/client.ts';

/** IrctcCancelResponseSchema's two answers (the contract's zod schema stays out of the bundle). */
type CancelAnswer =
  | { status: 'SUCCESS'; data: { orderId: string; status: TrainTrack['status'] } }
  | { status: 'FAILED'; errors: ApiErrorBody[] };

/**
 * SPEC §7 irctc cancel: the passenger cancels their train order. A refusal (past the cut-off, already sent out)
 * rejects with the server's displayMsg, whether it came as a FAILED answer or an HTTP error.
 */
export async function cancelTrainOrder(orderId: string): Promise<TrainTrack['status']> {
  const answer = await api<CancelAnswer>(API_PATHS.irctcCancel, { method: 'POST', body: { orderId } });
  if (answer.status === 'FAILED') throw new ApiError(200, answer.errors);
  return answer.data.status;
}
