import { useState } from 'react';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { mobileError } from '@crust/domain/mobile';
import { fm } from './texts.ts';
import { TextField } from './TextField.tsx';
import './mobile.css';

/**
 * The +91 mobile number input (SPEC §5 Mobile): a numeric keypad, e, E, +, - and a dot blocked, at most the
 * configured number of digits. The rule's message is the caller's `error`.
 */
export function MobileField(props: {
  id?: string;
  label?: string;
  value: string;
  error: string | null | undefined;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label ?? fm('mobileLabel')}
      wrapClassName="phone-input"
      before={
        <span className="phone-cc" aria-hidden="true">
          {fm('countryCode')}
        </span>
      }
      type="tel"
      numeric
      autoComplete="tel-national"
      maxLength={PHONE_LENGTH}
      autoFocus={props.autoFocus}
      value={props.value}
      error={props.error}
      onChange={props.onChange}
    />
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
