import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { PasswordInput } from '../../shared/ui/PasswordInput.tsx';
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
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <PasswordInput
        id={id}
        className="password-input"
        toggleClassName="link-btn password-toggle"
        showLabel={lg('showPassword')}
        hideLabel={lg('hidePassword')}
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={128}
        autoFocus={props.autoFocus}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={props.onChange}
      />
      <ErrorText id={`${id}-e`} text={error} />
    </div>
  );
}
