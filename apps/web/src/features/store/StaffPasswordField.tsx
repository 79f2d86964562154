import { PasswordInput } from '../../shared/ui/PasswordInput.tsx';
import { sc } from './texts.ts';

/**
 * A labelled staff password input with the shared show/hide switch, in the console's look: the login's password
 * and the two of a first login's new password. A hint, when given, shows under the input and describes it.
 */
export function StaffPasswordField(props: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: { id: string; text: string };
  value: string;
  onChange: (value: string) => void;
}) {
  const { id, hint } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <PasswordInput
        id={id}
        className="sc-password"
        toggleClassName="sc-link-btn"
        showLabel={sc('showPassword')}
        hideLabel={sc('hidePassword')}
        autoComplete={props.autoComplete}
        aria-describedby={hint?.id}
        maxLength={128}
        value={props.value}
        onChange={props.onChange}
      />
      {hint && (
        <p id={hint.id} className="sc-muted sc-hint">
          {hint.text}
        </p>
      )}
    </div>
  );
}
