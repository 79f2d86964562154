import type { ConfirmOrderResult } from '@crust/contract/orders';
import { PAYMENT_POLL_NEXT_SECONDS } from '@crust/domain/constants';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import type { PaymentType } from '@crust/domain/payment-types';
import type { CheckoutMethod, CheckoutStep } from '../../providers/payments/provider.ts';
import type { PaytmNext } from './paytm-face.ts';
import type { OrderRow, PaymentRow } from './repo.ts';

/** How a primary payment type is paid: at the gateway (which page), by a code, or not at all. */
export type PayBy =
  | { kind: 'gateway'; page: 'card' | 'netbanking' | 'wallet' | 'upi' }
  | { kind: 'cash' }
  | { kind: 'voucher' }
  | { kind: 'wallet_only' }
  /** Paytm's own wallet, linked by OTP and withdrawn from (issue 18 §2; decision 018) */
  | { kind: 'paytm' };

export function payByOf(method: PaymentType | null): PayBy {
  switch (method) {
    case null:
    case 'PIGGYBANK':
      return { kind: 'wallet_only' };
    case 'CASH':
      return { kind: 'cash' };
    case 'EVOUCHER':
    case 'CASHCRD':
      return { kind: 'voucher' };
    case 'CC':
    case 'DC':
      return { kind: 'gateway', page: 'card' };
    case 'NB':
    case 'MB':
      return { kind: 'gateway', page: 'netbanking' };
    case 'UPI_WALLET':
      return { kind: 'gateway', page: 'upi' };
    case 'PAYTM_WALLET':
      return { kind: 'paytm' };
    case 'AMZPAY_WALLET':
    case 'WALLET':
      return { kind: 'gateway', page: 'wallet' };
    default: {
      const never: never = method;
      throw new Error(`unknown payment type ${String(never)}`);
    }
  }
}

/** The partner whose mini-app pays the order through its own gateway (issue 18, decision 017), if any. */
export function partnerOf(order: Pick<OrderRow, 'snapshot'>): PartnerVendor | null {
  const partner = (order.snapshot as { partner?: unknown }).partner;
  return partner === 'PAYTM' || partner === 'GPAY' ? partner : null;
}

/**
 * How an order is paid: its method's way, except that a partner mini-app's order pays through the host's sheet,
 * a gateway (decision 017), even by the method that outside the host is Paytm's own wallet flow (decision 018).
 */
export function payByOfOrder(order: Pick<OrderRow, 'primaryPaymentId' | 'snapshot'>): PayBy {
  return payByOfMethod(order.primaryPaymentId as PaymentType | null, partnerOf(order));
}

export function payByOfMethod(method: PaymentType | null, partner: PartnerVendor | null): PayBy {
  const by = payByOf(method);
  return partner && by.kind === 'paytm' ? { kind: 'gateway', page: 'wallet' } : by;
}

/**
 * What becomes of money taken for an order that was not placed or was cancelled: PENDING while Crust is giving
 * it back (the gateway has not taken the refund yet), DONE once it has; null when nothing was taken.
 */
export function refundOf(payment: Pick<PaymentRow, 'state'> | undefined): 'PENDING' | 'DONE' | null {
  switch (payment?.state) {
    case 'refund_pending':
      return 'PENDING';
    case 'refunded':
      return 'DONE';
    default:
      return null;
  }
}

const masked = (mobile: string) => `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`;
/** A gift card's number is not the orderer's to know: its last 4 digits say where the code went. */
const lastFour = (mobile: string) => `••••${mobile.slice(-4)}`;

/**
 * What the client does next for an order (SPEC §3 next actions), rebuilt from the rows every time, so a
 * replayed or racing confirm gets the same answer as the first.
 */
