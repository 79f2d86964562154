import type { TrainTrack } from '@crust/contract/train-orders';
import { API_PATHS } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Success } from '../../shared/api/envelope.ts';

/**
 * SPEC §7 irctc cancel: the passenger cancels their train order. A refusal (409 CANCEL_CLOSED: past the cut-off,
 * already sent out) rejects with the server's displayMsg.
 */
export async function cancelTrainOrder(orderId: string): Promise<TrainTrack['status']> {
  const answer = await api<Success<{ orderId: string; status: TrainTrack['status'] }>>(
    API_PATHS.irctcCancel,
    {
      method: 'POST',
      body: { orderId },
    },
  );
  return answer.data.status;
}

/**
 * The delivery code texted again (a new one replaces the old). A refusal (429 CODE_RESEND_WAIT within a minute of
 * the last, 409 once the order is no longer on its way) rejects with the server's displayMsg.
 */
export async function resendDeliveryCode(orderId: string): Promise<void> {
  await api<Success<{ sent: true }>>(API_PATHS.irctcDeliveryCode, { method: 'POST', body: { orderId } });
}
