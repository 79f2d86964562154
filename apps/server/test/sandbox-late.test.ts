import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletService } from '../src/modules/wallet/service.ts';
import { json } from './helpers.ts';
import { createOrderApp, customers } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const newCustomer = customers(() => t);
const late = (orderId: string, minutes: number) =>
  t.app.inject({ method: 'POST', url: `/sandbox/orders/${orderId}/late`, payload: { minutes } });

describe('POST /sandbox/orders/:orderId/late', () => {
  it('makes the delivery late, so the guarantee credits the wallet (the browser tests’ late-delivery credit)', async () => {
    const who = await newCustomer();
    const placed = await placeCash(t, { who });
    const res = await late(placed.orderId, 5);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ status: 'SUCCESS' });
    const staff = await storeStaff(t, 1001);
    await staff.move(placed.orderId, 'BEING_BAKED');
    await staff.move(placed.orderId, 'DISPATCHED', 'Ravi');
    await staff.move(placed.orderId, 'DELIVERED');
    expect(await new WalletService(t.database.db).balance(who.userId)).toBe(Math.min(placed.price, 30_000));
    // delivered: nothing left to make late
    expect((await late(placed.orderId, 5)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown order and 400 for a bad body', async () => {
    expect((await late('O0000000000000000000F', 5)).statusCode).toBe(404);
    const placed = await placeCash(t, { who: await newCustomer() });
    for (const minutes of [0, 601, 1.5]) expect((await late(placed.orderId, minutes)).statusCode).toBe(400);
  });
});