export function nextActionOf(
  order: OrderRow,
  payment: PaymentRow,
  /** how the browser goes on at the gateway (gatewayCheckoutOf), for an order paid there */
  step: CheckoutStep | null,
  voucher: { kind: 'EV' | 'GC'; mobile: string | null } | null,
  /** how a Paytm wallet order goes on (the paytm module's answer); null when the Paytm wallet is off */
  paytm: PaytmNext | null = null,
): ConfirmOrderResult {
  const base = {
    orderId: order.id,
    transactionId: order.transactionId,
    amountPaise: order.amountPaise,
    walletPaise: order.walletPaise,
  };
  if (order.status === 'placed') return { ...base, nextAction: 'THANKYOU' };
  // money was taken for an order that cannot be placed: the customer follows its refund (SPEC §3 REFUND_PAGE)
  if (order.status !== 'payment_pending')
    return { ...base, nextAction: refundOf(payment) === null ? 'FAILED' : 'REFUND_PAGE' };
  const polling = { nextCallTime: PAYMENT_POLL_NEXT_SECONDS, apiHitInterval: PAYMENT_POLL_NEXT_SECONDS };
  const by = payByOfOrder(order);
  switch (by.kind) {
    case 'wallet_only':
      return { ...base, nextAction: 'DISPLAY_POLLING', ...polling };
    case 'cash':
      return { ...base, nextAction: 'COD_OTP', codeSentTo: masked(order.mobile) };
    case 'voucher':
      return voucher?.kind === 'GC'
        ? {
            ...base,
            nextAction: 'EV_OTP',
            ...(voucher.mobile ? { codeSentTo: lastFour(voucher.mobile) } : {}),
          }
        : { ...base, nextAction: 'EV_PIN' };
    case 'gateway': {
      if (payment.state !== 'created' && payment.state !== 'pending')
        return { ...base, nextAction: 'DISPLAY_POLLING', ...polling };
      if (!step) return { ...base, nextAction: 'FAILED' };
      return { ...base, ...gatewayAction(step, polling, order.transactionId) };
    }
    case 'paytm': {
      if (payment.state !== 'created' && payment.state !== 'pending')
        return { ...base, nextAction: 'DISPLAY_POLLING', ...polling };
      switch (paytm?.kind) {
        case undefined:
          return { ...base, nextAction: 'FAILED' };
        case 'link':
          return { ...base, nextAction: 'PAYTM_LINK' };
        case 'withdraw':
          return { ...base, nextAction: 'PAYTM_WITHDRAW_MONEY' };
        case 'add_money':
          return { ...base, nextAction: 'PAYTM_ADD_MONEY', redirectUrl: paytm.redirectUrl };
        default: {
          const never: never = paytm;
          throw new Error(`unknown Paytm step ${JSON.stringify(never)}`);
        }
      }
    }
    default: {
      const never: never = by;
      throw new Error(`unknown way to pay ${JSON.stringify(never)}`);
    }
  }
}

/** The gateway's checkout method for a way to pay at the gateway; the UPI mode picks intent or collect. */
export function checkoutMethodOf(
  page: 'card' | 'netbanking' | 'wallet' | 'upi',
  upiMode: string | null,
): CheckoutMethod {
  if (page !== 'upi') return page;
  return upiMode === 'COLLECT' ? 'upi_collect' : 'upi_intent';
}

/**
 * A gateway's checkout step as a next action: a form the customer fills in on Crust's page (PROCESS_PAYMENT,
 * posted to the gateway), a page or form the browser just goes to (REDIRECT), a UPI app to open while the
 * app polls (UNIFIED_PAYMENT_ACTION), or the partner host's payment sheet inside a mini-app (PROCESS_PAYMENT with
 * partnerPayment, paid through the bridge's `pay`, then POST mini-app payment).
 */
function gatewayAction(
  step: CheckoutStep,
  polling: { nextCallTime: number; apiHitInterval: number },
  transactionId: string,
): Pick<
  ConfirmOrderResult,
  | 'nextAction'
  | 'partnerPayment'
  | 'formPostUrl'
  | 'formFields'
  | 'inputNames'
  | 'redirectUrl'
  | 'upiDeepLink'
  | 'upiAppUrl'
  | 'nextCallTime'
  | 'apiHitInterval'
> {
  switch (step.kind) {
    case 'form': {
      const fields = Object.keys(step.fields).length > 0 ? { formFields: step.fields } : {};
      if (step.inputs)
        return {
          nextAction: 'PROCESS_PAYMENT',
          formPostUrl: step.action,
          ...fields,
          inputNames: step.inputs,
        };
      return { nextAction: 'REDIRECT', redirectUrl: step.action, ...fields };
    }
    case 'page':
      return { nextAction: 'REDIRECT', redirectUrl: step.url };
    case 'upi_intent':
      return {
        nextAction: 'UNIFIED_PAYMENT_ACTION',
        upiDeepLink: step.link,
        ...(step.appUrl ? { upiAppUrl: step.appUrl } : {}),
        ...polling,
      };
    case 'partner_sheet':
      return {
        nextAction: 'PROCESS_PAYMENT',
        partnerPayment: {
          vendor: step.vendor,
          orderRef: step.orderRef,
          transactionId,
          amountPaise: step.amountPaise,
          merchantId: step.merchantId,
          description: step.description,
        },
      };
    default: {
      const never: never = step;
      throw new Error(`unknown checkout step ${JSON.stringify(never)}`);
    }
  }
}
