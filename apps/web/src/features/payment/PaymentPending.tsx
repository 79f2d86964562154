import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../shared/router/index.ts';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { MESSAGES } from '@crust/domain/messages';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../app/paths.ts';
import { t } from '../../shared/i18n/index.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { pendingFor, writePendingPayment, type PaymentErrorState } from '../../shared/payment/pending.ts';
import { thankYouPath } from '../../shared/payment/thank-you.ts';
import { usePaymentPolling, type PaymentPollOutcome, type PaymentPollPlan } from './polling.ts';
import { pt } from './texts.ts';
import './payment.css';

/** SPEC §4: after the polling timeout's internal-error dialog, the app goes to /cart this much later. */
const TIMEOUT_TO_CART_MS = 3000;

/** The amount the gateway is asked for, and the wallet's part when the wallet pays some of it. */
export function AmountSummary({
  result,
}: {
  result: Pick<ConfirmOrderResult, 'amountPaise' | 'walletPaise'>;
}) {
  return (
    <div className="pay-amount card">
      <span className="pay-amount-label">{pt('amountToPay')}</span>
      <strong className="pay-amount-value" data-testid="pay-amount">
        {formatRupees(paise(result.amountPaise))}
      </strong>
      {result.walletPaise > 0 ? (
        <span className="pay-amount-wallet">
          {pt('walletPart', { amount: formatRupees(paise(result.walletPaise)) })}
        </span>
      ) : null}
    </div>
  );
}

/** A payment screen opened with nothing to pay (a stale link, another tab): back to /payment. */
export function NoPendingPayment() {
  return (
    <div className="pay-empty">
      <h2>{pt('noPending')}</h2>
      <p>{pt('noPendingHint')}</p>
      <Link className="btn btn-primary" to={paths.payment()} replace>
        {pt('backToPayment')}
      </Link>
    </div>
  );
}

/**
 * The visible "payment pending" state of SPEC §4 while the gateway decides, and the polling behind it:
 * SUCCESS goes to /thankYou (a train order's with the railway literal); FAILED forgets the pending payment and goes back to /payment with the SPEC
 * message (the cart and the checkout form are kept); the 80 s running out shows the internal-error dialog and goes to /cart 3 s
 * later. Polling stops when the component goes away.
 */
export function PaymentPending({ plan, amountPaise }: { plan: PaymentPollPlan; amountPaise?: number }) {
  const navigate = useNavigate();
  const [timedOut, setTimedOut] = useState(false);

  usePaymentPolling(timedOut ? null : plan, (outcome: PaymentPollOutcome) => {
    switch (outcome.kind) {
      case 'success':
        void navigate(thankYouPath(plan.transactionId, pendingFor(plan.transactionId)?.deliveryType), {
          replace: true,
        });
        return;
      case 'failed': {
        // the cart stays; /payment shows the message and the customer chooses again
        writePendingPayment(null);
        const state: PaymentErrorState = { paymentError: MESSAGES.paymentFailed };
        void navigate(paths.payment(), { replace: true, state });
        return;
      }
      case 'timeout':
        // the client gives this payment up; the server's reconciler settles it with the gateway
        writePendingPayment(null);
        setTimedOut(true);
        return;
    }
  });

  useEffect(() => {
    if (!timedOut) return;
    const id = setTimeout(() => void navigate(paths.cart(), { replace: true }), TIMEOUT_TO_CART_MS);
    return () => clearTimeout(id);
  }, [timedOut, navigate]);

  return (
    <section className="pay-pending" aria-labelledby="pay-pending-text">
      <span className="spinner pay-pending-spinner" aria-hidden="true" />
      <p id="pay-pending-text" className="pay-pending-text" role="status">
        {pt('waiting')}
      </p>
      {amountPaise !== undefined ? (
        <p className="pay-pending-amount" data-testid="pending-amount">
          {formatRupees(paise(amountPaise))}
        </p>
      ) : null}
      <p className="pay-note">{pt('dontLeave')}</p>
      {timedOut ? (
        <Dialog
          title={t('genericHeader')}
          actionLabel={t('genericButton')}
          onAction={() => void navigate(paths.cart(), { replace: true })}
        >
          <p>{t('somethingWentWrongRetry')}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
