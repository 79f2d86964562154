import type { ReactNode } from 'react';
import { useField } from './field.tsx';

/**
 * A checkbox inside its label (the whole line is the tap target), with an optional hint under it that the
 * box names as its description.
 */
export function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
  className,
  hintClassName,
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  hintClassName?: string;
}) {
  const field = useField({ id, hint });
  return (
    <>
      <label className={className}>
        <input
          {...field.control}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {field.showHint ? (
        <span id={field.hintId} className={hintClassName}>
          {hint}
        </span>
      ) : null}
    </>
  );
}
