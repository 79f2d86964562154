/**
 * Demo e-vouchers (paid with a PIN) and gift cards (paid with an OTP to the mobile registered to the card,
 * whoever orders), for development, tests and the e2e journeys. Documented in docs/checkout.md and README.
 */
export const VOUCHERS = [
  { code: 'EVCRUST500', kind: 'EV', pin: '4321', mobile: null, balanceRupees: 500 },
  { code: 'EVCRUST2000', kind: 'EV', pin: '8642', mobile: null, balanceRupees: 2000 },
  { code: 'GCCRUST2000', kind: 'GC', pin: null, mobile: '9876543210', balanceRupees: 2000 },
] as const;

export const VOUCHER_EXPIRY = '2099-12-31T18:29:59Z';
