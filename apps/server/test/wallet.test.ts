import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletBalance } from '@crust/domain/wallet-ledger';
import { customers } from '../src/db/schema.ts';
import { WalletService, type WalletOutcome } from '../src/modules/wallet/service.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let t: TestDatabase;
let wallet: WalletService;
beforeAll(async () => {
  t = await freshDatabase();
  wallet = new WalletService(t.database.db);
});
afterAll(() => t.drop());

let mobiles = 0;
async function newCustomer(): Promise<string> {
  const id = `U${randomBytes(8).toString('hex')}`;
  mobiles += 1;
  await t.database.db.insert(customers).values({ id, mobile: `9${String(mobiles).padStart(9, '0')}` });
  return id;
}

/** The cached balance is the ledger's available balance, and never below zero. */
async function expectConsistent(customerId: string) {
  const cached = await wallet.balance(customerId);
  const folded = walletBalance(await wallet.ledger(customerId));
  expect(cached).toBe(folded.available);
  expect(cached).toBeGreaterThanOrEqual(0);
  return folded;
}

const oks = (outcomes: WalletOutcome[]) => outcomes.filter((o) => o.ok);

describe('wallet', () => {
  it('starts at 0 and refuses amounts that are not whole positive paise', async () => {
    const c = await newCustomer();
    expect(await wallet.balance(c)).toBe(0);
    for (const bad of [0, -100, 1.5, Number.NaN, 2 ** 31])
      expect(await wallet.credit(c, bad, 'bad')).toEqual({ ok: false, reason: 'INVALID_AMOUNT' });
    expect(await wallet.hold(c, 0, 'bad')).toEqual({ ok: false, reason: 'INVALID_AMOUNT' });
    expect(await wallet.ledger(c)).toEqual([]);
  });

  it('lets exactly one of two holds racing for a balance that covers one through', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 50_000, 'topup-1');
    const both = await Promise.all([wallet.hold(c, 40_000, 'order-a'), wallet.hold(c, 40_000, 'order-b')]);
    expect(oks(both)).toHaveLength(1);
    expect(both.filter((o) => !o.ok)).toEqual([{ ok: false, reason: 'INSUFFICIENT_BALANCE' }]);
    expect(await wallet.balance(c)).toBe(10_000);
    await expectConsistent(c);
  });

  it('holds no more than the balance when many holds race', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 100_000, 'topup');
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => wallet.hold(c, 15_000, `order-${i}`)));
    expect(oks(all)).toHaveLength(6);
    expect(await wallet.balance(c)).toBe(10_000);
    expect((await expectConsistent(c)).held).toBe(90_000);
  });

  it('makes one credit of 20 parallel identical credits with one ref', async () => {
    const c = await newCustomer();
    const all = await Promise.all(Array.from({ length: 20 }, () => wallet.credit(c, 7_500, 'promo-diwali')));
    expect(all.every((o) => o.ok)).toBe(true);
    expect(all.filter((o) => o.ok && !o.replayed)).toHaveLength(1);
    expect(new Set(all.map((o) => (o.ok ? o.entry.id : 0))).size).toBe(1);
    expect(await wallet.balance(c)).toBe(7_500);
    expect(await wallet.ledger(c)).toHaveLength(1);
    // the ref with another amount is another operation: refused
    expect(await wallet.credit(c, 9_900, 'promo-diwali')).toEqual({ ok: false, reason: 'REF_IN_USE' });
    await expectConsistent(c);
  });

  it('refunds once per ref', async () => {
    const c = await newCustomer();
    const all = await Promise.all(Array.from({ length: 5 }, () => wallet.refund(c, 12_300, 'rfnd-1')));
    expect(all.filter((o) => o.ok && !o.replayed)).toHaveLength(1);
    expect(await wallet.balance(c)).toBe(12_300);
    await expectConsistent(c);
  });

  it('releases a hold once, however often it is asked', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 30_000, 'topup');
    expect(await wallet.hold(c, 20_000, 'order-1')).toMatchObject({ ok: true, replayed: false });
    expect(await wallet.hold(c, 20_000, 'order-1')).toMatchObject({ ok: true, replayed: true });
    expect(await wallet.balance(c)).toBe(10_000);
    const first = await wallet.releaseHold(c, 'order-1');
    const second = await wallet.releaseHold(c, 'order-1');
    expect(first).toMatchObject({
      ok: true,
      replayed: false,
      entry: { kind: 'release', amountPaise: 20_000 },
    });
    expect(second).toMatchObject({ ok: true, replayed: true });
    const racing = await Promise.all(Array.from({ length: 5 }, () => wallet.releaseHold(c, 'order-1')));
    expect(racing.every((o) => o.ok && o.replayed)).toBe(true);
    expect(await wallet.balance(c)).toBe(30_000);
    expect((await wallet.ledger(c)).filter((e) => e.kind === 'release')).toHaveLength(1);
    await expectConsistent(c);
  });

  it('captures a hold as a debit without changing the balance, and then refuses to release it', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 30_000, 'topup');
    await wallet.hold(c, 12_000, 'order-2');
    expect(await wallet.balance(c)).toBe(18_000);
    expect(await wallet.captureHold(c, 'order-2')).toMatchObject({
      ok: true,
      replayed: false,
      entry: { kind: 'debit', amountPaise: 12_000, ref: 'order-2' },
    });
    expect(await wallet.balance(c)).toBe(18_000);
    expect(await wallet.captureHold(c, 'order-2')).toMatchObject({ ok: true, replayed: true });
    expect(await wallet.releaseHold(c, 'order-2')).toEqual({ ok: false, reason: 'ALREADY_CAPTURED' });
    expect(await wallet.balance(c)).toBe(18_000);
    const folded = await expectConsistent(c);
    expect(folded).toEqual({ total: 18_000, held: 0, available: 18_000 });
  });

  it('refuses to capture a released hold, and to close a hold that was never made', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 5_000, 'topup');
    await wallet.hold(c, 5_000, 'order-3');
    await wallet.releaseHold(c, 'order-3');
    expect(await wallet.captureHold(c, 'order-3')).toEqual({ ok: false, reason: 'ALREADY_RELEASED' });
    expect(await wallet.captureHold(c, 'nope')).toEqual({ ok: false, reason: 'NO_HOLD' });
    expect(await wallet.releaseHold(c, 'nope')).toEqual({ ok: false, reason: 'NO_HOLD' });
    expect(await wallet.balance(c)).toBe(5_000);
    await expectConsistent(c);
  });

  it('closes a hold once when capture and release race', async () => {
    const c = await newCustomer();
    await wallet.credit(c, 10_000, 'topup');
    await wallet.hold(c, 8_000, 'order-4');
    const raced = await Promise.all([
      wallet.captureHold(c, 'order-4'),
      wallet.releaseHold(c, 'order-4'),
      wallet.captureHold(c, 'order-4'),
      wallet.releaseHold(c, 'order-4'),
    ]);
    const won = raced.filter((o) => o.ok && !o.replayed);
    expect(won).toHaveLength(1);
    const closes = (await wallet.ledger(c)).filter((e) => e.kind === 'debit' || e.kind === 'release');
    expect(closes).toHaveLength(1);
    expect(await wallet.balance(c)).toBe(closes[0]!.kind === 'debit' ? 2_000 : 10_000);
    await expectConsistent(c);
  });

  it('keeps the balance equal to the ledger after any mix of operations, sequential or racing', async () => {
    const ref = fc.constantFrom('r1', 'r2', 'r3', 'r4');
    const amount = fc.integer({ min: 1, max: 20_000 });
    const op = fc.oneof(
      fc.record({ op: fc.constant('credit' as const), amount, ref }),
      fc.record({ op: fc.constant('refund' as const), amount, ref }),
      fc.record({ op: fc.constant('hold' as const), amount, ref }),
      fc.record({ op: fc.constant('capture' as const), ref }),
      fc.record({ op: fc.constant('release' as const), ref }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const run = (c: string, o: Op): Promise<WalletOutcome> => {
      switch (o.op) {
        case 'credit':
          return wallet.credit(c, o.amount, o.ref);
        case 'refund':
          return wallet.refund(c, o.amount, o.ref);
        case 'hold':
          return wallet.hold(c, o.amount, o.ref);
        case 'capture':
          return wallet.captureHold(c, o.ref);
        case 'release':
          return wallet.releaseHold(c, o.ref);
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        async (batches) => {
          const c = await newCustomer();
          for (const batch of batches) {
            // each batch races; the batches follow each other
            await Promise.all(batch.map((o) => run(c, o)));
            await expectConsistent(c);
          }
          const entries = await wallet.ledger(c);
          // once per (kind, ref), and a hold closed at most once
          expect(new Set(entries.map((e) => `${e.kind}:${e.ref}`)).size).toBe(entries.length);
          for (const r of ['r1', 'r2', 'r3', 'r4'])
            expect(
              entries.filter((e) => e.ref === r && (e.kind === 'debit' || e.kind === 'release')).length,
            ).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 15 },
    );
  });
});
