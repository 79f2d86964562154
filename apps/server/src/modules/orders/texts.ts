import { MESSAGES } from '@crust/domain/messages';
import { TRAIN_ORDER_TEXTS } from '@crust/domain/train';

/** Order texts the SPEC does not give (its own sentences come from packages/domain MESSAGES). */
export const ORDER_TEXTS = {
  choosePayment: 'Please choose a payment method.',
  optionUnavailable: 'This payment option is not available at this store right now. Please choose another.',
  walletForCustomers: 'Please log in to pay with your wallet.',
  walletNotHere: 'Your wallet cannot be used for this order. Please choose another way to pay.',
  chooseSlot: 'Please choose a time slot within store hours.',
  orderTypeUnavailable: 'This store does not take this kind of order. Please choose another store.',
  addressNotFound: 'Please choose a delivery address.',
  voucherInvalid: 'Please enter a valid e-voucher or gift card code.',
  voucherBalance: 'This e-voucher does not have enough balance for this order.',
  codeIncorrect: 'Incorrect code. Please try again.',
  codeResendTooSoon: 'Please wait a little before asking for another code.',
  codeSendLimit: (wait: string) =>
    `Too many codes have been sent to this number. Please try again in ${wait}, or choose another way to pay.`,
  cardCodeLocked: (wait: string) =>
    `Too many wrong codes have been entered for this card, so it is locked for ${wait}. Please choose another way to pay.`,
  giftCardNoMobile:
    'This gift card has no registered mobile number for its code. Please choose another way to pay.',
  paymentUnavailable: (cash: string) =>
    `Online payment is not available right now. Please choose ${cash.toLowerCase()}.`,
  orderNotFound: 'Order not found.',
  orderInProgress: 'This order is still being set up. Please try again in a moment.',
  // partner mini-apps (issue 18): the host's word named no payment of this order at the partner
  miniAppPaymentUnknown:
    'We could not find this payment. Please check your order status before paying again.',
  walletNotInMiniApp: 'Your wallet cannot be used inside this app. Please choose another way to pay.',
} as const;

/**
 * Why an order's payment failed, for the customer: a train order's payment cut-off says whether money goes back (a
 * capture refunded) or nothing was taken; any other failure is SPEC's payment failure text.
 */
export function paymentFailedText(
  payment: { failureCode: string | null; gatewayPaymentId: string | null } | undefined,
): string {
  if (payment?.failureCode !== 'TRAIN_PAY_LATE') return MESSAGES.paymentFailed;
  return payment.gatewayPaymentId ? TRAIN_ORDER_TEXTS.payLate : TRAIN_ORDER_TEXTS.payClosed;
}

/** What a failed order whose money is being given back tells the customer (SPEC §8 order failed, refund days). */
export function refundText(payment: { failureCode: string | null } | undefined): string {
  return payment?.failureCode === 'TRAIN_PAY_LATE' ? TRAIN_ORDER_TEXTS.payLate : MESSAGES.orderFailedRefund;
}
