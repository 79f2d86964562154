import { and, asc, eq } from 'drizzle-orm';
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

/** Switches a store's ways to pay on (E) or off (D); answers the methods it found. */
export async function setPaymentOptionStatuses(
  db: Db,
  storeId: number,
  changes: readonly { methodCode: string; enabled: boolean }[],
): Promise<string[]> {
  const found: string[] = [];
  for (const c of changes) {
    const rows = await db
      .update(storePaymentOptions)
      .set({ status: c.enabled ? 'E' : 'D' })
      .where(and(eq(storePaymentOptions.storeId, storeId), eq(storePaymentOptions.methodCode, c.methodCode)))
      .returning({ methodCode: storePaymentOptions.methodCode });
    found.push(...rows.map((r) => r.methodCode));
  }
  return found;
}
