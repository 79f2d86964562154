import type { ConfirmOrderBody } from '@crust/contract/orders';
import { TRAIN_MESSAGES, type TrainBooking } from '@crust/domain/train';
import type { Result } from '../../../http/errors.ts';
import type { RailService } from '../../rail/service.ts';
import { fail } from '../fail.ts';

/**
 * A train order's booking: the ticket's journey as it is now must still take an order to that station from this
 * store. Null for every other order type.
 */
export async function trainStep(
  trains: { bookable: RailService['bookable'] },
  od: Pick<ConfirmOrderBody['orderDetails'], 'deliveryType' | 'customerIrctcDetails'>,
  storeId: number,
): Promise<Result<TrainBooking | null>> {
  if (od.deliveryType !== 'IRCTC') return { ok: true, data: null };
  const irctc = od.customerIrctcDetails;
  if (!irctc)
    return fail('INVALID_DETAILS', TRAIN_MESSAGES.pnrMandatory, 'orderDetails.customerIrctcDetails.pnr');
  return trains.bookable({ ...irctc, storeId });
}
