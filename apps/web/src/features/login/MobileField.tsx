import { useState } from 'react';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { blockNonNumericKeys, mobileError } from './mobile.ts';
import { lg } from './texts.ts';

/** The +91 mobile number input of every login screen (SPEC §5 Mobile: digits only, 10 of them). */
export function MobileField(props: {
  id: string;
  value: string;
  error: string | null;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  const { id, value, error } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{lg('mobileLabel')}</label>
      <div className="phone-input">
        <span className="phone-cc" aria-hidden="true">
          {lg('countryCode')}
        </span>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_LENGTH}
          autoFocus={props.autoFocus}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onKeyDown={blockNonNumericKeys}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <ErrorText id={`${id}-e`} text={error} />
    </div>
  );
}

/**
 * The mobile number of a form (see useFormSubmit): what was typed, trimmed (`number`), the rule's verdict
 * (`error`), and <MobileField>'s value, shown error and onChange.
 */
export function useMobileInput(
  form: { submitted: boolean; edit: (set: (value: string) => void) => (value: string) => void },
  initial: string | (() => string),
  rule: (number: string) => string | null = mobileError,
) {
  const [value, setValue] = useState(initial);
  const number = value.trim();
  const error = rule(number);
  return {
    number,
    error,
    field: { value, error: form.submitted ? error : null, onChange: form.edit(setValue) },
  };
}
