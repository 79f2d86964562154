import { describe, expect, it } from 'vitest';
import type { DeliveryType } from '../src/delivery-types.ts';
import { paise, rupees } from '../src/money.ts';
import {
  checkCombination,
  checkWalletSplit,
  needsPaymentNavigation,
  paymentModeAfterWallet,
  splitWithWallet,
  tipAfterWallet,
  walletUsable,
  type CombinationResult,
} from '../src/payment-combinations.ts';
import type { PaymentType } from '../src/payment-types.ts';

const WALLET_WITH_CASH: CombinationResult = { ok: false, error: "Wallet can't be chosen with CASH OR EGV" };
const NOT_WITH_WALLET: CombinationResult = {
  ok: false,
  error: 'This Payment Option is not compatible with the wallet',
};
const EV_REFUSED: CombinationResult = {
  ok: false,
  error: 'Payment by eVouchers is not allowed with Every Day Value items OR Coupons',
};
const OK: CombinationResult = { ok: true };

describe('walletUsable: not hidden, money in it, not a train order, not a mini-app, no restricting promo', () => {
  const usable = {
    hiddenForWallets: false,
    balancePaise: rupees(100),
    deliveryType: 'D' as DeliveryType,
    miniApp: false,
    explicitPromoRestrictsPayment: false,
  };
  it.each<[string, Partial<typeof usable>, boolean]>([
    ['everything allows it', {}, true],
    ['a paisa in the wallet', { balancePaise: paise(1) }, true],
    ['takeaway', { deliveryType: 'T' }, true],
    ['hidden by remote config', { hiddenForWallets: true }, false],
    ['an empty wallet', { balancePaise: paise(0) }, false],
    ['a negative balance', { balancePaise: paise(-100) }, false],
    ['a train order', { deliveryType: 'IRCTC' }, false],
    ['a mini-app', { miniApp: true }, false],
    ['a promo restricting payment options', { explicitPromoRestrictsPayment: true }, false],
  ])('%s → %s', (_, overrides, expected) => {
    expect(walletUsable({ ...usable, ...overrides })).toBe(expected);
  });
});

describe('checkCombination: the wallet not with CASH or EVOUCHER; EVOUCHER not with EDV items or coupons', () => {
  it.each<
    [boolean, PaymentType | null, boolean, boolean, 'wallet' | 'primary' | undefined, CombinationResult]
  >([
    [true, 'CASH', false, false, undefined, WALLET_WITH_CASH],
    [true, 'EVOUCHER', false, false, undefined, WALLET_WITH_CASH],
    [true, 'CASH', false, false, 'wallet', WALLET_WITH_CASH],
    [true, 'CASH', false, false, 'primary', NOT_WITH_WALLET],
    [true, 'EVOUCHER', false, false, 'primary', NOT_WITH_WALLET],
    // the wallet conflict is reported before the e-voucher one
    [true, 'EVOUCHER', true, true, undefined, WALLET_WITH_CASH],
    [true, 'CC', true, true, undefined, OK],
    [true, 'UPI_WALLET', false, false, 'primary', OK],
    [true, null, false, false, undefined, OK],
    [false, 'CASH', true, true, undefined, OK],
    [false, 'EVOUCHER', false, false, undefined, OK],
    [false, 'EVOUCHER', true, false, undefined, EV_REFUSED],
    [false, 'EVOUCHER', false, true, undefined, EV_REFUSED],
    [false, 'EVOUCHER', true, true, 'primary', EV_REFUSED],
    [false, null, true, true, undefined, OK],
  ])(
    'wallet %s + %s, EDV items %s, coupon %s, last chosen %s',
    (wallet, primary, hasEdvItems, hasCoupon, lastChosen, expected) => {
      expect(checkCombination({ wallet, primary, hasEdvItems, hasCoupon, lastChosen })).toEqual(expected);
    },
  );
});

describe('splitWithWallet: the wallet pays what it can, the rest goes to another method', () => {
  it.each<[number, number, number, number, boolean]>([
    [50_000, 20_000, 20_000, 30_000, false],
    [50_000, 50_000, 50_000, 0, true],
    [50_000, 80_000, 50_000, 0, true],
    [50_000, 0, 0, 50_000, false],
    [50_000, -500, 0, 50_000, false],
    [0, 10_000, 0, 0, true], // a zero price: the wallet covers it
    [1, 1, 1, 0, true],
  ])('total %d, balance %d → wallet %d, rest %d, wallet-only %s', (total, balance, wallet, rest, only) => {
    expect(splitWithWallet(paise(total), paise(balance))).toEqual({
      walletPaise: wallet,
      restPaise: rest,
      walletOnly: only,
    });
  });
});

describe('checkWalletSplit: a short wallet needs another method for the rest', () => {
  it.each<[number, number, PaymentType | null, CombinationResult]>([
    [
      50_000,
      20_000,
      null,
      { ok: false, error: 'Wallet balance insufficient: choose another method for the rest' },
    ],
    [50_000, 20_000, 'UPI_WALLET', OK],
    [50_000, 50_000, null, OK],
    [50_000, 90_000, null, OK],
  ])('total %d, balance %d, primary %s', (total, balance, primary, expected) => {
    expect(checkWalletSplit(splitWithWallet(paise(total), paise(balance)), primary)).toEqual(expected);
  });
});

describe('tipAfterWallet: no tip with the wallet on a delivery order in cash mode', () => {
  it.each<[boolean, DeliveryType, PaymentType | null, number]>([
    [true, 'D', 'CASH', 0],
    [true, 'D', 'CC', 2_000],
    [true, 'D', null, 2_000],
    [true, 'T', 'CASH', 2_000],
    [true, 'IRCTC', 'CASH', 2_000],
    [false, 'D', 'CASH', 2_000],
  ])('wallet %s, %s, %s → %d', (wallet, deliveryType, primary, tip) => {
    expect(tipAfterWallet({ tipPaise: rupees(20), wallet, deliveryType, primary })).toBe(tip);
  });
});

describe('paymentModeAfterWallet: choosing the wallet clears CASH', () => {
  it.each<[boolean, PaymentType | null, PaymentType | null]>([
    [true, 'CASH', null],
    [true, 'CC', 'CC'],
    [true, 'EVOUCHER', 'EVOUCHER'], // refused by checkCombination, not cleared
    [true, null, null],
    [false, 'CASH', 'CASH'],
  ])('wallet %s, %s → %s', (wallet, primary, expected) => {
    expect(paymentModeAfterWallet({ wallet, primary })).toBe(expected);
  });
});

describe('needsPaymentNavigation: a guest without a primary payment id, outside a mini-app', () => {
  it.each<[boolean, string | null, boolean, boolean]>([
    [false, null, false, true],
    [false, '', false, true],
    [false, 'pp-1', false, false],
    [false, null, true, false],
    [true, null, false, false],
    [true, 'pp-1', false, false],
  ])('logged in %s, primary id %j, mini-app %s → %s', (loggedIn, primaryPaymentId, miniApp, expected) => {
    expect(needsPaymentNavigation({ loggedIn, primaryPaymentId, miniApp })).toBe(expected);
  });
});
