import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paise } from '../src/money.ts';
import { checkWalletSplit, splitWithWallet, tipAfterWallet } from '../src/payment-combinations.ts';
import { PAYMENT_TYPES } from '../src/payment-types.ts';
import { DELIVERY_TYPES } from '../src/delivery-types.ts';

const money = fc.integer({ min: 0, max: 10_000_000 }).map(paise);

describe('wallet split (property)', () => {
  it('wallet + rest is the total, both ≥ 0, the wallet pays no more than its balance', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: -100_000, max: 10_000_000 }).map(paise), (total, balance) => {
        const { walletPaise, restPaise, walletOnly } = splitWithWallet(total, balance);
        expect(walletPaise + restPaise).toBe(total);
        expect(walletPaise).toBeGreaterThanOrEqual(0);
        expect(restPaise).toBeGreaterThanOrEqual(0);
        expect(walletPaise).toBeLessThanOrEqual(Math.max(0, balance));
        expect(Number.isSafeInteger(walletPaise) && Number.isSafeInteger(restPaise)).toBe(true);
        expect(walletOnly).toBe(restPaise === 0);
        expect(walletOnly).toBe(Math.max(0, balance) >= total);
        // the wallet is spent in full before another method pays anything
        if (restPaise > 0) expect(walletPaise).toBe(Math.max(0, balance));
      }),
    );
  });

  it('a split is acceptable exactly when the wallet covers it or a primary method pays the rest', () => {
    fc.assert(
      fc.property(
        money,
        money,
        fc.option(fc.constantFrom(...PAYMENT_TYPES), { nil: null }),
        (t, b, primary) => {
          const split = splitWithWallet(t, b);
          expect(checkWalletSplit(split, primary).ok).toBe(split.restPaise === 0 || primary !== null);
        },
      ),
    );
  });

  it('the tip is either kept or removed, never changed otherwise', () => {
    fc.assert(
      fc.property(
        money,
        fc.boolean(),
        fc.constantFrom(...DELIVERY_TYPES),
        fc.option(fc.constantFrom(...PAYMENT_TYPES), { nil: null }),
        (tipPaise, wallet, deliveryType, primary) => {
          const tip = tipAfterWallet({ tipPaise, wallet, deliveryType, primary });
          expect([0, tipPaise]).toContain(tip);
        },
      ),
    );
  });
});
