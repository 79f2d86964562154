import type { ConfirmOrderResult } from '@crust/contract/orders';
import type { MiniAppPaymentResponse } from '@crust/contract/partner';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { paths } from '../../config/paths.ts';
import { api, ApiError } from '../api/client.ts';
import { randomId } from '../random-id.ts';
import { thankYouPath } from '../payment/thank-you.ts';
import { callBridge } from './bridge.ts';

/** SPEC §2: /thankYou's transaction id when the order was not confirmed. */
export const NOT_CONFIRMED = 'NA';

/** Where a mini-app payment ends: a path, and the error /thankYou?transactionId=NA shows (PaymentErrorState). */
export interface PartnerPayOutcome {
  to: string;
  paymentError?: string;
}

type PartnerPayment = NonNullable<ConfirmOrderResult['partnerPayment']>;

const notConfirmed = (message: string | undefined): PartnerPayOutcome => ({
  to: paths.thankYou({ transactionId: NOT_CONFIRMED }),
  paymentError: message || MESSAGES.paymentFailed,
});

/**
 * SPEC §4 mini-app payment: the host's payment sheet pays what Crust's server made with the partner (the bridge's
 * `pay`), then POST mini-app payment has the server ask the partner (the host's word is never believed). SUCCESS
 * with THANKYOU goes to /thankYou with the transaction id; WAIT to the payment polling screen (the partner has not
 * settled; a lost answer too, since the money may have moved); anything else to /thankYou?transactionId=NA with the
 * server's displayMsg, or SPEC §8's "Payment Failed. Please try again." (a declined or cancelled sheet; "a Gpay
 * payment failure shows the payment error message").
 */
export async function payInHost(
  payment: PartnerPayment,
  deliveryType?: DeliveryType,
): Promise<PartnerPayOutcome> {
  let paid: { paymentId: string; status: string };
  try {
    paid = await callBridge('pay', {
      orderRef: payment.orderRef,
      transactionId: payment.transactionId,
      amountPaise: payment.amountPaise,
      merchantId: payment.merchantId,
      description: payment.description,
    });
  } catch {
    return notConfirmed(undefined);
  }
  let res: MiniAppPaymentResponse;
  try {
    res = await api<MiniAppPaymentResponse>(API_PATHS.miniAppPayment, {
      method: 'POST',
      body: { transactionId: payment.transactionId, paymentId: paid.paymentId, status: paid.status },
      headers: { [HEADERS.idempotencyKey]: randomId() },
    });
  } catch (e) {
    if (e instanceof ApiError) return notConfirmed(e.errors[0]?.displayMsg);
    return { to: paths.paymentTransaction() };
  }
  if (res.status === 'FAILED') return notConfirmed(res.errors[0]?.displayMsg);
  const r = res.data;
  if (r.status === 'SUCCESS' && r.action === 'THANKYOU')
    return { to: thankYouPath(r.transactionId, deliveryType) };
  if (r.status === 'WAIT') return { to: paths.paymentTransaction() };
  return notConfirmed(r.displayMsg);
}
