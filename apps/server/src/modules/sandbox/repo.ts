import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/**
 * Outside production: a placed order not yet delivered is made to have been promised `minutes` ago, so delivering
 * it is late (SPEC §9 delivery guarantee) without waiting half an hour. Answers whether such an order was found.
 */
export async function promiseEarlier(db: Db, orderId: string, minutes: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ promisedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'placed'), isNull(orders.deliveredAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
