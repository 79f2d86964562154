import { track } from '../../shared/analytics/track.ts';
import { useEffect, useState } from 'react';
import { PAYMENT_POLL_TOTAL_SECONDS } from '@crust/domain/constants';
import { Link, useNavigate } from '../../shared/router/index.ts';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { MESSAGES } from '@crust/domain/messages';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { pendingFor, writePendingPayment, type PaymentErrorState } from '../../shared/payment/pending.ts';
import {
  forgetStillConfirming,
  isStillConfirming,
  markStillConfirming,
} from '../../shared/payment/still-confirming.ts';
import { thankYouPath } from '../../shared/payment/thank-you.ts';
import {
  pollRefund,
  useFollowPayment,
  usePaymentPolling,
  type FollowOutcome,
  type PaymentPollOutcome,
  type PaymentPollPlan,
} from './polling.ts';
import { pt } from './texts.ts';
import './payment.css';

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
 * The visible "payment pending" state of SPEC §4 while the gateway decides, and the polling behind it: a countdown
 * of the 80 s and what is happening; SUCCESS goes to /thankYou (a train order's with the railway literal); FAILED
 * forgets the pending payment and goes back to /payment with the SPEC message (the cart and the checkout form are
 * kept). When the 80 s run out the page does not give up on the payment (issue 28 §3, decision 019, departing from
 * the SPEC's error dialog and /cart): it says so honestly and keeps following the status, slower, showing the
 * outcome when it comes; meanwhile the cart offers no second payment for it (shared/payment/still-confirming.ts).
 * Polling stops when the component goes away.
 */
export function PaymentPending({
  plan,
  amountPaise,
  upi = false,
}: {
  plan: PaymentPollPlan;
  amountPaise?: number;
  /** the customer approves it in their UPI app (else their bank confirms it) */
  upi?: boolean;
}) {
  const navigate = useNavigate();
  const { transactionId } = plan;
  // a payment whose wait ran out before (a reload, "View payment status" from the cart) is followed at once
  const [phase, setPhase] = useState<'waiting' | 'still' | 'failed' | 'refund'>(() =>
    isStillConfirming(transactionId) ? 'still' : 'waiting',
  );
  const [refund, setRefund] = useState<Refund | null>(null);
  /** money was taken and goes back (SPEC §3 REFUND_PAGE): no second payment for it from the cart meanwhile */
  const refunding = (r: Refund) => {
    forgetStillConfirming(transactionId);
    writePendingPayment(null);
    setRefund(r);
    setPhase('refund');
  };
  const [resumed] = useState(() => phase === 'still');

  const placed = () => {
    forgetStillConfirming(transactionId);
    void navigate(thankYouPath(transactionId, pendingFor(transactionId)?.deliveryType), { replace: true });
  };

  usePaymentPolling(phase === 'waiting' ? plan : null, (outcome: PaymentPollOutcome) => {
    switch (outcome.kind) {
      case 'success':
        placed();
        return;
      case 'failed': {
        if (outcome.refund) {
          refunding(outcome.refund);
          return;
        }
        // the cart stays; /payment shows the message and the customer chooses again
        writePendingPayment(null);
        const state: PaymentErrorState = { paymentError: MESSAGES.paymentFailed };
        void navigate(paths.payment(), { replace: true, state });
        return;
      }
      case 'timeout':
        // SPEC §8 UPI_TRANSACTION_TIMEOUT: the wait for the customer's UPI app ran out
        if (upi) track('payment_error', { code: 'UPI_TRANSACTION_TIMEOUT' });
        // the server may still settle it: the cart offers no second payment until it has
        markStillConfirming(transactionId, amountPaise ?? null);
        setPhase('still');
        return;
    }
  });

  useFollowPayment(
    phase === 'still' ? transactionId : null,
    (outcome: FollowOutcome) => {
      if (outcome.kind === 'success') {
        placed();
        return;
      }
      if (outcome.refund) {
        refunding(outcome.refund);
        return;
      }
      forgetStillConfirming(transactionId);
      writePendingPayment(null);
      setPhase('failed');
    },
    resumed,
  );

  if (phase === 'refund' && refund) return <RefundView transactionId={transactionId} refund={refund} />;

  if (phase === 'failed')
    return (
      <section className="pay-pending" aria-labelledby="pay-pending-text">
        <p id="pay-pending-text" className="pay-pending-text" role="alert">
          {MESSAGES.paymentFailed}
        </p>
        <Link className="btn btn-primary btn-block" to={paths.cart()} replace>
          {pt('backToCart')}
        </Link>
      </section>
    );

  return (
    <section className="pay-pending" aria-labelledby="pay-pending-text">
      <span className="spinner pay-pending-spinner" aria-hidden="true" />
      {phase === 'waiting' ? (
        <>
          <p id="pay-pending-text" className="pay-pending-text" role="status">
            {upi ? pt('approveInUpiApp') : pt('waitingForBank')}
          </p>
          <Countdown endsAt={plan.startedAt + PAYMENT_POLL_TOTAL_SECONDS * 1000} />
        </>
      ) : (
        <p id="pay-pending-text" className="pay-pending-text" role="status">
          {pt('stillConfirming')}
        </p>
      )}
      {amountPaise !== undefined ? (
        <p className="pay-pending-amount" data-testid="pending-amount">
          {formatRupees(paise(amountPaise))}
        </p>
      ) : null}
      {phase === 'waiting' ? <p className="pay-note">{pt('dontLeave')}</p> : null}
    </section>
  );
}

type Refund = NonNullable<Extract<PaymentPollOutcome, { kind: 'failed' }>['refund']>;

/**
 * SPEC §3 REFUND_PAGE: the order was not placed but money was taken. Says so in the server's words, and follows
 * the refund (SPEC §9: every 3 s for 180 s) until the gateway has taken it.
 */
function RefundView({ transactionId, refund }: { transactionId: string; refund: Refund }) {
  const [state, setState] = useState<'PENDING' | 'DONE' | 'LONG'>(refund.state);
  useEffect(() => {
    if (refund.state === 'DONE') return;
    return pollRefund(transactionId, { done: () => setState('DONE'), giveUp: () => setState('LONG') });
  }, [transactionId, refund.state]);
  return (
    <section className="pay-pending pay-refund" aria-labelledby="pay-refund-title">
      <h2 id="pay-refund-title" className="pay-refund-title">
        {pt('refundTitle')}
      </h2>
      <p className="pay-pending-text" role="alert">
        {refund.message}
      </p>
      <p className="pay-refund-state" role="status" data-testid="refund-state">
        {state === 'DONE'
          ? pt('refundDone')
          : state === 'LONG'
            ? pt('refundStillGoing')
            : pt('refundPending')}
      </p>
      {state === 'PENDING' ? <span className="spinner pay-pending-spinner" aria-hidden="true" /> : null}
      <Link className="btn btn-primary btn-block" to={paths.cart()} replace>
        {pt('backToCart')}
      </Link>
      <Link className="btn btn-secondary btn-block" to={paths.orderHistory()}>
        {pt('toOrderHistory')}
      </Link>
    </section>
  );
}

/** m:ss left of the wait, every second; not a live region (a reader would hear it every second). */
function Countdown({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const seconds = Math.max(Math.ceil((endsAt - now) / 1000), 0);
  return (
    <p className="pay-countdown" data-testid="pay-countdown">
      <time
        dateTime={`PT${seconds}S`}
      >{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</time>
    </p>
  );
}
