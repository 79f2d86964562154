import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLEARED_CHECKOUT_KEYS,
  clearedCheckoutState,
  emptyCheckoutState,
  type CheckoutState,
  type ClearedCheckoutKey,
} from '../src/checkout-clear.ts';

/** A checkout mid-payment, inside a larger client state. */
interface ClientState extends CheckoutState {
  storeId: number;
  deliveryType: string;
  user: { userId: string; mobile: string } | null;
}

const MID_PAYMENT: ClientState = {
  promoCode: 'PIZZA50',
  paymentMode: 'UPI_WALLET',
  transactionId: 'txn-123',
  walletSelected: true,
  cartId: 'cart-9',
  menuStale: false,
  loyalty: { redeemFreeItem: true, enrol: false },
  extraDealItems: ['edv-1', 'edv-2'],
  advanceOrder: true,
  optionalCharges: [{ chargeTypeCode: 'K', selected: true }],
  storeId: 3001,
  deliveryType: 'D',
  user: { userId: 'user-1', mobile: '9876543210' },
};

describe('CLEARED_CHECKOUT_KEYS: SPEC §4, in its order', () => {
  it('lists promo, payment mode, transaction id, wallet, cart, menu, loyalty, extra-deal items, advance flag, optional charges', () => {
    expect(CLEARED_CHECKOUT_KEYS).toEqual([
      'promoCode',
      'paymentMode',
      'transactionId',
      'walletSelected',
      'cartId',
      'menuStale',
      'loyalty',
      'extraDealItems',
      'advanceOrder',
      'optionalCharges',
    ]);
  });

  it('is exactly the keys of CheckoutState', () => {
    expect(Object.keys(emptyCheckoutState()).sort()).toEqual([...CLEARED_CHECKOUT_KEYS].sort());
  });
});

describe('clearedCheckoutState: each listed key reset', () => {
  const cleared = clearedCheckoutState(MID_PAYMENT);
  it.each<[ClearedCheckoutKey, unknown]>([
    ['promoCode', null],
    ['paymentMode', null],
    ['transactionId', null],
    ['walletSelected', false],
    ['cartId', null],
    ['menuStale', true],
    ['loyalty', null],
    ['extraDealItems', []],
    ['advanceOrder', false],
    ['optionalCharges', []],
  ])('%s → %j', (key, value) => {
    expect(cleared[key]).toEqual(value);
  });
});

describe('clearedCheckoutState: everything else kept', () => {
  it.each<[keyof ClientState]>([['storeId'], ['deliveryType'], ['user']])('%s', (key) => {
    expect(clearedCheckoutState(MID_PAYMENT)[key]).toBe(MID_PAYMENT[key]);
  });

  it('leaves the input as it was and hands out fresh arrays', () => {
    const before: unknown = JSON.parse(JSON.stringify(MID_PAYMENT));
    const a = clearedCheckoutState(MID_PAYMENT);
    const b = clearedCheckoutState(MID_PAYMENT);
    expect(MID_PAYMENT).toEqual(before);
    expect(a.extraDealItems).not.toBe(b.extraDealItems);
    expect(a.optionalCharges).not.toBe(b.optionalCharges);
  });
});

describe('clearedCheckoutState (property)', () => {
  const state: fc.Arbitrary<CheckoutState & { extra: Record<string, unknown> }> = fc.record({
    promoCode: fc.option(fc.string()),
    paymentMode: fc.option(fc.constantFrom('CASH', 'CC', 'DC', 'UPI_WALLET', 'PIGGYBANK')),
    transactionId: fc.option(fc.uuid()),
    walletSelected: fc.boolean(),
    cartId: fc.option(fc.string()),
    menuStale: fc.boolean(),
    loyalty: fc.option(fc.record({ redeemFreeItem: fc.boolean(), enrol: fc.boolean() })),
    extraDealItems: fc.array(fc.string()),
    advanceOrder: fc.boolean(),
    optionalCharges: fc.array(fc.record({ chargeTypeCode: fc.constant('K'), selected: fc.boolean() })),
    extra: fc.dictionary(fc.string(), fc.jsonValue()),
  });

  it('resets the listed keys, keeps the rest, and clearing twice changes nothing more', () => {
    fc.assert(
      fc.property(state, (s) => {
        const cleared = clearedCheckoutState(s);
        for (const key of CLEARED_CHECKOUT_KEYS) expect(cleared[key]).toEqual(emptyCheckoutState()[key]);
        expect(cleared.extra).toBe(s.extra);
        expect(clearedCheckoutState(cleared)).toEqual(cleared);
      }),
    );
  });
});
