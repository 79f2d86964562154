import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderRow, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * Issue 28 §1's end state, read from Crust's rows and the sandbox gateway's own refund list: the order placed
 * once on one of `attempts`, and every other one refunded exactly once, in full, recorded as refunded.
 */
export async function expectOneKeptOneRefunded(
  t: GatewayTestApp,
  orderId: string,
  amountPaise: number,
  attempts: [string, string],
): Promise<{ kept: string; refunded: string }> {
  expect(await orderRow(t, orderId)).toMatchObject({ status: 'placed', state: 'success' });
  const [payment] = await rows<{ gateway_payment_id: string }>(
    t,
    sql`select gateway_payment_id from payments where order_id = ${orderId}`,
  );
  const kept = payment!.gateway_payment_id;
  expect(attempts).toContain(kept);
  const refunded = attempts.find((p) => p !== kept)!;
  const refunds = await rows<{ payment_id: string; amount_paise: number }>(
    t,
    sql`select payment_id, amount_paise from pg_refunds where payment_id in (${attempts[0]}, ${attempts[1]})`,
  );
  expect(refunds).toEqual([{ payment_id: refunded, amount_paise: amountPaise }]);
  const extras = await rows<{ gateway_payment_id: string; state: string; reason: string }>(
    t,
    sql`select gateway_payment_id, state, reason from extra_captures where order_id = ${orderId}`,
  );
  expect(extras).toEqual([{ gateway_payment_id: refunded, state: 'refunded', reason: 'DUPLICATE' }]);
  return { kept, refunded };
}
