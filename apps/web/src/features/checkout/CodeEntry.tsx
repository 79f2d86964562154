import { useId, useRef, useState, type FormEvent } from 'react';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { blockNonNumericKeys } from '../../shared/customer/mobile.ts';
import { submitOrderCode } from './api.ts';
import { ck } from './texts.ts';

const CODE_RE = /^\d{4,8}$/;
const CODE_MAX = 8;

/**
 * What the customer is asked for: an e-voucher's PIN (EV_PIN), the OTP sent to the number registered to the
 * gift card (EV_OTP: only its last digits are shown), or the COD OTP sent to the order's mobile.
 */
export function promptOf(result: Pick<ConfirmOrderResult, 'nextAction' | 'codeSentTo'>): string {
  const to = result.codeSentTo;
  switch (result.nextAction) {
    case 'EV_PIN':
      return ck('pinPrompt');
    case 'EV_OTP':
      return to ? ck('giftCardOtpPrompt', { to }) : ck('giftCardOtpPromptNoNumber');
    default:
      return to ? ck('otpPrompt', { to }) : ck('otpPromptNoNumber');
  }
}

/**
 * SPEC §4 next actions COD_OTP, EV_OTP and EV_PIN: the order waits for the code sent by SMS (or the
 * e-voucher's PIN). A wrong code shows the server's message under the field; the right one answers THANKYOU.
 */
export function CodeEntry(props: {
  result: ConfirmOrderResult;
  code: 'OTP' | 'PIN';
  onConfirmed: (result: ConfirmOrderResult) => void;
}) {
  const { result, code: kind } = props;
  const id = useId();
  const busy = useRef(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState(false);
  const prompt = promptOf(result);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    if (!CODE_RE.test(code)) {
      setError(ck('codeInvalid'));
      return;
    }
    busy.current = true;
    setSending(true);
    setError(null);
    setNotice(null);
    const out = await submitOrderCode(result.orderId, { code });
    if (out.ok) {
      props.onConfirmed(out.result);
      return;
    }
    busy.current = false;
    setSending(false);
    setError(out.errors[0]?.displayMsg ?? ck('orderNotConfirmed'));
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    const out = await submitOrderCode(result.orderId, { resend: true });
    setResending(false);
    if (out.ok) {
      setCode('');
      setNotice(ck('otpResent'));
    } else setError(out.errors[0]?.displayMsg ?? ck('orderNotConfirmed'));
  };

  return (
    <section className="ck-block ck-code" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="ck-h">
        {ck('codeTitle')}
      </h2>
      <p>{prompt}</p>
      <form className="ck-code-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="field ck-field">
          <label htmlFor={`${id}-c`}>{kind === 'PIN' ? ck('pinLabel') : ck('otpLabel')}</label>
          <input
            id={`${id}-c`}
            className="input ck-code-input"
            type={kind === 'PIN' ? 'password' : 'text'}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={kind === 'PIN' ? 'off' : 'one-time-code'}
            maxLength={CODE_MAX}
            autoFocus
            value={code}
            readOnly={sending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined}
            onKeyDown={blockNonNumericKeys}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_MAX));
              setError(null);
            }}
          />
          <ErrorText id={`${id}-e`} text={error} />
          {notice ? (
            <p className="ck-note" role="status">
              {notice}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? ck('submittingCode') : ck('submitCode')}
        </button>
      </form>
      {kind === 'OTP' ? (
        <button type="button" className="ck-link" disabled={resending} onClick={() => void resend()}>
          {ck('resendOtp')}
        </button>
      ) : null}
    </section>
  );
}
