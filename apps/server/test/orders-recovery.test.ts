import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmOrderResponseSchema } from '@crust/contract/orders';
import { WalletService } from '../src/modules/wallet/service.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  count,
  createOrderApp,
  customers,
  expectWalletConsistent,
  gatewayOrderIdOf,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';

/**
 * Issue 11 §4, recovery after a crash: a retried confirm whose first process died converges on the same
 * order; the reconciler drains everything due whatever the queue, one slow gateway answer holding nothing
 * back; an orphaned order fails within the transaction timeout and a pass, giving back the wallet and the
 * cart. (The same with a real server killed by kill -9: crash.test.ts.)
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const newCustomer = customers(() => t);
const WALLET = 10_000;
/** Past the transaction timeout (120 s) of everything made so far. */
const afterTimeout = () => Date.now() + 125_000;

/** A customer with ₹100 in the wallet, a cart, and the body paying it by card plus the wallet. */
async function walletCustomer() {
  const who = await newCustomer();
  await new WalletService(t.database.db).credit(who.userId, WALLET, `topup-${randomUUID()}`);
  const c = orderClient(t, who);
  const cart = await c.cart();
  const body = c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' });
  return { who, c, cart, body };
}

const available = async (customerId: string) => (await expectWalletConsistent(t, customerId)).available;
const ordersOf = (cartId: string) =>
  rows<{ id: string; status: string }>(
    t,
    sql`select id, status from orders where cart_id = ${cartId} order by created_at`,
  );
const parse = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ok(ConfirmOrderResponseSchema.parse(json(res)));
};

/** A promise and its resolve, to hold a gateway call until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The next gateway order is held (as if the gateway, or the process, stopped there) until `release`. */
function holdNextGatewayOrder() {
  const gateway = t.gateway;
  const real = gateway.createOrder.bind(gateway);
  const reached = gate();
  const release = gate();
  vi.spyOn(gateway, 'createOrder').mockImplementationOnce(async (input) => {
    reached.open();
    await release.opened;
    return real(input);
  });
  return { reached: reached.opened, release: release.open };
}

async function waitForOrderOf(cartId: string): Promise<string> {
  await expect.poll(async () => (await ordersOf(cartId)).length).toBe(1);
  return (await ordersOf(cartId))[0]!.id;
}

