import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { Db } from '../../db/client.ts';
import { storePaymentOptions } from '../../db/schema.ts';

export type PaymentOptionRow = Pick<
  typeof storePaymentOptions.$inferSelect,
  'methodCode' | 'providerCode' | 'providerName' | 'status'
>;

/** The options a store offers for an order type, in their listed order. */
export function listPaymentOptions(db: Db, storeId: number, type: DeliveryType): Promise<PaymentOptionRow[]> {
  return db
    .select({
      methodCode: storePaymentOptions.methodCode,
      providerCode: storePaymentOptions.providerCode,
      providerName: storePaymentOptions.providerName,
      status: storePaymentOptions.status,
    })
    .from(storePaymentOptions)
    .where(
      and(eq(storePaymentOptions.storeId, storeId), arrayContains(storePaymentOptions.deliveryTypes, [type])),
    )
    .orderBy(asc(storePaymentOptions.sort), asc(storePaymentOptions.methodCode));
}
