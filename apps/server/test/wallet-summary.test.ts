import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { WalletService } from '../src/modules/wallet/service.ts';
import { json } from './helpers.ts';
import { createOrderApp, customers, newGuest } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/** Issue 15 §2: the wallet summary (Promo and Refund Points, Pizza Pals) and its paged ledger. */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const newCustomer = customers(() => t);
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the wallet', () => {
  it('is for customers only', async () => {
    const guest = await newGuest(t);
    expect((await get(API_PATHS.walletSummary, guest.headers)).statusCode).toBe(403);
    expect((await get(API_PATHS.walletLedger, guest.headers)).statusCode).toBe(403);
  });

  it('sums up what can be paid: credits spent before refunds, loyalty points beside', async () => {
    const who = await newCustomer();
    const wallet = new WalletService(t.database.db);
    await wallet.credit(who.userId, 5000, 'guarantee:ORD1');
    await wallet.refund(who.userId, 3000, 'cancel:ORD2');
    await wallet.hold(who.userId, 6000, 'order:ORD3');
    await wallet.captureHold(who.userId, 'order:ORD3');
    const res = await get(API_PATHS.walletSummary, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({
      totalBalance: 2000,
      loyaltyProgram: { code: 'POTP2', points: 0 },
      entries: [
        { title: 'Pizza Pals Points', amount: 0 },
        { title: 'Promo Points', amount: 0 },
        { title: 'Refund Points', amount: 2000 },
      ],
    });
    const ledger = json(await get(API_PATHS.walletLedger, who.headers)).data;
    expect(
      ledger.entries.map((e: { title: string; orderId: string | null; amountPaise: number }) => [
        e.title,
        e.orderId,
        e.amountPaise,
      ]),
    ).toEqual([
      ['Paid for an order', 'ORD3', 6000],
      ['Refund for a cancelled order', 'ORD2', 3000],
      ['Late delivery credit', 'ORD1', 5000],
    ]);
    expect(ledger.hasNext).toBe(false);
  });

  it('pages the ledger 20 at a time, newest first, and keeps one IST day when asked', async () => {
    const who = await newCustomer();
    const wallet = new WalletService(t.database.db);
    for (let i = 1; i <= 45; i++) await wallet.credit(who.userId, 100 * i, `promo-${i}`);
    const page = async (pageNo: number, headers: Record<string, string> = {}) =>
      json(await get(`${API_PATHS.walletLedger}?pageNo=${pageNo}`, { ...who.headers, ...headers })).data;
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect([one.entries.length, two.entries.length, three.entries.length]).toEqual([20, 20, 5]);
    expect([one.hasNext, two.hasNext, three.hasNext]).toEqual([true, true, false]);
    expect(one.entries[0].amountPaise).toBe(4500);
    expect(three.entries.at(-1).amountPaise).toBe(100);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect((await page(1, { transactiondate: today })).entries).toHaveLength(20);
    expect((await page(1, { transactiondate: '2001-01-01' })).entries).toHaveLength(0);
    const bad = await get(API_PATHS.walletLedger, { ...who.headers, transactiondate: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect((await get(`${API_PATHS.walletLedger}?pageNo=501`, who.headers)).statusCode).toBe(400);
  });

  it('refuses a transactiondate that is no day (issue 28 §8) with a 400 naming the header, and takes a leap day', async () => {
    const who = await newCustomer();
    await new WalletService(t.database.db).credit(who.userId, 100, 'promo-leap');
    for (const transactiondate of ['2026-13-45', '2026-02-30', '2026-02-29', '2026-04-31']) {
      const res = await get(API_PATHS.walletLedger, { ...who.headers, transactiondate });
      expect(res.statusCode, `${transactiondate}: ${res.body}`).toBe(400);
      expect(json(res)).toEqual({
        status: 'FAILED',
        errors: [
          expect.objectContaining({
            code: 'BAD_REQUEST',
            field: 'headers.transactiondate',
            displayMsg: 'The transactiondate header must be a real date as YYYY-MM-DD, like 2026-11-26',
          }),
        ],
      });
    }
    const leap = await get(API_PATHS.walletLedger, { ...who.headers, transactiondate: '2028-02-29' });
    expect(leap.statusCode, leap.body).toBe(200);
    expect(json(leap).data.entries).toEqual([]);
  });

  it("shows only the caller's own entries", async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    await new WalletService(t.database.db).credit(a.userId, 700, 'promo-a');
    expect(json(await get(API_PATHS.walletLedger, b.headers)).data.entries).toEqual([]);
    expect(json(await get(API_PATHS.walletSummary, b.headers)).data.totalBalance).toBe(0);
  });
});
