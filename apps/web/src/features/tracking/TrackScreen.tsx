import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { useFormSubmit } from '../../shared/ui/use-form-submit.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- issue 13 §2: the form kit moves this to shared/ui
import { MobileField, useMobileInput } from '../login/MobileField.tsx';
import { blockNonNumericKeys } from '../../shared/customer/mobile.ts';
import { lookupOrder } from './api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { trackingPath } from '../../shared/tracking/paths.ts';
import { tk } from './texts.ts';
import { orderNumberError, trackMobileError } from './validation.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- issue 13 §2: the form kit moves this to shared/ui
import '../login/login.css';
import './tracking.css';

/** the contract's order number: up to 12 digits */
const ORDER_NUMBER_MAX = 12;

/** /track: find an order by mobile number and order number, then open its tracker (SPEC §4 redirect rule). */
export default function TrackScreen() {
  const navigate = useNavigate();
  const id = useId();
  const form = useFormSubmit(messageOf);
  const mobile = useMobileInput(form, '', trackMobileError);
  const [orderNumber, setOrderNumber] = useState('');

  const orderErr = form.submitted ? orderNumberError(orderNumber) : null;

  const onSubmit = form.onSubmit(mobile.error || orderNumberError(orderNumber), async () => {
    const found = await lookupOrder({ mobile: mobile.number, orderNumber: orderNumber.trim() });
    void navigate(trackingPath(found));
  });

  return (
    <div className="trk-screen">
      <ScreenHeader title={tk('trackTitle')} />
      <main className="screen screen-column">
        <p className="trk-intro">{tk('trackIntro')}</p>
        <form className="trk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField id={`${id}-m`} autoFocus {...mobile.field} />
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
              onChange={(e) => form.edit(setOrderNumber)(e.target.value)}
            />
            {orderErr ? (
              <ErrorText id={`${id}-oe`} text={orderErr} />
            ) : (
              <p id={`${id}-oh`} className="trk-hint">
                {tk('orderIdHint')}
              </p>
            )}
          </div>
          <ErrorText text={form.failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? tk('tracking') : tk('trackButton')}
          </button>
        </form>
      </main>
    </div>
  );
}
