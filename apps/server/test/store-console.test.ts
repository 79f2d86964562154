import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { MESSAGES, rewriteOfflineMessage } from '@crust/domain/messages';
import { WalletService } from '../src/modules/wallet/service.ts';
import { LIFECYCLE_TEXTS } from '../src/modules/orders/lifecycle.ts';
import { CONSOLE_TEXTS } from '../src/modules/store-console/service.ts';
import { json } from './helpers.ts';
import { FARMHOUSE, SIZE, pizza } from './cart-support.ts';
import {
  checkout,
  createOrderApp,
  customers,
  expectWalletConsistent,
  newGuest,
  ok,
  orderClient,
  orderRow,
  rows,
} from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { chainAdmin, placeCash, readTracker, storeStaff } from './tracking-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { placeByCard } = checkout(() => t);
const newCustomer = customers(() => t);
const errorOf = (res: { body: string }) =>
  json<{ errors: { code: string; displayMsg: string }[] }>(res).errors[0]!;

describe('staff login', () => {
  it('answers the same refusal for a wrong password and an unknown username', async () => {
    for (const payload of [
      { username: 'store1001', password: 'wrong-password' },
      { username: 'nobody-here', password: 'pizza1001' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: CONSOLE_PATHS.staffLogin, payload });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'INVALID_CREDENTIALS', displayMsg: CONSOLE_TEXTS.badLogin });
    }
  });

  it('a store login sees its own store; the chain admin sees every store', async () => {
    const staff = await storeStaff(t, 1001);
    expect(staff.session.staff).toMatchObject({ role: 'MANAGER', storeId: 1001 });
    expect(staff.session.stores.map((s) => s.id)).toEqual([1001]);
    const admin = await chainAdmin(t);
    expect(admin.session.staff).toMatchObject({ role: 'ADMIN', storeId: null });
    expect(admin.session.stores.length).toBeGreaterThan(10);
  });

  it('refuses calls without a staff token, with a tampered one, and with a customer token', async () => {
    const url = fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1001 });
    const staff = await storeStaff(t, 1001);
    const tampered = staff.headers.authorization.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const guest = await newGuest(t);
    for (const headers of [{}, { authorization: tampered }, guest.headers]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('the live queue', () => {
  it('shows a paid order with its items, type, payment and masked mobile', async () => {
    const placed = await placeCash(t);
    const staff = await storeStaff(t, 1001);
    const queue = await staff.queue(1001);
    const order = queue.orders.find((o) => o.id === placed.orderId)!;
    expect(order).toMatchObject({
      stage: 'CONFIRMED',
      next: 'BEING_BAKED',
      deliveryType: 'D',
      customerName: 'Asha Verma',
      payment: { method: 'Cash on delivery', toCollectPaise: placed.price },
      totalPaise: placed.price,
    });
    expect(order.mobile).toMatch(/^\d\dx{6}\d\d$/);
    expect(order.items.map((i) => i.name)).toContain('Farmhouse');
    expect(queue.eventsUrl).toMatch(/\/events\?key=/);
  });

  it('moves an order one stage at a time, needs a rider to dispatch, and records every stage', async () => {
    const placed = await placeCash(t);
    const staff = await storeStaff(t, 1001);
    expect((await staff.move(placed.orderId, 'BEING_BAKED')).next).toBe('DISPATCHED');
    const noRider = await staff.moveRaw(placed.orderId, 'DISPATCHED');
    expect(noRider.statusCode).toBe(400);
    expect(errorOf(noRider).displayMsg).toBe(LIFECYCLE_TEXTS.riderRequired);
    expect(await staff.move(placed.orderId, 'DISPATCHED', 'Ravi')).toMatchObject({
      riderName: 'Ravi',
      next: 'DELIVERED',
    });
    // a stale screen asking for a stage already passed, or a jump, is refused
    expect((await staff.moveRaw(placed.orderId, 'BEING_BAKED')).statusCode).toBe(409);
    expect((await staff.moveRaw(placed.orderId, 'PICKED_UP')).statusCode).toBe(409);
    const done = await staff.move(placed.orderId, 'DELIVERED');
    expect(done).toMatchObject({ stage: 'DELIVERED', next: null });
    expect((await staff.moveRaw(placed.orderId, 'CANCELLED')).statusCode).toBe(409);
    const events = await rows<{ stage: string; staff_id: string | null }>(
      t,
      sql`select stage, staff_id from order_stage_events where order_id = ${placed.orderId} order by id`,
    );
    expect(events.map((e) => e.stage)).toEqual(['CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'DELIVERED']);
    expect(events.slice(1).every((e) => e.staff_id === 'S1001')).toBe(true);
    expect((await staff.queue(1001)).orders.some((o) => o.id === placed.orderId)).toBe(false);
    expect((await staff.queue(1001, 'done')).orders.some((o) => o.id === placed.orderId)).toBe(true);
  });

  it('takeaway ends picked up, through ready', async () => {
    const placed = await placeCash(t, { details: { deliveryType: 'T', address: null } });
    const staff = await storeStaff(t, 1001);
    await staff.move(placed.orderId, 'BEING_BAKED');
    expect((await staff.move(placed.orderId, 'READY')).next).toBe('PICKED_UP');
    expect((await staff.move(placed.orderId, 'PICKED_UP')).stage).toBe('PICKED_UP');
  });

  it('ten staff tapping "next" at once move the order once', async () => {
    const placed = await placeCash(t);
    const staff = await storeStaff(t, 1001);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => staff.moveRaw(placed.orderId, 'BEING_BAKED')),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const events = await rows(t, sql`select 1 from order_stage_events where order_id = ${placed.orderId}`);
    expect(events).toHaveLength(2);
  });
});

describe("staff cannot see or touch another store's orders", () => {
  it('answers 404 for another store queue, order, stock and online switch', async () => {
    const placed = await placeCash(t);
    const other = await storeStaff(t, 3001);
    const forbidden = [
      other.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1001 })),
      other.call('GET', fillPath(CONSOLE_PATHS.consoleProducts, { storeId: 1001 })),
      other.call('POST', fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 1001 }), { online: false }),
      other.call('POST', fillPath(CONSOLE_PATHS.consoleProduct, { storeId: 1001, productCode: FARMHOUSE }), {
        inStock: false,
      }),
      other.moveRaw(placed.orderId, 'BEING_BAKED'),
      other.cancelRaw(placed.orderId, 'not ours'),
    ];
    for (const res of await Promise.all(forbidden)) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).displayMsg).toBe(CONSOLE_TEXTS.notYours);
    }
    expect((await other.queue(3001)).orders.some((o) => o.id === placed.orderId)).toBe(false);
    const [row] = await rows<{ stage: string }>(
      t,
      sql`select stage from orders where id = ${placed.orderId}`,
    );
    expect(row!.stage).toBe('CONFIRMED');
  });

  it('the chain admin may work any store', async () => {
    const placed = await placeCash(t);
    const admin = await chainAdmin(t);
    expect((await admin.move(placed.orderId, 'BEING_BAKED')).stage).toBe('BEING_BAKED');
  });
});

