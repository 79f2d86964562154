import { track } from '../../shared/analytics/track.ts';
import { useRef, useState } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import type { ApiError as ApiErrorBody } from '@crust/contract';
import type { ConfirmOrderBody, ConfirmOrderResult, RemovePromoResult } from '@crust/contract/orders';
import { rewriteOfflineMessage } from '@crust/domain/messages';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType, UpiMode } from '@crust/domain/payment-types';
import { loadPage, postPage } from '../../shared/navigation.ts';
import { writePendingPayment, type PaymentErrorState } from '../../shared/payment/pending.ts';
import { payInHost } from '../../shared/partner/pay.ts';
import { confirmOrder } from './api.ts';
import { serverFieldErrors, type FormErrors } from './form.ts';
import { nextStep } from './next-action.ts';
import { ck } from './texts.ts';

/** A popup of SPEC §8: the duplicate-order question, "review your cart", or the generic 'Ops'. */
export type OrderDialog =
  | { kind: 'duplicate'; message: string }
  | { kind: 'review'; message: string }
  | { kind: 'generic'; message: string }
  /** SPEC next action REMOVE_PROMO: the cart's coupon does not take this way to pay */
  | { kind: 'removePromo'; message: string; promoCode: string };

export interface CodeStep {
  result: ConfirmOrderResult;
  code: 'OTP' | 'PIN';
}

export interface PlaceOrderHandlers {
  /** STORE_OFFLINE or STORE_CLOSED: only an advance slot is possible now, for the reason given */
  onOnlyLater: (reason: string) => void;
  /** INVALID_DETAILS: messages under the fields they name, the rest at the top */
  onInvalid: (fields: FormErrors, top: string | null) => void;
}

/**
 * Sending the order: one request per tap of Pay however fast the taps come (the button is disabled and a
 * ref guards the gap before React re-renders), then what SPEC §4 and §8 say each answer leads to.
 */
export function usePlaceOrder(handlers: PlaceOrderHandlers) {
  const navigate = useNavigate();
  const inFlight = useRef(false);
  /** the card digits the last order was sent with (a bank offer): the card form holds the card to them */
  const cardDigits = useRef<string | undefined>(undefined);
  /** the last order's type: a train order's payment ends on the railway thank-you page */
  const deliveryType = useRef<DeliveryType | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);

  const release = () => {
    inFlight.current = false;
    setSending(false);
  };

  /** A confirmed order (or a code answered): go where the next action says. */
  const proceed = (result: ConfirmOrderResult, primary: PaymentType | null, upiMode: UpiMode | undefined) => {
    const step = nextStep(result, primary, deliveryType.current);
    if (step.kind === 'failed') {
      writePendingPayment(null);
      release();
      setCodeStep(null);
      setDialog({ kind: 'generic', message: step.message });
      return;
    }
    // the payment screens read what is being paid from here (shared/payment/pending.ts)
    const digits = cardDigits.current;
    writePendingPayment({
      result,
      primaryPaymentId: primary,
      upiMode,
      deliveryType: deliveryType.current,
      startedAt: Date.now(),
      ...(digits ? { cardInitialDigits: digits } : {}),
    });
    if (step.kind === 'code') {
      setCodeStep({ result, code: step.code });
      return;
    }
    // the form is kept (a declined payment comes back to it); /thankYou forgets it with the rest of checkout
    // the screen stays disabled: the browser is leaving it
    if (step.kind === 'partner') {
      void payInHost(step.payment, deliveryType.current).then(({ to, paymentError }) => {
        // SPEC §8 DEEPLINK_ERROR: the host app's payment (opened through its deep link) did not go through
        if (paymentError) track('payment_error', { code: 'DEEPLINK_ERROR' });
        const state: PaymentErrorState | undefined = paymentError ? { paymentError } : undefined;
        void navigate(to, { replace: true, state });
      });
      return;
    }
    if (step.kind === 'load') loadPage(step.url);
    else if (step.kind === 'post') postPage(step.url, step.fields);
    // a payment step takes /payment's place in the history: back from the thank-you page never lands in one
    else void navigate(step.to, { replace: true });
  };

  const refused = (errors: readonly ApiErrorBody[], removePromo?: RemovePromoResult) => {
    const first = errors[0];
    const message = first?.displayMsg ?? ck('orderNotConfirmed');
    if (removePromo) {
      setDialog({ kind: 'removePromo', message, promoCode: removePromo.promoCode });
      return;
    }
    switch (first?.code) {
      case 'DUPLICATE_ORDER':
        setDialog({ kind: 'duplicate', message });
        return;
      case 'REVIEW_CART':
      case 'ITEMS_UNAVAILABLE':
        setDialog({ kind: 'review', message });
        return;
      case 'STORE_OFFLINE':
      case 'STORE_CLOSED':
        handlers.onOnlyLater(rewriteOfflineMessage(message));
        return;
      case 'INVALID_DETAILS': {
        const { fields, top } = serverFieldErrors(errors);
        handlers.onInvalid(fields, top);
        return;
      }
      default:
        // SPEC §8: a message that mentions offline is shown as the advance-order message
        setDialog({ kind: 'generic', message: rewriteOfflineMessage(message) });
    }
  };

  /** Sends the order; false when one is already on its way (the tap is ignored). */
  const place = async (body: ConfirmOrderBody, upiMode: UpiMode | undefined): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSending(true);
    cardDigits.current = body.paymentDetails.cardInitialDigits;
    deliveryType.current = body.orderDetails.deliveryType;
    const out = await confirmOrder(body);
    if (out.ok) proceed(out.result, body.paymentDetails.primaryPaymentId, upiMode);
    else {
      release();
      refused(out.errors, out.removePromo);
    }
    return true;
  };

  return {
    sending,
    dialog,
    closeDialog: () => setDialog(null),
    codeStep,
    place,
    /** true while an order is on its way: a second tap must not start another */
    busy: () => inFlight.current,
    proceed,
  };
}
