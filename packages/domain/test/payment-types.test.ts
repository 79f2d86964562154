import { describe, expect, it } from 'vitest';
import {
  GATEWAYS,
  NEXT_ACTIONS,
  PAYMENT_TYPES,
  UPI_MODES,
  isGateway,
  isNextAction,
  isOptionEnabled,
  isPaymentType,
  type PaymentOption,
} from '../src/payment-types.ts';

describe('payment type codes (SPEC §3)', () => {
  it('are the twelve SPEC codes', () => {
    expect(PAYMENT_TYPES).toEqual([
      'PIGGYBANK',
      'CASHCRD',
      'NB',
      'EVOUCHER',
      'CASH',
      'CC',
      'DC',
      'AMZPAY_WALLET',
      'PAYTM_WALLET',
      'UPI_WALLET',
      'MB',
      'WALLET',
    ]);
  });

  it.each<[unknown, boolean]>([
    ['CASH', true],
    ['PIGGYBANK', true],
    ['UPI_WALLET', true],
    ['cash', false],
    ['UPI', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isPaymentType(%j) → %s', (value, expected) => {
    expect(isPaymentType(value)).toBe(expected);
  });
});

describe('gateways (SPEC §3)', () => {
  it.each<[unknown, boolean]>([
    ['PAYU', true],
    ['RAZORPAY', true],
    ['SSLCOMMERZ', true],
    ['STRIPE', false],
    [undefined, false],
  ])('isGateway(%j) → %s', (value, expected) => {
    expect(isGateway(value)).toBe(expected);
  });

  it('are the six SPEC gateways', () => {
    expect(GATEWAYS).toEqual(['PAYU', 'PAYTM_PG', 'BILLDESK', 'GLOBALPAY', 'SSLCOMMERZ', 'RAZORPAY']);
  });
});

describe('next actions (SPEC §3)', () => {
  it('are every SPEC next-action code', () => {
    expect(NEXT_ACTIONS).toEqual([
      'COD_OTP',
      'EV_PIN',
      'EV_OTP',
      'REDIRECT',
      'PROCESS_PAYMENT',
      'PAY_PAGE',
      'REMOVE_PROMO',
      'REFUND_PAGE',
      'PAYTM_ADD_MONEY',
      'PAYTM_WITHDRAW_MONEY',
      'THANKYOU',
      'PAYTM_LINK',
      'FAILED',
      'UNIFIED_PAYMENT_ACTION',
      'DISPLAY_POLLING',
    ]);
  });

  it.each<[unknown, boolean]>([
    ['THANKYOU', true],
    ['DISPLAY_POLLING', true],
    ['UNIFIED_PAYMENT_ACTION', true],
    ['THANK_YOU', false],
    ['thankyou', false],
    [{}, false],
  ])('isNextAction(%j) → %s', (value, expected) => {
    expect(isNextAction(value)).toBe(expected);
  });
});

describe('payment option status and UPI modes', () => {
  it.each<['E' | 'D', boolean]>([
    ['E', true],
    ['D', false],
  ])('status %s → enabled %s', (status, enabled) => {
    const option: PaymentOption = { providerCode: 'PAYU', providerName: 'PayU', methodCode: 'CC', status };
    expect(isOptionEnabled(option)).toBe(enabled);
  });

  it('UPI modes are INTENT and COLLECT', () => {
    expect(UPI_MODES).toEqual(['INTENT', 'COLLECT']);
  });
});
