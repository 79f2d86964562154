import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx, Field, useField, type FieldProps } from './field.tsx';

type Taken = 'id' | 'value' | 'onChange' | 'className' | 'children' | 'aria-invalid' | 'aria-describedby';

/** A labelled select with its hint and error; `placeholder` is the empty first option ("Choose …"). */
export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  labelClassName,
  hintClassName,
  errorReplacesHint,
  children,
  value,
  onChange,
  placeholder,
  options,
  inputClassName,
  ...select
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, Taken> & {
    value: string | number;
    onChange: (value: string) => void;
    placeholder?: string;
    options: readonly { value: string | number; label: ReactNode }[];
    inputClassName?: string;
  }) {
  const field = useField({ id, hint, error, errorReplacesHint });
  return (
    <Field
      field={field}
      label={label}
      hint={hint}
      error={error}
      className={className}
      labelClassName={labelClassName}
      hintClassName={hintClassName}
      control={
        <select
          {...select}
          {...field.control}
          className={cx('input', inputClassName)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      }
    >
      {children}
    </Field>
  );
}
