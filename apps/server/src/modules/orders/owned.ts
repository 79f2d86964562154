import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS } from './texts.ts';

/** One of the caller's orders; someone else's is answered exactly like a missing one (404). */
export async function ownedOrder(db: Db, principal: Principal, orderId: string): Promise<repo.OrderRow> {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.ownerId !== principal.userId)
    throw httpError(404, 'ORDER_NOT_FOUND', ORDER_TEXTS.orderNotFound);
  return order;
}

/** One of the caller's orders by its transaction id; someone else's is answered like a missing one (404). */
export async function ownedOrderByTransaction(
  db: Db,
  principal: Principal,
  transactionId: string,
): Promise<repo.OrderRow> {
  const order = await repo.findOrderByTransaction(db, transactionId);
  if (!order || order.ownerId !== principal.userId)
    throw httpError(404, 'ORDER_NOT_FOUND', ORDER_TEXTS.orderNotFound);
  return order;
}
