import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType } from '@crust/domain/payment-types';
import { paths } from '../../config/paths.ts';
import { thankYouPath } from '../../shared/payment/thank-you.ts';
import { ck } from './texts.ts';

/** Where a confirmed order goes next (SPEC §4 Payment next-actions). */
export type NextStep =
  /** a screen of this app */
  | { kind: 'navigate'; to: string }
  /** a page of the payment gateway: a full page load */
  | { kind: 'load'; url: string }
  /** a form posted to the gateway (its hosted checkout), with the fields it wants */
  | { kind: 'post'; url: string; fields: Record<string, string> }
  /** stay on /payment for the COD or e-voucher OTP, or the gift card's PIN */
  | { kind: 'code'; code: 'OTP' | 'PIN' }
  /** inside a partner mini-app: the host's payment sheet pays (shared/partner/pay.ts) */
  | { kind: 'partner'; payment: NonNullable<ConfirmOrderResult['partnerPayment']> }
  /** nothing more can happen: say so */
  | { kind: 'failed'; message: string };

/** Only a web page may be opened: a gateway URL of another scheme (javascript:, data:) is refused. */
function webUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** `deliveryType`: the order's, since a train order's thank-you page has the railway literal (SPEC §2). */
export function nextStep(
  result: ConfirmOrderResult,
  primary: PaymentType | null,
  deliveryType?: DeliveryType,
): NextStep {
  switch (result.nextAction) {
    case 'THANKYOU':
      return { kind: 'navigate', to: thankYouPath(result.transactionId, deliveryType) };
    case 'PROCESS_PAYMENT': {
      // a mini-app's order (issue 18): its host pays, whatever the method's name (GPAY's is UPI_WALLET)
      if (result.partnerPayment) return { kind: 'partner', payment: result.partnerPayment };
      // the app's own form posts straight to the gateway: the card form, or the UPI id for collect
      if (primary === 'UPI_WALLET') return { kind: 'navigate', to: paths.upiForm() };
      if (primary === 'CC' || primary === 'DC') return { kind: 'navigate', to: paths.payGateway() };
      const url = webUrl(result.redirectUrl);
      return url ? { kind: 'load', url } : { kind: 'navigate', to: paths.payGateway() };
    }
    case 'UNIFIED_PAYMENT_ACTION':
      return { kind: 'navigate', to: paths.upiForm() };
    case 'REDIRECT': {
      const url = webUrl(result.redirectUrl);
      if (!url) return { kind: 'failed', message: ck('paymentFailed') };
      return result.formFields ? { kind: 'post', url, fields: result.formFields } : { kind: 'load', url };
    }
    case 'DISPLAY_POLLING':
      return { kind: 'navigate', to: paths.paymentTransaction() };
    case 'COD_OTP':
    case 'EV_OTP':
      return { kind: 'code', code: 'OTP' };
    case 'EV_PIN':
      return { kind: 'code', code: 'PIN' };
    case 'FAILED':
      return { kind: 'failed', message: ck('paymentFailed') };
    // the Paytm wallet (issue 18 §2): link it by OTP, or pay from it, on /paytmForm (which shows the progress)
    case 'PAYTM_LINK':
    case 'PAYTM_WITHDRAW_MONEY':
      return { kind: 'navigate', to: paths.paytmForm({ transactionId: result.transactionId }) };
    case 'PAYTM_ADD_MONEY': {
      const url = webUrl(result.redirectUrl);
      return url
        ? { kind: 'load', url }
        : { kind: 'navigate', to: paths.paytmForm({ transactionId: result.transactionId }) };
    }
    case 'PAY_PAGE':
      // already on /payment: it stays, saying why, and the customer chooses another way
      return { kind: 'failed', message: ck('paymentFailed') };
    case 'REFUND_PAGE':
      // money was taken for an order that was not placed: the payment screen follows its refund
      return {
        kind: 'navigate',
        to: `${paths.paymentTransaction()}?transactionId=${encodeURIComponent(result.transactionId)}`,
      };
  }
}
