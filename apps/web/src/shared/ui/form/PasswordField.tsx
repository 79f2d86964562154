import { useState } from 'react';
import { Field, splitField, useField, type FieldProps } from './field.tsx';
import { fm } from './texts.ts';

/** The longest password any form takes. */
export const PASSWORD_MAX = 128;

/**
 * A labelled password input with a show/hide switch beside it (on a phone keyboard a typo is easy and
 * invisible). Its look is the screen's: `wrapClassName` boxes the input and the switch, `toggleClassName` is
 * the switch's.
 */
export function PasswordField(
  props: Omit<FieldProps, 'errorReplacesHint'> & {
    value: string;
    onChange: (value: string) => void;
    autoComplete: 'current-password' | 'new-password';
    autoFocus?: boolean | undefined;
    wrapClassName?: string;
    toggleClassName?: string;
  },
) {
  const [
    frame,
    {
      value,
      onChange,
      autoComplete,
      autoFocus,
      wrapClassName = 'password-input',
      toggleClassName = 'link-btn password-toggle',
    },
  ] = splitField(props);
  const field = useField(frame);
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...frame}
      field={field}
      control={
        <div className={wrapClassName}>
          <input
            {...field.control}
            className="input"
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={PASSWORD_MAX}
            autoFocus={autoFocus}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className={toggleClassName}
            aria-controls={field.id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? fm('hidePassword') : fm('showPassword')}
          </button>
        </div>
      }
    />
  );
}