describe('a curbside order on the queue', () => {
  it('names the bay the car waits in, with the car', async () => {
    const c = orderClient(t, await newGuest(t, 1001, 'CURB'));
    const cart = await c.cart();
    const details = { vehicleDetails: { number: 'DL3CAB1234', colour: 'Red' }, stationId: 2 };
    const placed = await placeByCard(c, c.body(cart, { primaryPaymentId: 'CC' }, details));
    const staff = await storeStaff(t, 1001);
    const card = (await staff.queue(1001)).orders.find((o) => o.id === placed.orderId);
    expect(card).toMatchObject({ deliveryType: 'CURB', deliverTo: 'Bay 2 · DL3CAB1234 · Red' });
  });
});

describe('cancelling', () => {
  it('gives a card payment back through the gateway and the wallet part back to the wallet', async () => {
    const who = await newCustomer();
    await new WalletService(t.database.db).credit(who.userId, 10_000, `test-topup-${who.userId}`);
    const c = orderClient(t, who);
    const cart = await c.cart([pizza(FARMHOUSE, SIZE.L)]);
    const placed = await placeByCard(
      c,
      c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' }),
    );
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(0);
    const staff = await storeStaff(t, 1001);
    const res = await staff.cancelRaw(placed.orderId, 'Oven broke down');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({
      stage: 'CANCELLED',
      status: 'CANCELLED',
      cancelReason: 'Oven broke down',
    });
    const row = await orderRow(t, placed.orderId);
    expect(row).toMatchObject({ status: 'cancelled', state: 'refunded' });
    expect(row.refund_id).toBeTruthy();
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(10_000);
    await expectWalletConsistent(t, who.userId);
    // a second cancel changes nothing
    expect((await staff.cancelRaw(placed.orderId, 'Oven broke down')).statusCode).toBe(409);
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(10_000);
    const tracker = await readTracker(t, placed.orderId, { headers: who.headers });
    expect(tracker).toMatchObject({
      status: 'CANCELLED',
      label: 'CANCELLED',
      cancelReason: 'Oven broke down',
    });
  });

  it("an e-voucher order's spend goes back onto the voucher", async () => {
    const balance = async () =>
      Number(
        (
          await rows<{ b: number }>(
            t,
            sql`select balance_paise as b from vouchers where code = 'EVCRUST2000'`,
          )
        )[0]!.b,
      );
    const before = await balance();
    const c = orderClient(t, await newGuest(t));
    const cart = await c.cart();
    const placed = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'EVOUCHER', instrumentDetails: { evoucherCode: 'EVCRUST2000' } }),
      ),
    );
    expect(ok(await c.code(placed.orderId, { code: '8642' })).nextAction).toBe('THANKYOU');
    expect(await balance()).toBe(before - cart.price);
    const staff = await storeStaff(t, 1001);
    expect((await staff.cancelRaw(placed.orderId, 'Store closing early')).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    expect((await staff.cancelRaw(placed.orderId, 'Store closing early')).statusCode).toBe(409);
    expect(await balance()).toBe(before);
  });

  it('a cash order is cancelled with nothing to refund', async () => {
    const placed = await placeCash(t);
    const staff = await storeStaff(t, 1001);
    expect((await staff.cancelRaw(placed.orderId, 'Customer called to cancel')).statusCode).toBe(200);
    expect(await orderRow(t, placed.orderId)).toMatchObject({ status: 'cancelled', state: 'success' });
  });
});

