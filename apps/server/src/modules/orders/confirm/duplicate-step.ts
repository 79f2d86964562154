import type { CartLine } from '@crust/domain/cart-model';
import { isDuplicateOrder } from '@crust/domain/checkout-duplicate';
import { DUPLICATE_ORDER_WINDOW_MINUTES } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import type { Db } from '../../../db/client.ts';
import { fail, type Refused } from '../fail.ts';
import * as repo from '../repo.ts';

/**
 * The duplicate warning (checkout-duplicate.ts): the same items for the same customer or mobile, placed within
 * the window, unless the customer has said this one is meant.
 */
export async function duplicateRefusal(
  db: Db,
  order: { ownerId: string; customer: boolean; mobile: string; lines: CartLine[]; confirmed: boolean },
  now: number,
): Promise<Refused | null> {
  if (order.confirmed) return null;
  const since = new Date(now - DUPLICATE_ORDER_WINDOW_MINUTES * 60_000);
  const recent = await repo.recentOrders(db, { ownerId: order.ownerId, mobile: order.mobile }, since);
  const duplicate = isDuplicateOrder(
    { customerId: order.customer ? order.ownerId : null, mobile: order.mobile, items: order.lines },
    recent.map((r) => ({
      customerId: r.ownerId,
      mobile: r.mobile,
      items: (r.snapshot as { lines: CartLine[] }).lines,
      placedAtMs: r.createdAt.getTime(),
      status: 'PENDING',
    })),
    now,
    DUPLICATE_ORDER_WINDOW_MINUTES,
  );
  return duplicate ? fail('DUPLICATE_ORDER', MESSAGES.duplicateOrderWarning) : null;
}
