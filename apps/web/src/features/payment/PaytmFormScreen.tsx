import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaytmBalanceResult } from '@crust/contract/paytm';
import { MESSAGES } from '@crust/domain/messages';
import { mobileError } from '@crust/domain/mobile';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { loadPage } from '../../shared/navigation.ts';
import { pendingFor, writePendingPayment, type PaymentErrorState } from '../../shared/payment/pending.ts';
import { thankYouPath } from '../../shared/payment/thank-you.ts';
import { useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { digitsOnly } from '../../shared/ui/form/input-rules.ts';
import { MobileField } from '../../shared/ui/form/MobileField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { isTransactionId } from './api.ts';
import { NoPendingPayment } from './PaymentPending.tsx';
import {
  paytmBalance,
  sendPaytmOtp,
  submitPaytmOrder,
  verifyPaytmOtp,
  type PaytmOutcome,
} from './paytm-api.ts';
import { pt } from './texts.ts';
import './payment.css';

const OTP_LENGTH = 6;
const rupees = (amountPaise: number) => formatRupees(paise(amountPaise));
const masked = (mobile: string) => `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`;

type Phase =
  | { kind: 'loading' }
  | { kind: 'mobile' }
  | { kind: 'otp'; state: string; sentTo: string }
  | { kind: 'paying' }
  | { kind: 'short'; redirectUrl: string | null; deficitPaise: number | null }
  | { kind: 'problem'; message: string };

/**
 * /paytmForm?transactionId=T… (SPEC §2, §4 "Paytm form"; issue 18 §2): the order's Paytm wallet is linked by the
 * OTP Paytm texts (the order's mobile offered), then the order is submitted (PUT): THANKYOU goes to the thank-you
 * page, PAY_PAGE replaces this page with /payment and says why, PAYTM_ADD_MONEY opens Paytm's add-money page,
 * which sends the browser back here with `addMoney`, and the order is submitted again. A linked wallet with the
 * balance goes straight to the submit, showing its progress.
 */
export default function PaytmFormScreen() {
  const [params] = useSearchParams();
  const transactionId = params.get('transactionId');
  const addMoney = params.get('addMoney');
  return (
    <div className="pay-screen pay-paytm">
      <ScreenHeader title={pt('payByPaytm')} backTo={paths.payment()} />
      <main className="screen screen-column">
        {isTransactionId(transactionId) ? (
          <PaytmForm transactionId={transactionId} addMoney={addMoney} />
        ) : (
          <NoPendingPayment />
        )}
      </main>
    </div>
  );
}

function PaytmForm({ transactionId, addMoney }: { transactionId: string; addMoney: string | null }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [order, setOrder] = useState<PaytmBalanceResult | null>(null);
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const toPayment = useCallback(
    (message: string) => {
      // the cart stays; /payment shows why and the customer chooses another way (this page leaves the history)
      writePendingPayment(null);
      const state: PaymentErrorState = { paymentError: message };
      void navigate(paths.payment(), { replace: true, state });
    },
    [navigate],
  );

  const submit = useCallback(async () => {
    setPhase({ kind: 'paying' });
    const out = await submitPaytmOrder(transactionId);
    if (!out.ok) {
      setPhase({ kind: 'problem', message: out.errors[0]?.displayMsg ?? MESSAGES.somethingWentWrongRetry });
      return;
    }
    const next = out.data;
    switch (next.nextAction) {
      case 'THANKYOU':
        void navigate(thankYouPath(transactionId, pendingFor(transactionId)?.deliveryType), {
          replace: true,
        });
        return;
      case 'PAY_PAGE':
        toPayment(next.displayMsg ?? MESSAGES.paymentFailed);
        return;
      case 'PAYTM_ADD_MONEY':
        setPhase({ kind: 'short', redirectUrl: next.redirectUrl ?? null, deficitPaise: null });
        if (next.redirectUrl) loadPage(next.redirectUrl);
        return;
      case 'PAYTM_LINK':
        setPhase({ kind: 'mobile' });
        return;
      case 'PAYTM_WITHDRAW_MONEY':
        setPhase({ kind: 'problem', message: pt('paytmNotYet') });
        return;
    }
  }, [navigate, toPayment, transactionId]);

  // where the order stands: linked?, enough?, or over already
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const out: PaytmOutcome<PaytmBalanceResult> = await paytmBalance(transactionId, controller.signal);
      if (controller.signal.aborted) return;
      if (!out.ok) {
        setPhase({ kind: 'problem', message: out.errors[0]?.displayMsg ?? MESSAGES.somethingWentWrongRetry });
        return;
      }
      const b = out.data;
      setOrder(b);
      setMobile(b.mobile);
      switch (b.nextAction) {
        case 'THANKYOU':
          void navigate(thankYouPath(transactionId, pendingFor(transactionId)?.deliveryType), {
            replace: true,
          });
          return;
        case 'PAY_PAGE':
          toPayment(MESSAGES.paymentFailed);
          return;
        case 'PAYTM_LINK':
          setPhase({ kind: 'mobile' });
          return;
        case 'PAYTM_WITHDRAW_MONEY':
          void submit();
          return;
        case 'PAYTM_ADD_MONEY':
          if (addMoney === 'CANCELLED') setNotice(pt('paytmAddMoneyCancelled'));
          setPhase({ kind: 'short', redirectUrl: b.redirectUrl ?? null, deficitPaise: b.deficitPaise });
          return;
      }
    })();
    return () => controller.abort();
  }, [transactionId, addMoney, navigate, toPayment, submit]);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (inFlight.current) return;
    const problem = mobileError(mobile);
    if (problem) {
      setFieldError(problem);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFieldError(null);
    setNotice(null);
    const out = await sendPaytmOtp(transactionId, mobile);
    inFlight.current = false;
    setBusy(false);
    if (!out.ok) {
      setFieldError(out.errors[0]?.displayMsg ?? MESSAGES.somethingWentWrongRetry);
      return;
    }
    setOtp('');
    setPhase({ kind: 'otp', state: out.data.state, sentTo: out.data.codeSentTo });
  };

  const verify = async (e: FormEvent, state: string) => {
    e.preventDefault();
    if (inFlight.current || !order) return;
    if (otp.length !== OTP_LENGTH) {
      setFieldError(pt('paytmOtpInvalid'));
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFieldError(null);
    setNotice(null);
    const out = await verifyPaytmOtp({ transactionId, mobile, state, cartId: order.cartId, otp });
    inFlight.current = false;
    setBusy(false);
    if (!out.ok) {
      setFieldError(out.errors[0]?.displayMsg ?? MESSAGES.somethingWentWrongRetry);
      return;
    }
    void submit();
  };

  const amount = order ? rupees(order.amountPaise) : null;
  return (
    <>
      {order ? (
        <div className="pay-amount card">
          <span className="pay-amount-label">{pt('amountToPay')}</span>
          <strong className="pay-amount-value" data-testid="pay-amount">
            {amount}
          </strong>
          {order.linked ? (
            <span className="pay-amount-wallet" data-testid="paytm-linked">
              {pt('paytmLinked', { mobile: masked(order.mobile) })}
              {order.balancePaise !== null
                ? ` · ${pt('paytmBalance', { amount: rupees(order.balancePaise) })}`
                : ''}
            </span>
          ) : null}
        </div>
      ) : null}
      {phase.kind === 'loading' ? (
        <p className="pay-hint" role="status">
          {pt('paytmLoading')}
        </p>
      ) : null}
      {phase.kind === 'mobile' ? (
        <form className="card pay-upi" noValidate onSubmit={(e) => void send(e)}>
          <p className="pay-hint">{pt('paytmLinkHint')}</p>
          <MobileField
            label={pt('paytmMobile')}
            value={mobile}
            error={fieldError}
            onChange={(typed) => {
              setMobile(digitsOnly(typed, 10));
              setFieldError(null);
            }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? pt('sendingOtp') : pt('sendOtp')}
          </button>
        </form>
      ) : null}
      {phase.kind === 'otp' ? (
        <form className="card pay-upi" noValidate onSubmit={(e) => void verify(e, phase.state)}>
          <p className="pay-hint">{pt('paytmOtpSentTo', { to: phase.sentTo })}</p>
          <TextField
            label={pt('paytmOtpLabel')}
            type="text"
            numeric
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            autoFocus
            value={otp}
            readOnly={busy}
            error={fieldError}
            onChange={(typed) => {
              setOtp(digitsOnly(typed, OTP_LENGTH));
              setFieldError(null);
            }}
          >
            {notice ? (
              <p className="pay-hint" role="status">
                {notice}
              </p>
            ) : null}
          </TextField>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? pt('verifyingOtp') : pt('verifyOtp')}
          </button>
          <div className="pay-links">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void send()}>
              {pt('resendOtp')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setFieldError(null);
                setPhase({ kind: 'mobile' });
              }}
            >
              {pt('changeNumber')}
            </button>
          </div>
        </form>
      ) : null}
      {phase.kind === 'paying' ? (
        <div className="card pay-upi" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p className="pay-hint">{pt('paytmPaying', { amount: amount ?? '' })}</p>
          <p className="pay-hint">{pt('dontLeave')}</p>
        </div>
      ) : null}
      {phase.kind === 'short' ? (
        <section className="card pay-upi">
          {notice ? (
            <p className="pay-hint" role="status">
              {notice}
            </p>
          ) : null}
          {phase.deficitPaise !== null ? (
            <p className="pay-hint">{pt('paytmShort', { amount: rupees(phase.deficitPaise) })}</p>
          ) : null}
          {phase.redirectUrl ? (
            <a className="btn btn-primary btn-block" href={phase.redirectUrl}>
              {phase.deficitPaise !== null
                ? pt('paytmAddMoney', { amount: rupees(phase.deficitPaise) })
                : pt('paytmAddMoney', { amount: '' }).trim()}
            </a>
          ) : null}
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => toPayment(pt('payAnotherWay'))}
          >
            {pt('payAnotherWay')}
          </button>
        </section>
      ) : null}
      {phase.kind === 'problem' ? (
        <section className="card pay-upi" role="alert">
          <p className="pay-hint">{phase.message}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => void submit()}>
            {pt('retry')}
          </button>
        </section>
      ) : null}
    </>
  );
}
