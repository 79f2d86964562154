import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { MobileField } from '../login/MobileField.tsx';
import { blockNonNumericKeys } from '../login/mobile.ts';
import { lookupOrder, messageOf } from './api.ts';
import { trackingPath } from './paths.ts';
import { tk } from './texts.ts';
import { orderNumberError, trackMobileError } from './validation.ts';
import '../login/login.css';
import './tracking.css';

/** the contract's order number: up to 12 digits */
const ORDER_NUMBER_MAX = 12;

/** /track: find an order by mobile number and order number, then open its tracker (SPEC §4 redirect rule). */
export default function TrackScreen() {
  const navigate = useNavigate();
  const id = useId();
  const [mobile, setMobile] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const mobileErr = submitted ? trackMobileError(mobile) : null;
  const orderErr = submitted ? orderNumberError(orderNumber) : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || trackMobileError(mobile) || orderNumberError(orderNumber)) return;
    setBusy(true);
    setFailure(null);
    try {
      const found = await lookupOrder({ mobile: mobile.trim(), orderNumber: orderNumber.trim() });
      void navigate(trackingPath(found));
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <div className="trk-screen">
      <ScreenHeader title={tk('trackTitle')} />
      <main className="screen trk-main">
        <p className="trk-intro">{tk('trackIntro')}</p>
        <form className="trk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField
            id={`${id}-m`}
            value={mobile}
            error={mobileErr}
            autoFocus
            onChange={(v) => {
              setMobile(v);
              setFailure(null);
            }}
          />
          <div className="field">
            <label htmlFor={`${id}-o`}>{tk('orderIdLabel')}</label>
            <input
              id={`${id}-o`}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={ORDER_NUMBER_MAX}
              value={orderNumber}
              aria-invalid={orderErr ? true : undefined}
              aria-describedby={orderErr ? `${id}-oe` : `${id}-oh`}
              onKeyDown={blockNonNumericKeys}
              onChange={(e) => {
                setOrderNumber(e.target.value);
                setFailure(null);
              }}
            />
            {orderErr ? (
              <ErrorText id={`${id}-oe`} text={orderErr} />
            ) : (
              <p id={`${id}-oh`} className="trk-hint">
                {tk('orderIdHint')}
              </p>
            )}
          </div>
          <ErrorText text={failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? tk('tracking') : tk('trackButton')}
          </button>
        </form>
      </main>
    </div>
  );
}
