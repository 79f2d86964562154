/**
 * What a way to pay is called where a customer or the store reads it (issue 11, §5 "Payment words"): the
 * order summary's "Paid by …" line, history, invoices and the store's queue. CASHCRD is the gift card; cash
 * is "on delivery" only for orders that are delivered; otherwise it is paid at the store.
 */
import { assertNever, type DeliveryType } from './delivery-types.ts';
import type { PaymentType } from './payment-types.ts';

/** How cash is paid for this order type. */
export function cashWords(deliveryType: DeliveryType): string {
  switch (deliveryType) {
    case 'D':
    case 'IRCTC':
      return 'Cash on delivery';
    case 'T':
    case 'P':
    case 'CURB':
      return 'Cash at pickup';
    case 'DINEIN':
      return 'Cash at the restaurant';
    default:
      return assertNever(deliveryType);
  }
}

/** The method's name: "UPI", "Gift card", "Cash at pickup". */
export function paymentMethodName(method: PaymentType, deliveryType: DeliveryType): string {
  switch (method) {
    case 'CASH':
      return cashWords(deliveryType);
    case 'CC':
      return 'Credit card';
    case 'DC':
      return 'Debit card';
    case 'NB':
      return 'Net banking';
    case 'MB':
      return 'Mobile banking';
    case 'UPI_WALLET':
      return 'UPI';
    case 'EVOUCHER':
      return 'E-voucher';
    case 'CASHCRD':
      return 'Gift card';
    case 'AMZPAY_WALLET':
      return 'Amazon Pay';
    case 'PAYTM_WALLET':
      return 'Paytm';
    case 'WALLET':
      return 'Mobile wallet';
    case 'PIGGYBANK':
      return 'Crust wallet';
    default:
      return assertNever(method);
  }
}

const KEEP_CASE = new Set<PaymentType>(['UPI_WALLET', 'AMZPAY_WALLET', 'PAYTM_WALLET']);

/**
 * The order summary's line for what the method paid: "Paid by UPI", "Paid by gift card", "Paid from wallet";
 * cash is not paid yet when the order is placed, so it reads as how it will be: "Cash on delivery",
 * "Cash at pickup".
 */
export function paidByLabel(method: PaymentType, deliveryType: DeliveryType): string {
  if (method === 'CASH') return cashWords(deliveryType);
  if (method === 'PIGGYBANK') return 'Paid from wallet';
  const name = paymentMethodName(method, deliveryType);
  return `Paid by ${KEEP_CASE.has(method) ? name : name.charAt(0).toLowerCase() + name.slice(1)}`;
}
