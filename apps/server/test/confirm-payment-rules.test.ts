import { describe, expect, it } from 'vitest';
import type { Cart } from '@crust/contract/cart';
import { MESSAGES } from '@crust/domain/messages';
import { paise } from '@crust/domain/money';
import { PROMO_PAYMENT_TEXTS } from '@crust/domain/promo-payment';
import { voucherPaying } from '../src/modules/orders/confirm/instrument-step.ts';
import { paymentChoiceOf, type PaymentChoice } from '../src/modules/orders/confirm/payment-choice.ts';
import { amountsOf, combinationRefusal } from '../src/modules/orders/confirm/payment-step.ts';
import { removePromoAnswer } from '../src/modules/orders/confirm/promo-step.ts';
import { walletRefusal } from '../src/modules/orders/confirm/wallet-step.ts';
import { fail } from '../src/modules/orders/fail.ts';
import { ORDER_TEXTS } from '../src/modules/orders/texts.ts';

/**
 * The confirm's rules of how an order is paid (orders/confirm/, SPEC §5 Payment combinations), in the order
 * confirm asks them: the coupon's condition, the wallet, the combination, the split, the instrument. Pure; the
 * journeys in orders*.test.ts and the gateway suites run them end to end.
 */
const choice = (primary: PaymentChoice['primary'], wallet = false, cardInitialDigits: string | null = null) =>
  ({ primary, wallet, walletNamed: wallet || primary === null, cardInitialDigits }) satisfies PaymentChoice;

describe('the payment details as confirm reads them', () => {
  it.each([
    ['a card', { primaryPaymentId: 'CC', secondaryPaymentId: null }, choice('CC')],
    [
      'the wallet beside UPI',
      { primaryPaymentId: 'UPI_WALLET', secondaryPaymentId: 'PIGGYBANK' },
      choice('UPI_WALLET', true),
    ],
    [
      'the wallet alone, named the primary',
      { primaryPaymentId: 'PIGGYBANK', secondaryPaymentId: null },
      { primary: null, wallet: false, walletNamed: true, cardInitialDigits: null },
    ],
  ] as const)('%s', (_, pd, expected) => {
    expect(paymentChoiceOf(pd)).toEqual(expected);
  });
});

describe("the coupon's payment condition", () => {
  const upiOnly = {
    explicitPromo: {
      promoCode: 'UPI40',
      paymentOptions: ['UPI_WALLET'],
      cardIssuer: null,
      cardBins: [],
      condition: 'The coupon UPI40 is valid only when you pay by UPI.',
    },
  } satisfies Pick<Cart, 'explicitPromo'>;
  const bankCards = {
    explicitPromo: {
      ...upiOnly.explicitPromo,
      promoCode: 'HDFC20',
      paymentOptions: ['CC', 'DC'],
      cardIssuer: 'HDFC',
      cardBins: ['411111'],
    },
  } satisfies Pick<Cart, 'explicitPromo'>;
  it.each([
    ['no condition', { explicitPromo: null }, choice('CASH'), null],
    ['a way it takes', upiOnly, choice('UPI_WALLET'), null],
    ['a way it does not take', upiOnly, choice('CC'), 'UPI40'],
    ['the wallet beside a way it takes', upiOnly, choice('UPI_WALLET', true), 'UPI40'],
    ['the wallet alone', upiOnly, choice(null), 'UPI40'],
    ["the bank's card", bankCards, choice('CC', false, '41111122'), null],
    ["another bank's card", bankCards, choice('DC', false, '52000000'), 'HDFC20'],
    ['a card of unknown digits', bankCards, choice('CC'), 'HDFC20'],
  ] as const)('%s', (_, cart, pay, removes) => {
    const answer = removePromoAnswer(cart, pay);
    if (removes === null) return expect(answer).toBeNull();
    expect(answer).toMatchObject({ nextAction: 'REMOVE_PROMO', promoCode: removes });
    expect(answer?.paymentOptions).toEqual(cart.explicitPromo?.paymentOptions);
    expect(answer?.displayMsg).toContain(PROMO_PAYMENT_TEXTS.choose);
  });
});

describe('the wallet', () => {
  const customer = { customer: true, inPartnerApp: false, deliveryType: 'D' } as const;
  const refusals = {
    guests: fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletForCustomers),
    miniApp: fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotInMiniApp),
    here: fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotHere),
  };
  it.each([
    ['no wallet', choice('CC'), customer, false, null],
    ["a customer's wallet beside a card", choice('CC', true), customer, false, null],
    ["a guest's wallet", choice('CC', true), { ...customer, customer: false }, false, refusals.guests],
    [
      'the wallet alone inside a mini-app',
      choice(null),
      { ...customer, inPartnerApp: true },
      false,
      refusals.miniApp,
    ],
    [
      'a guest inside a mini-app: the guest first',
      choice('CC', true),
      { ...customer, customer: false, inPartnerApp: true },
      false,
      refusals.guests,
    ],
    [
      'the wallet on a train order',
      choice('CC', true),
      { ...customer, deliveryType: 'IRCTC' },
      false,
      refusals.here,
    ],
    ['the wallet while the chain has it off', choice('CC', true), customer, true, refusals.here],
  ] as const)('%s', async (_, pay, who, hidden, expected) => {
    expect(await walletRefusal(pay, who, () => Promise.resolve(hidden))).toEqual(expected);
  });

  it('asks whether the chain has the wallet off only when nothing else refused it', async () => {
    let asked = 0;
    const hidden = () => {
      asked++;
      return Promise.resolve(false);
    };
    await walletRefusal(choice('CC'), customer, hidden);
    await walletRefusal(choice('CC', true), { ...customer, deliveryType: 'IRCTC' }, hidden);
    expect(asked).toBe(0);
    await walletRefusal(choice('CC', true), customer, hidden);
    expect(asked).toBe(1);
  });
});

