import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OrderEvents, type OrderEvent } from '../src/modules/orders/events.ts';
import { renderSms } from '../src/providers/sms/templates.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { FARMHOUSE, SIZE, pizza } from './cart-support.ts';
import {
  checkout,
  createOrderApp,
  customers,
  expectWalletConsistent,
  freshMobile,
  gatewayOrderIdOf,
  lastSms,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';
import { gatewayClient, type GatewayTestApp } from './pg-support.ts';
import { storeStaff } from './tracking-support.ts';

/**
 * Decision 014: an order's side effects hang off its events. Money moves inside the order's transaction, so
 * the two change together or not at all; the world outside hears of it after the commit.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { placeByCard } = checkout(() => t);
const pg = gatewayClient(() => t);
const newCustomer = customers(() => t);
const afterTimeout = () => Date.now() + 125_000;

describe('order events', () => {
  it('reach `after` subscribers only once the transaction committed, and one failing does not stop the rest', async () => {
    const seen: string[] = [];
    const events = new OrderEvents(t.app.log);
    events.subscribe({ name: 'first', within: async (_tx, e) => void seen.push(`within ${e.kind}`) });
    events.subscribe({
      name: 'broken',
      after: () => {
        throw new Error('a subscriber fault');
      },
    });
    events.subscribe({ name: 'last', after: (e) => void seen.push(`after ${e.kind}`) });
    const order = { id: 'O-test', storeId: 1001 } as OrderEvent['order'];

    await expect(
      events.transaction(t.database.db, async (_tx, raise) => {
        await raise({ kind: 'cancelled', order });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual(['within cancelled']);

    seen.length = 0;
    const answer = await events.transaction(t.database.db, async (_tx, raise) => {
      await raise({ kind: 'cancelled', order });
      expect(seen).toEqual(['within cancelled']);
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(seen).toEqual(['within cancelled', 'after cancelled']);
  });
});

describe('a cancel and its refund', () => {
  it('happen together: when the refund cannot be recorded, the order is not cancelled and keeps nothing', async () => {
    const who = await newCustomer();
    const wallets = new WalletService(t.database.db);
    await wallets.credit(who.userId, 10_000, `test-topup-${who.userId}`);
    const c = orderClient(t, who);
    const cart = await c.cart([pizza(FARMHOUSE, SIZE.L)]);
    const placed = await placeByCard(
      c,
      c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' }),
    );
    const staff = await storeStaff(t, 1001);

    // the database refuses to record the refund (a fault between the cancel and the refund's first step)
    await t.database.db.execute(sql`
      create or replace function test_refuse_refund() returns trigger language plpgsql as $$
      begin
        if new.state = 'refund_pending' then raise exception 'refund cannot be recorded'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger test_refuse_refund before update on payments
      for each row execute function test_refuse_refund()`);
    try {
      const refused = await staff.cancelRaw(placed.orderId, 'Oven broke down');
      expect(refused.statusCode).toBe(500);
      // never a cancelled order that kept the money: nothing changed, the wallet part included
      expect(await orderRow(t, placed.orderId)).toMatchObject({ status: 'placed', state: 'success' });
      const [row] = await rows<{ stage: string }>(
        t,
        sql`select stage from orders where id = ${placed.orderId}`,
      );
      expect(row!.stage).toBe('CONFIRMED');
      expect(await wallets.balance(who.userId)).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger test_refuse_refund on payments`);
      await t.database.db.execute(sql`drop function test_refuse_refund()`);
    }

    // the store tries again: cancelled, refunded through the gateway, the wallet part back
    expect((await staff.cancelRaw(placed.orderId, 'Oven broke down')).statusCode).toBe(200);
    expect(await orderRow(t, placed.orderId)).toMatchObject({ status: 'cancelled', state: 'refunded' });
    expect(await wallets.balance(who.userId)).toBe(10_000);
    await expectWalletConsistent(t, who.userId);
  });
});

describe('"Status awaited … an SMS will follow"', () => {
  /** A card order paid or declined at the gateway, whose browser never came back to Crust. */
  async function lostCallback(mobile: string, decline: boolean) {
    const c = orderClient(t, await newCustomer());
    const cart = await c.cart();
    const result = ok(
      await c.confirm(
        c.body(
          cart,
          { primaryPaymentId: 'CC' },
          {
            userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
          },
        ),
      ),
    );
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    if (decline) await pg.setModes({ decline: true });
    try {
      const paymentId = await pg.cardToOtp(gatewayOrderIdOf(result));
      await pg.submitOtp(paymentId, '123456');
    } finally {
      await pg.resetModes();
    }
    return result;
  }

  const numberOf = async (orderId: string) =>
    (await rows<{ number: number }>(t, sql`select number from orders where id = ${orderId}`))[0]!.number;

  it('the reconciler, deciding a payment nobody waits for any more, texts the outcome: placed', async () => {
    const mobile = freshMobile();
    const result = await lostCallback(mobile, false);
    await t.app.deps.orders.reconcile(afterTimeout());
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
    expect(await lastSms(t, mobile)).toBe(
      renderSms({ kind: 'LATE_PLACED', vars: { orderNumber: await numberOf(result.orderId) } }),
    );
  });

  it('… and failed, with the refund promise', async () => {
    const mobile = freshMobile();
    const result = await lostCallback(mobile, true);
    await t.app.deps.orders.reconcile(afterTimeout());
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    expect(await lastSms(t, mobile)).toBe(
      renderSms({ kind: 'LATE_FAILED', vars: { orderNumber: await numberOf(result.orderId) } }),
    );
  });

  it('a customer who saw the answer is not texted', async () => {
    const mobile = freshMobile();
    const c = orderClient(t, await newCustomer());
    await placeByCard(
      c,
      c.body(
        await c.cart(),
        { primaryPaymentId: 'CC' },
        {
          userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
        },
      ),
    );
    await t.app.deps.orders.reconcile(afterTimeout());
    expect(await lastSms(t, mobile)).toBe('');
  });
});
