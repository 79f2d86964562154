import { describe, expect, it } from 'vitest';
import { DELIVERY_TYPES, type DeliveryType } from '../src/delivery-types.ts';
import { PAYMENT_TYPES, type PaymentType } from '../src/payment-types.ts';
import { cashWords, paidByLabel, paymentMethodName } from '../src/payment-words.ts';

describe('cash is named by how the order reaches the customer', () => {
  it.each<[DeliveryType, string]>([
    ['D', 'Cash on delivery'],
    ['IRCTC', 'Cash on delivery'],
    ['T', 'Cash at pickup'],
    ['P', 'Cash at pickup'],
    ['CURB', 'Cash at pickup'],
    ['DINEIN', 'Cash at the restaurant'],
  ])('%s: %s', (type, words) => {
    expect(cashWords(type)).toBe(words);
    expect(paidByLabel('CASH', type)).toBe(words);
    expect(paymentMethodName('CASH', type)).toBe(words);
  });

  it('no order that is not delivered ever reads "on delivery"', () => {
    for (const type of DELIVERY_TYPES.filter((t) => t !== 'D' && t !== 'IRCTC'))
      for (const method of PAYMENT_TYPES) expect(paidByLabel(method, type)).not.toMatch(/delivery/i);
  });
});

describe('paidByLabel: the order summary’s line', () => {
  it.each<[PaymentType, string]>([
    ['CASHCRD', 'Paid by gift card'],
    ['EVOUCHER', 'Paid by e-voucher'],
    ['CC', 'Paid by credit card'],
    ['DC', 'Paid by debit card'],
    ['NB', 'Paid by net banking'],
    ['MB', 'Paid by mobile banking'],
    ['UPI_WALLET', 'Paid by UPI'],
    ['AMZPAY_WALLET', 'Paid by Amazon Pay'],
    ['PAYTM_WALLET', 'Paid by Paytm'],
    ['WALLET', 'Paid by mobile wallet'],
    ['PIGGYBANK', 'Paid from wallet'],
  ])('%s: %s', (method, label) => {
    expect(paidByLabel(method, 'D')).toBe(label);
  });

  it('never calls the gift card a cash card', () => {
    for (const type of DELIVERY_TYPES) {
      expect(paidByLabel('CASHCRD', type)).toBe('Paid by gift card');
      expect(paymentMethodName('CASHCRD', type)).toBe('Gift card');
    }
  });
});