describe('the store online switch and stock', () => {
  it('offline sends customers to the advance-order path at once; online again serves them', async () => {
    const staff = await storeStaff(t, 3001);
    const info = async () =>
      json(await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: { storeId: 3001 } }));
    const off = await staff.call('POST', fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 3001 }), {
      online: false,
    });
    expect(off.statusCode).toBe(200);
    expect(json(off).data).toMatchObject({ id: 3001, online: false });
    const offline = await info();
    expect(offline.data.online).toBe(0);
    // the app shows any offline message as SPEC §8 "Store is currently offline, browse menu or book an advance order"
    expect(rewriteOfflineMessage(offline.errors[0].displayMsg)).toBe(MESSAGES.storeOfflineAdvance);
    await staff.call('POST', fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 3001 }), { online: true });
    expect((await info()).data.online).toBe(1);
  });

  it('out of stock shows on the menu and refuses the item in carts; back in stock sells again', async () => {
    const staff = await storeStaff(t, 1001);
    const url = fillPath(CONSOLE_PATHS.consoleProduct, { storeId: 1001, productCode: FARMHOUSE });
    const out = await staff.call('POST', url, { inStock: false });
    expect(out.statusCode).toBe(200);
    expect(json(out).data.find((p: { code: string }) => p.code === FARMHOUSE)).toMatchObject({
      inStock: false,
    });
    const c = orderClient(t, await newGuest(t));
    const refused = await c.carts.create([pizza(FARMHOUSE, SIZE.M)]);
    expect(JSON.stringify(refused)).toContain(MESSAGES.outOfStock);
    await staff.call('POST', url, { inStock: true });
    expect((await c.cart([pizza(FARMHOUSE, SIZE.M)])).cartId).toBeTruthy();
  });
});
