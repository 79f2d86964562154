import {
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { cx, Field, splitField, useField, type FieldProps } from './field.tsx';
import { blockNonNumericKeys } from './input-rules.ts';
import { fm } from './texts.ts';

type Taken = 'id' | 'value' | 'onChange' | 'className' | 'children' | 'aria-invalid' | 'aria-describedby';

/**
 * A labelled text input with its hint and error (the field's limit is its `maxLength`: what goes past it is not
 * taken, and the field says so instead of cutting silently — "Tower 3, 9th floor" is not quietly "Tower 3, 9"). `numeric` follows
 * SPEC §5 Generic: a numeric keypad, and e, E, +, - and a dot blocked. `before`/`after` sit beside the input
 * in a `wrapClassName` box (a +91 prefix, a card's brand, a button).
 */
export function TextField(
  props: FieldProps &
    Omit<InputHTMLAttributes<HTMLInputElement>, Taken> & {
      value: string;
      /** absent for a read-only field */
      onChange?: (value: string) => void;
      numeric?: boolean;
      inputClassName?: string;
      inputRef?: Ref<HTMLInputElement>;
      wrapClassName?: string;
      before?: ReactNode;
      after?: ReactNode;
    },
) {
  const [
    frame,
    {
      value,
      onChange,
      numeric = false,
      inputClassName,
      inputRef,
      wrapClassName,
      before,
      after,
      onKeyDown,
      inputMode,
      maxLength,
      ...input
    },
  ] = splitField(props);
  const [cut, setCut] = useState(false);
  // a number's own rules say what is wrong with a long one; any other text names its limit when it is reached
  const limit = numeric ? undefined : maxLength;
  if (limit !== undefined && (cut || value.length >= limit))
    frame.hint = fm(cut ? 'textCut' : 'textFull', { max: limit });
  const field = useField(frame);
  const keyDown = numeric
    ? (e: KeyboardEvent<HTMLInputElement>) => {
        blockNonNumericKeys(e);
        onKeyDown?.(e);
      }
    : onKeyDown;
  let control: ReactNode = (
    <input
      {...input}
      {...field.control}
      ref={inputRef}
      className={cx('input', inputClassName)}
      inputMode={inputMode ?? (numeric ? 'numeric' : undefined)}
      value={value}
      maxLength={numeric ? maxLength : undefined}
      onKeyDown={keyDown}
      onChange={
        onChange
          ? (e) => {
              const next = e.target.value;
              const over = limit !== undefined && next.length > limit;
              setCut(over);
              onChange(over ? next.slice(0, limit) : next);
            }
          : undefined
      }
    />
  );
  if (wrapClassName || before || after)
    control = (
      <div className={wrapClassName}>
        {before}
        {control}
        {after}
      </div>
    );
  return <Field {...frame} field={field} control={control} />;
}

/** TextField's many-line sibling: a labelled textarea with its hint and error. */
export function TextAreaField(
  props: FieldProps &
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Taken> & {
      value: string;
      onChange: (value: string) => void;
      inputClassName?: string;
    },
) {
  const [frame, { value, onChange, inputClassName, ...textarea }] = splitField(props);
  const field = useField(frame);
  return (
    <Field
      {...frame}
      field={field}
      control={
        <textarea
          {...textarea}
          {...field.control}
          className={cx('input', inputClassName)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      }
    />
  );
}
