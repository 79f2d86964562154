import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx, Field, splitField, useField, type FieldProps } from './field.tsx';

type Taken = 'id' | 'value' | 'onChange' | 'className' | 'children' | 'aria-invalid' | 'aria-describedby';

/** A labelled select with its hint and error; `placeholder` is the empty first option ("Choose …"). */
export function SelectField(
  props: FieldProps &
    Omit<SelectHTMLAttributes<HTMLSelectElement>, Taken> & {
      value: string | number;
      onChange: (value: string) => void;
      placeholder?: string;
      options: readonly { value: string | number; label: ReactNode }[];
      inputClassName?: string;
    },
) {
  const [frame, { value, onChange, placeholder, options, inputClassName, ...select }] = splitField(props);
  const field = useField(frame);
  return (
    <Field
      {...frame}
      field={field}
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
    />
  );
}
