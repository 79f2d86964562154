import { describe, expect, it } from 'vitest';
import { rupees } from '../src/money.ts';
import { PAYMENT_TYPES, type PaymentType } from '../src/payment-types.ts';
import {
  allowedFamilies,
  binMatches,
  capturedPaymentMeets,
  gatewayFamilyOf,
  paymentConditionNote,
  paymentConditionPhrase,
  paymentConditionSaving,
  promoPaymentRefusal,
  type GatewayFamily,
  type PaymentChoice,
  type PaymentCondition,
} from '../src/promo-payment.ts';

const HDFC_BINS = ['438628', '461786', '552260'];
const HDFC30: PaymentCondition = {
  promoCode: 'HDFC30',
  paymentOptions: ['CC', 'DC'],
  cardIssuer: { name: 'HDFC Bank', bins: HDFC_BINS },
};
const UPI40: PaymentCondition = { promoCode: 'UPI40', paymentOptions: ['UPI_WALLET'], cardIssuer: null };
const CARDS: PaymentCondition = { promoCode: 'CARD10', paymentOptions: ['CC', 'DC'], cardIssuer: null };

const HDFC_CARD = '438628';
const OTHER_CARD = '411111';

const pay = (primary: PaymentType | null, over: Partial<PaymentChoice> = {}): PaymentChoice => ({
  primary,
  wallet: false,
  cardInitialDigits: null,
  ...over,
});

describe('the sentences of a payment condition', () => {
  it.each<[string, PaymentCondition, string]>([
    ['UPI only', UPI40, 'pay by UPI'],
    ['cards', CARDS, 'pay by credit or debit card'],
    ['one bank’s cards', HDFC30, 'pay with an HDFC Bank credit or debit card'],
    [
      'a bank read with "a"',
      { ...HDFC30, cardIssuer: { name: 'Kotak', bins: ['1'] } },
      'pay with a Kotak credit or debit card',
    ],
    ['credit cards only', { promoCode: 'X', paymentOptions: ['CC'], cardIssuer: null }, 'pay by credit card'],
    [
      'several methods',
      { promoCode: 'X', paymentOptions: ['UPI_WALLET', 'NB', 'PAYTM_WALLET'], cardIssuer: null },
      'pay by UPI, net banking or Paytm',
    ],
    [
      'UPI or a bank’s cards',
      { ...HDFC30, paymentOptions: ['UPI_WALLET', 'DC'] },
      'pay by UPI or with an HDFC Bank debit card',
    ],
  ])('%s: "%s"', (_, condition, phrase) => {
    expect(paymentConditionPhrase(condition)).toBe(phrase);
  });

  it('says the saving with the condition, and the note /payment shows', () => {
    expect(paymentConditionSaving(UPI40, rupees(40))).toBe('Pay by UPI to save ₹40');
    expect(paymentConditionSaving(HDFC30, rupees(150))).toBe(
      'Pay with an HDFC Bank credit or debit card to save ₹150',
    );
    expect(paymentConditionNote(UPI40)).toBe('The coupon UPI40 is valid only when you pay by UPI.');
  });
});

