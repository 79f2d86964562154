import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storePaymentOptions } from '../../db/schema.ts';

export type PaymentOptionRow = Pick<
  typeof storePaymentOptions.$inferSelect,
  'methodCode' | 'providerCode' | 'providerName' | 'status' | 'deliveryTypes'
>;

/** Every option of a store, for every order type, in their listed order (what the options cache holds). */
export function listStorePaymentOptions(db: Db, storeId: number): Promise<PaymentOptionRow[]> {
  return db
    .select({
      methodCode: storePaymentOptions.methodCode,
      providerCode: storePaymentOptions.providerCode,
      providerName: storePaymentOptions.providerName,
      status: storePaymentOptions.status,
      deliveryTypes: storePaymentOptions.deliveryTypes,
    })
    .from(storePaymentOptions)
    .where(eq(storePaymentOptions.storeId, storeId))
    .orderBy(asc(storePaymentOptions.sort), asc(storePaymentOptions.methodCode));
}