describe('a confirm whose process died, retried with the same Idempotency-Key', () => {
  it('is taken over and ends on the same order and gateway order, not a second one', async () => {
    const { who, c, cart, body } = await walletCustomer();
    const key = randomUUID();
    const held = holdNextGatewayOrder();
    const first = c.confirmRaw(body, key);
    await held.reached;
    const orderId = await waitForOrderOf(cart.cartId);
    expect(await available(who.userId)).toBe(0); // the wallet part is held for the order

    // the process dies here: its lease stops being renewed (another holder's claim, long lapsed), and by
    // the time anyone retries, the order has waited longer than a living confirm would leave it
    await t.database.db.execute(
      sql`update idempotency_keys set holder = 'dead-process', lease_until = now() - interval '1 second'
          where key = ${key}`,
    );
    await t.database.db.execute(
      sql`update orders set created_at = created_at - interval '11 seconds' where id = ${orderId}`,
    );

    const retried = parse(await c.confirmRaw(body, key));
    expect(retried).toMatchObject({ orderId, nextAction: 'PROCESS_PAYMENT', walletPaise: WALLET });
    expect(await ordersOf(cart.cartId)).toEqual([{ id: orderId, status: 'payment_pending' }]);

    // the "dead" confirm wakes after all: it finds the same gateway order, and its answer is not stored
    held.release();
    const late = parse(await first);
    expect(late.orderId).toBe(orderId);
    expect(gatewayOrderIdOf(late)).toBe(gatewayOrderIdOf(retried));
    expect(await count(t, sql`select count(*) as n from pg_orders where receipt = ${orderId}`)).toBe(1);
    const replay = await c.confirmRaw(body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(parse(replay)).toEqual(retried);

    // abandoned at the card page: the reconciler fails it after the timeout and the wallet comes back
    await t.app.deps.orders.reconcile(afterTimeout());
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    expect(await available(who.userId)).toBe(WALLET);
    // and the customer orders the cart again
    const again = parse(await c.confirmRaw(body));
    expect(again.orderId).not.toBe(orderId);
    expect(again).toMatchObject({ nextAction: 'PROCESS_PAYMENT', walletPaise: WALLET });
  });
});

describe('the reconciler', () => {
  it('fails an orphan (its confirm died before the gateway order): wallet back, cart free, a late finish changes nothing', async () => {
    const { who, c, cart, body } = await walletCustomer();
    const held = holdNextGatewayOrder();
    const stuck = c.confirmRaw(body);
    await held.reached;
    const orphan = await waitForOrderOf(cart.cartId);

    // before the timeout nothing happens to it
    await t.app.deps.orders.reconcile(Date.now());
    expect(await orderRow(t, orphan)).toMatchObject({ status: 'payment_pending', state: 'created' });

    await t.app.deps.orders.reconcile(afterTimeout());
    expect(await orderRow(t, orphan)).toMatchObject({ status: 'failed', state: 'failed' });
    const [failure] = await rows<{ failure_code: string }>(
      t,
      sql`select failure_code from payments where order_id = ${orphan}`,
    );
    expect(failure!.failure_code).toBe('ORPHANED');
    expect(await available(who.userId)).toBe(WALLET);

    const again = parse(await c.confirmRaw(body));
    expect(again).toMatchObject({ nextAction: 'PROCESS_PAYMENT', walletPaise: WALLET });
    expect(again.orderId).not.toBe(orphan);

    // the stuck confirm finishes at last: its order stays failed, and it says so
    held.release();
    const late = json<{ status: string; errors?: { code: string }[] }>(await stuck);
    expect(late).toMatchObject({ status: 'FAILED', errors: [{ code: 'PAYMENT_FAILED' }] });
    expect(await orderRow(t, orphan)).toMatchObject({ status: 'failed', state: 'failed' });
    expect((await ordersOf(cart.cartId)).map((o) => o.status)).toEqual(['failed', 'payment_pending']);
    expect(await available(who.userId)).toBe(0); // held again, for the new order only
  });

  it('with 350 payments due ahead of it, gives an abandoned order’s wallet money back in one pass', async () => {
    // 300 cash orders waiting for their COD codes (due, but with 15 minutes to be entered) and 50 refunds the
    // gateway cannot make, all older than the abandoned order: a reconciler taking the oldest 100 never
    // reached it until the codes lapsed
    const template = await newGuest(t);
    const tc = orderClient(t, template);
    const cod = ok(await tc.confirm(tc.body(await tc.cart())));
    expect(cod.nextAction).toBe('COD_OTP');
    const batch = randomUUID().slice(0, 8);
    await t.database.db.execute(sql`
      insert into orders (id, transaction_id, number, owner_id, cart_id, cart_version, store_id, delivery_type,
                          status, snapshot, total_paise, amount_paise, primary_payment_id, mobile,
                          user_details, address, deliver_to, code_hash, code_sent_at, created_at, updated_at)
      select ${`Q${batch}`} || g, ${`T${batch}`} || g, 1000000 + g, owner_id, ${`cart${batch}`} || g,
             cart_version, store_id, delivery_type, 'payment_pending', snapshot, total_paise, amount_paise,
             primary_payment_id, mobile, user_details, address, deliver_to, code_hash, code_sent_at,
             now() - interval '5 minutes', now() - interval '5 minutes'
        from orders, generate_series(1, 350) g
       where id = ${cod.orderId}`);
    await t.database.db.execute(sql`
      insert into payments (order_id, method, state, created_at, updated_at)
      select ${`Q${batch}`} || g, 'CASH', case when g <= 300 then 'created' else 'refund_pending' end,
             now() - interval '6 minutes' + g * interval '1 millisecond',
             now() - interval '6 minutes' + g * interval '1 millisecond'
        from generate_series(1, 350) g`);

    const { who, c, body } = await walletCustomer();
    const abandoned = parse(await c.confirmRaw(body));
    expect(abandoned.nextAction).toBe('PROCESS_PAYMENT');
    expect(await available(who.userId)).toBe(0);

    // no payment is given up on for being slow (the real 5 s bound is for a gateway, not for a busy machine)
    const due = await t.app.deps.orders.reconcile(afterTimeout(), {
      deadline: () => new Promise<never>(() => {}),
    });
    expect(due).toBeGreaterThanOrEqual(351);
    expect(await orderRow(t, abandoned.orderId)).toMatchObject({ status: 'failed', state: 'failed' });
    expect(await available(who.userId)).toBe(WALLET);
    // the codes still have their time: none of those orders was touched
    const waiting = await count(
      t,
      sql`select count(*) as n from orders o join payments p on p.order_id = o.id
           where o.id like ${`Q${batch}%`} and o.status = 'payment_pending' and p.version = 0`,
    );
    expect(waiting).toBe(350);
  });

  it('does not wait on a gateway that does not answer: the pass moves on and settles the rest', async () => {
    const slow = await walletCustomer();
    const slowOrder = parse(await slow.c.confirmRaw(slow.body));
    const quick = await walletCustomer();
    const quickOrder = parse(await quick.c.confirmRaw(quick.body));
    const stuckId = gatewayOrderIdOf(slowOrder);

    const gateway = t.gateway;
    const real = gateway.paymentsOf.bind(gateway);
    const answer = gate();
    const asking = gate();
    vi.spyOn(gateway, 'paymentsOf').mockImplementation(async (id) => {
      if (id === stuckId) {
        asking.open();
        await answer.opened;
      }
      return real(id);
    });
    // the bound runs out for the stuck payment once its question is out, and never for the others: "slower than
    // the bound" is decided by that event, not by a real 200 ms that a busy machine's quick answers could exceed
    const bound = {
      parallel: 1,
      deadline: (orderId: string) =>
        orderId === slowOrder.orderId ? asking.opened : new Promise<never>(() => {}),
    };

    // one payment at a time, so without the bound the stuck answer would hold everything behind it
    await t.app.deps.orders.reconcile(afterTimeout(), bound);
    expect(await orderRow(t, quickOrder.orderId)).toMatchObject({ status: 'failed' });
    expect(await available(quick.who.userId)).toBe(WALLET);
    expect(await orderRow(t, slowOrder.orderId)).toMatchObject({ status: 'payment_pending' });

    // a second pass does not ask again while the first question is still out
    const asked = vi.mocked(gateway.paymentsOf).mock.calls.filter(([id]) => id === stuckId).length;
    await t.app.deps.orders.reconcile(afterTimeout(), bound);
    expect(vi.mocked(gateway.paymentsOf).mock.calls.filter(([id]) => id === stuckId)).toHaveLength(asked);

    // the gateway answers at last: the payment it was asked about is settled by that same question
    answer.open();
    await expect.poll(async () => (await orderRow(t, slowOrder.orderId)).status).toBe('failed');
    expect(await available(slow.who.userId)).toBe(WALLET);
  });
});