describe('promoPaymentRefusal at confirm: every way to pay against UPI40, HDFC30 and plain cards', () => {
  const choose = 'Remove the coupon or change the payment method.';
  const others = PAYMENT_TYPES.filter((t) => t !== 'PIGGYBANK');

  it.each(others.map((t) => [t] as const))('UPI40 with %s', (method) => {
    const refusal = promoPaymentRefusal(UPI40, pay(method));
    if (method === 'UPI_WALLET') expect(refusal).toBeNull();
    else expect(refusal).toBe(`The coupon UPI40 is valid only when you pay by UPI. ${choose}`);
  });

  it.each(others.map((t) => [t] as const))('HDFC30 with %s and an HDFC card’s digits', (method) => {
    const refusal = promoPaymentRefusal(HDFC30, pay(method, { cardInitialDigits: HDFC_CARD }));
    expect(refusal === null).toBe(method === 'CC' || method === 'DC');
  });

  it.each<[string, PaymentChoice, boolean]>([
    ['an HDFC credit card', pay('CC', { cardInitialDigits: HDFC_CARD }), true],
    ['an HDFC debit card, 8 digits given', pay('DC', { cardInitialDigits: '55226012' }), true],
    ['another bank’s card', pay('CC', { cardInitialDigits: OTHER_CARD }), false],
    ['a card without its first digits', pay('CC'), false],
    ['digits that are not a BIN', pay('CC', { cardInitialDigits: '4386' }), false],
    ['the wallet alone', pay(null, { wallet: true }), false],
    ['the wallet with an HDFC card', pay('CC', { wallet: true, cardInitialDigits: HDFC_CARD }), false],
  ])('HDFC30 with %s', (_, choice, allowed) => {
    const refusal = promoPaymentRefusal(HDFC30, choice);
    expect(refusal === null).toBe(allowed);
    if (!allowed)
      expect(refusal).toContain(
        'The coupon HDFC30 is valid only when you pay with an HDFC Bank credit or debit card.',
      );
  });

  it('a plain card coupon takes any card; the wallet is named when it is the reason', () => {
    expect(promoPaymentRefusal(CARDS, pay('DC', { cardInitialDigits: OTHER_CARD }))).toBeNull();
    expect(promoPaymentRefusal(CARDS, pay('DC'))).toBeNull();
    expect(promoPaymentRefusal(UPI40, pay('UPI_WALLET', { wallet: true }))).toBe(
      `The coupon UPI40 is valid only when you pay by UPI. Wallet balance cannot be used with it. ${choose}`,
    );
  });
});

describe('capturedPaymentMeets at settlement: what the gateway took', () => {
  it.each<[string, PaymentCondition, GatewayFamily, string | null, boolean]>([
    ['UPI for UPI40', UPI40, 'upi', null, true],
    ['a card for UPI40', UPI40, 'card', OTHER_CARD, false],
    ['net banking for UPI40', UPI40, 'netbanking', null, false],
    ['an HDFC card for HDFC30', HDFC30, 'card', HDFC_CARD, true],
    ['another card for HDFC30', HDFC30, 'card', OTHER_CARD, false],
    ['a card with no BIN reported for HDFC30', HDFC30, 'card', null, false],
    ['a wallet for HDFC30', HDFC30, 'wallet', null, false],
    ['any card for a card coupon', CARDS, 'card', null, true],
  ])('%s', (_, condition, family, cardBin, meets) => {
    expect(capturedPaymentMeets(condition, { family, cardBin })).toBe(meets);
  });
});

describe('families and BINs', () => {
  it('maps every payment type to how a gateway records it, or to none', () => {
    const families = Object.fromEntries(PAYMENT_TYPES.map((t) => [t, gatewayFamilyOf(t)]));
    expect(families).toEqual({
      PIGGYBANK: null,
      CASHCRD: null,
      NB: 'netbanking',
      EVOUCHER: null,
      CASH: null,
      CC: 'card',
      DC: 'card',
      AMZPAY_WALLET: 'wallet',
      PAYTM_WALLET: 'wallet',
      UPI_WALLET: 'upi',
      MB: 'netbanking',
      WALLET: 'wallet',
    });
    expect(allowedFamilies(HDFC30)).toEqual(['card']);
    expect(allowedFamilies({ ...UPI40, paymentOptions: ['UPI_WALLET', 'CASH', 'NOPE'] })).toEqual(['upi']);
  });

  it.each<[string, boolean]>([
    ['438628', true],
    ['43862899', true],
    ['438629', false],
    ['43862', false],
    ['4386281', true],
    ['43862a', false],
  ])('%s is an HDFC BIN: %s', (digits, matches) => {
    expect(binMatches(digits, HDFC_BINS)).toBe(matches);
  });
});