describe('the combination of ways to pay', () => {
  const plain = { isEDVOApplied: false, appliedPromo: null };
  const coupon = { isEDVOApplied: false, appliedPromo: {} as NonNullable<Cart['appliedPromo']> };
  it.each([
    ['a card with the wallet', choice('CC', true), plain, null],
    [
      'cash with the wallet',
      choice('CASH', true),
      plain,
      fail('PAYMENT_COMBINATION', MESSAGES.walletWithCashOrEgv),
    ],
    [
      'an e-voucher with the wallet',
      choice('EVOUCHER', true),
      plain,
      fail('PAYMENT_COMBINATION', MESSAGES.walletWithCashOrEgv),
    ],
    [
      'an e-voucher for EDV items',
      choice('EVOUCHER'),
      { ...plain, isEDVOApplied: true },
      fail('PAYMENT_COMBINATION', MESSAGES.evoucherNotAllowed),
    ],
    [
      'an e-voucher with a coupon',
      choice('EVOUCHER'),
      coupon,
      fail('PAYMENT_COMBINATION', MESSAGES.evoucherNotAllowed),
    ],
  ] as const)('%s', (_, pay, cart, expected) => {
    expect(combinationRefusal(pay, cart)).toEqual(expected);
  });
});

describe("the wallet's part and the rest", () => {
  it.each([
    ['no wallet', choice('CC'), 50_000, 0, { ok: true, data: { walletPaise: 0, amountPaise: 50_000 } }],
    [
      'the wallet pays part',
      choice('CC', true),
      50_000,
      20_000,
      { ok: true, data: { walletPaise: 20_000, amountPaise: 30_000 } },
    ],
    [
      'the wallet pays it all',
      choice('CC', true),
      50_000,
      90_000,
      { ok: true, data: { walletPaise: 50_000, amountPaise: 0 } },
    ],
    [
      'the wallet alone pays it all',
      choice(null, true),
      50_000,
      90_000,
      { ok: true, data: { walletPaise: 50_000, amountPaise: 0 } },
    ],
    [
      'the wallet alone, short',
      choice(null, true),
      50_000,
      20_000,
      fail('WALLET_INSUFFICIENT', MESSAGES.walletInsufficient),
    ],
    ['no way to pay at all', choice(null), 50_000, 0, fail('PAYMENT_REQUIRED', ORDER_TEXTS.choosePayment)],
  ] as const)('%s', (_, pay, price, balance, expected) => {
    expect(amountsOf(pay, price, paise(balance))).toEqual(expected);
  });
});

describe('the e-voucher or gift card', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const later = new Date(now + 86_400_000);
  const ev = { code: 'EV100', kind: 'EV', expiresAt: later, balancePaise: 60_000, mobile: null };
  const gc = { code: 'GC100', kind: 'GC', expiresAt: later, balancePaise: 60_000, mobile: '9876543210' };
  const invalid = fail('EVOUCHER_INVALID', ORDER_TEXTS.voucherInvalid);
  it.each([
    [
      'an e-voucher that pays it',
      'EVOUCHER',
      ev,
      { ok: true, data: { method: 'EVOUCHER', voucherCode: 'EV100' } },
    ],
    [
      'a gift card in the e-voucher field: paid as the gift card',
      'EVOUCHER',
      gc,
      { ok: true, data: { method: 'CASHCRD', voucherCode: 'GC100' } },
    ],
    ['a gift card', 'CASHCRD', gc, { ok: true, data: { method: 'CASHCRD', voucherCode: 'GC100' } }],
    ['no such code', 'EVOUCHER', undefined, invalid],
    ['an e-voucher in the gift-card field', 'CASHCRD', ev, invalid],
    ['an expired e-voucher', 'EVOUCHER', { ...ev, expiresAt: new Date(now - 1) }, invalid],
    [
      'an expired one short of the amount: expired first',
      'EVOUCHER',
      { ...ev, expiresAt: new Date(now - 1), balancePaise: 1 },
      invalid,
    ],
    [
      'short of the amount',
      'EVOUCHER',
      { ...ev, balancePaise: 49_999 },
      fail('EVOUCHER_BALANCE', ORDER_TEXTS.voucherBalance),
    ],
    [
      'a gift card with no registered mobile',
      'CASHCRD',
      { ...gc, mobile: null },
      fail('EVOUCHER_INVALID', ORDER_TEXTS.giftCardNoMobile),
    ],
  ] as const)('%s', (_, method, voucher, expected) => {
    expect(voucherPaying(method, voucher, 50_000, now)).toEqual(expected);
  });
});
