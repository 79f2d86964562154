import { useState } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { MobileField, useMobileInput } from '../../shared/ui/form/MobileField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useFormSubmit } from '../../shared/ui/form/use-form-submit.ts';
import { lookupOrder } from './api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { trackingPath } from '../../shared/tracking/paths.ts';
import { tk } from './texts.ts';
import { orderNumberError, trackMobileError } from './validation.ts';
import './tracking.css';

/** the contract's order number: up to 12 digits */
const ORDER_NUMBER_MAX = 12;

/** /track: find an order by mobile number and order number, then open its tracker (SPEC §4 redirect rule). */
export default function TrackScreen() {
  const navigate = useNavigate();
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
          <MobileField autoFocus {...mobile.field} />
          <TextField
            label={tk('orderIdLabel')}
            hint={tk('orderIdHint')}
            hintClassName="trk-hint"
            errorReplacesHint
            type="text"
            numeric
            autoComplete="off"
            maxLength={ORDER_NUMBER_MAX}
            value={orderNumber}
            error={orderErr}
            onChange={form.edit(setOrderNumber)}
          />
          <ErrorText text={form.failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? tk('tracking') : tk('trackButton')}
          </button>
        </form>
      </main>
    </div>
  );
}
