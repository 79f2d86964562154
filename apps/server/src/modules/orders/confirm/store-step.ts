import type { ConfirmOrderBody } from '@crust/contract/orders';
import { MESSAGES } from '@crust/domain/messages';
import { httpError, type Result } from '../../../http/errors.ts';
import type { StoreDirectory } from '../../stores/service.ts';
import { fail } from '../fail.ts';
import { storeRefusal } from '../store-checks.ts';

/** The cart's store as the directory has it. */
export type OrderStore = NonNullable<Awaited<ReturnType<StoreDirectory['byId']>>>;

/** The cart's store, when it takes this order at `now` (store-checks.ts). */
export async function storeStep(
  stores: Pick<StoreDirectory, 'byId'>,
  storeId: number,
  od: Pick<ConfirmOrderBody['orderDetails'], 'deliveryType' | 'advancedTime'>,
  now: number,
): Promise<Result<OrderStore>> {
  const store = await stores.byId(storeId);
  if (!store) throw httpError(404, 'STORE_NOT_FOUND', MESSAGES.storeTroubleSelectOther);
  const refusal = storeRefusal(store, od, now);
  return refusal ? fail(refusal.code, refusal.displayMsg, refusal.field) : { ok: true, data: store };
}
