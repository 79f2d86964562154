import { describe, expect, it } from 'vitest';
import {
  ConfirmAnswerResponseSchema,
  ConfirmOrderBodySchema,
  ConfirmOrderResponseSchema,
  InstrumentDetailsSchema,
  UserDetailsSchema,
} from '../src/orders.ts';

const body = (over: Record<string, unknown> = {}, pay: Record<string, unknown> = {}) => ({
  orderDetails: {
    cartId: 'C0123456789ABCDEF0123',
    deliveryType: 'T',
    userDetails: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', mobile: '9876543210' },
    expectedTotalPaise: 45_150,
    ...over,
  },
  paymentDetails: { primaryPaymentId: 'CC', ...pay },
});

describe('confirm order body', () => {
  it('takes a takeaway order paid by card, with defaults filled in', () => {
    const parsed = ConfirmOrderBodySchema.parse(body());
    expect(parsed.orderDetails.zeroContactDelivery).toBe(false);
    expect(parsed.orderDetails.duplicateConfirmed).toBe(false);
    expect(parsed.paymentDetails.secondaryPaymentId).toBeNull();
  });

  it.each([
    ['a price the client made up', { price: 100 }],
    ['an unknown order type', { deliveryType: 'X' }],
    ['a negative expected total', { expectedTotalPaise: -1 }],
    ['a fractional expected total', { expectedTotalPaise: 10.5 }],
    ['a malformed cart id', { cartId: 'cart-1' }],
  ])('refuses %s', (_, over) => {
    expect(ConfirmOrderBodySchema.safeParse(body(over)).success).toBe(false);
  });

  it('refuses card details: cards are typed on the gateway page only', () => {
    expect(
      ConfirmOrderBodySchema.safeParse(body({}, { cardNumber: '4111111111111111', cvv: '123' })).success,
    ).toBe(false);
    expect(
      ConfirmOrderBodySchema.safeParse(
        body({}, { instrumentDetails: { card: { number: '4111111111111111' } } }),
      ).success,
    ).toBe(false);
  });

  it('takes a saved address by id or a whole address, not both', () => {
    expect(
      ConfirmOrderBodySchema.safeParse(
        body({ deliveryType: 'D', address: { addressId: 'A0123456789ABCDEF0123' } }),
      ).success,
    ).toBe(true);
    expect(
      ConfirmOrderBodySchema.safeParse(
        body({ deliveryType: 'D', address: { addressId: 'A0123456789ABCDEF0123', address: {} } }),
      ).success,
    ).toBe(false);
  });

  it('the wallet is the only secondary payment', () => {
    expect(ConfirmOrderBodySchema.safeParse(body({}, { secondaryPaymentId: 'PIGGYBANK' })).success).toBe(
      true,
    );
    expect(ConfirmOrderBodySchema.safeParse(body({}, { secondaryPaymentId: 'CASH' })).success).toBe(false);
  });
});

describe('details', () => {
  it('a wrong email gets the SPEC §5 text', () => {
    const r = UserDetailsSchema.safeParse({
      firstName: 'A',
      lastName: '',
      email: 'nope',
      mobile: '9876543210',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please enter valid email Address');
  });

  it.each([
    ['asha@okaxis', true],
    ['9876543210@ybl', true],
    ['a.b-c@paytm', true],
    ['asha', false],
    ['@okaxis', false],
    ['asha@', false],
    ['asha@1bank', false],
  ])('UPI id %s → %s', (vpa, ok) => {
    expect(InstrumentDetailsSchema.safeParse({ upi: { mode: 'COLLECT', vpa } }).success).toBe(ok);
  });
});

describe('a bank offer and REMOVE_PROMO (issue 11)', () => {
  it.each([
    ['438628', true],
    ['43862800', true],
    ['4386', false],
    ['4386 28', false],
    ['4386280000000004', false],
  ])('cardInitialDigits %s: %s (the BIN, never the number)', (digits, ok) => {
    expect(ConfirmOrderBodySchema.safeParse(body({}, { cardInitialDigits: digits })).success).toBe(ok);
  });

  it('the confirm answers an order, or REMOVE_PROMO without one; the code call never REMOVE_PROMO', () => {
    const removePromo = {
      nextAction: 'REMOVE_PROMO',
      promoCode: 'UPI40',
      paymentOptions: ['UPI_WALLET'],
      displayMsg: 'The coupon UPI40 is valid only when you pay by UPI.',
    };
    expect(ConfirmAnswerResponseSchema.safeParse({ status: 'SUCCESS', data: removePromo }).success).toBe(
      true,
    );
    expect(ConfirmOrderResponseSchema.safeParse({ status: 'SUCCESS', data: removePromo }).success).toBe(
      false,
    );
    const order = {
      orderId: 'O0123456789ABCDEF0123',
      transactionId: 'T0123456789ABCDEF0123',
      nextAction: 'EV_OTP',
      amountPaise: 45_150,
      walletPaise: 0,
      codeSentTo: '••••3210',
    };
    expect(ConfirmAnswerResponseSchema.safeParse({ status: 'SUCCESS', data: order }).success).toBe(true);
    expect(
      ConfirmOrderResponseSchema.safeParse({
        status: 'SUCCESS',
        data: { ...order, nextAction: 'REMOVE_PROMO' },
      }).success,
    ).toBe(false);
  });
});
