/**
 * SPEC §3 Payment details: the payment type codes, the gateways, a payment option as the server lists
 * it, the next-action codes a payment call answers with, and the UPI modes.
 */

/** PIGGYBANK is the in-house wallet (the secondary payment); the others are primary methods. */
export const PAYMENT_TYPES = [
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
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && (PAYMENT_TYPES as readonly string[]).includes(value);
}

export const GATEWAYS = ['PAYU', 'PAYTM_PG', 'BILLDESK', 'GLOBALPAY', 'SSLCOMMERZ', 'RAZORPAY'] as const;
export type Gateway = (typeof GATEWAYS)[number];

export function isGateway(value: unknown): value is Gateway {
  return typeof value === 'string' && (GATEWAYS as readonly string[]).includes(value);
}

/** E enabled, D disabled. */
export const PAYMENT_OPTION_STATUSES = ['E', 'D'] as const;
export type PaymentOptionStatus = (typeof PAYMENT_OPTION_STATUSES)[number];

/** A card last used with an option, as the server shows it (the number masked). */
export interface LastUsedCard {
  cardNumber: string;
  cardScheme: string;
}

export interface PaymentOption {
  /** the gateway or provider behind the option (PAYU, RAZORPAY, …) */
  providerCode: string;
  providerName: string;
  methodCode: PaymentType;
  status: PaymentOptionStatus;
  lastUsedCard?: LastUsedCard;
}

export function isOptionEnabled(option: Pick<PaymentOption, 'status'>): boolean {
  return option.status === 'E';
}

/**
 * SPEC §3 next-action codes, all of them: the Paytm ones (add money, withdraw, link) are the SPEC §4
 * "wallet link or add money" actions.
 */
export const NEXT_ACTIONS = [
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
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export function isNextAction(value: unknown): value is NextAction {
  return typeof value === 'string' && (NEXT_ACTIONS as readonly string[]).includes(value);
}

export const UPI_MODES = ['INTENT', 'COLLECT'] as const;
export type UpiMode = (typeof UPI_MODES)[number];
