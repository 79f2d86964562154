import { useState, type InputHTMLAttributes } from 'react';

/**
 * A password input with a show/hide switch beside it (on a phone keyboard a typo is easy and invisible). The
 * screen brings its own words for the switch and its own look: `className` wraps the two, `toggleClassName`
 * is the switch's.
 */
export function PasswordInput({
  id,
  className,
  toggleClassName,
  showLabel,
  hideLabel,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className' | 'onChange'> & {
  id: string;
  className: string;
  toggleClassName: string;
  showLabel: string;
  hideLabel: string;
  onChange: (value: string) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className={className}>
      <input
        {...input}
        id={id}
        className="input"
        type={shown ? 'text' : 'password'}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className={toggleClassName}
        aria-controls={id}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? hideLabel : showLabel}
      </button>
    </div>
  );
}
