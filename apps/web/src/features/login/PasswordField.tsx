import { useState } from 'react';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { lg } from './texts.ts';

/** A password input with a show/hide switch: on a phone keyboard a typo is easy and invisible. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  const { id, value, error } = props;
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="password-input">
        <input
          id={id}
          className="input"
          type={shown ? 'text' : 'password'}
          autoComplete={props.autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={128}
          autoFocus={props.autoFocus}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button
          type="button"
          className="link-btn password-toggle"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? lg('hidePassword') : lg('showPassword')}
        </button>
      </div>
      <ErrorText id={`${id}-e`} text={error} />
    </div>
  );
}
