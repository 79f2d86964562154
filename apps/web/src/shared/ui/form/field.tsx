import { useId, type ReactNode } from 'react';
import { ErrorText } from '../ErrorText.tsx';

/** What every field of the kit says: its label, an optional hint, and the error to show (none: valid). */
export interface FieldText {
  /** the input's id; one of React's own when not given (a screen that focuses its first error passes its own) */
  id?: string | undefined;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
}

/** How a field sits on its screen: class names that screen's CSS knows. */
export interface FieldLook {
  /** added to `field` on the wrapper */
  className?: string | undefined;
  labelClassName?: string | undefined;
  hintClassName?: string | undefined;
  /** the error takes the hint's place instead of showing under it */
  errorReplacesHint?: boolean | undefined;
  /** shown under the error, inside the field (a "code sent" notice, say) */
  children?: ReactNode;
}

export type FieldProps = FieldText & FieldLook;

/**
 * A field component's props in two: the frame's (label, hint, error, look: what `Field` and `useField` take)
 * and the rest, for the control.
 */
export function splitField<P extends FieldProps>({
  id,
  label,
  hint,
  error,
  className,
  labelClassName,
  hintClassName,
  errorReplacesHint,
  children,
  ...control
}: P) {
  const frame: FieldProps = {
    id,
    label,
    hint,
    error,
    className,
    labelClassName,
    hintClassName,
    errorReplacesHint,
    children,
  };
  return [frame, control] as const;
}

export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The ids and aria wiring of one control: the hint's and the error's ids (`<id>-h`, `<id>-e`), and what the
 * control carries: aria-invalid while there is an error, aria-describedby naming the hint and the error shown.
 */
export function useField({
  id: given,
  hint,
  error,
  errorReplacesHint = false,
}: {
  id?: string | undefined;
  hint?: ReactNode;
  error?: string | null | undefined;
  errorReplacesHint?: boolean | undefined;
}) {
  const own = useId();
  const id = given ?? own;
  const hintId = `${id}-h`;
  const errorId = `${id}-e`;
  const showHint = !!hint && !(errorReplacesHint && error);
  const describedBy = cx(showHint && hintId, !!error && errorId);
  return {
    id,
    hintId,
    errorId,
    showHint,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  } as const;
}

/** A field's frame: label, the control, hint, error (and whatever `children` adds), in a `.field`. */
export function Field({
  field,
  label,
  hint,
  error,
  className,
  labelClassName,
  hintClassName,
  children,
  control,
}: FieldProps & {
  field: ReturnType<typeof useField>;
  control: ReactNode;
}) {
  return (
    <div className={cx('field', className)}>
      <label htmlFor={field.id} className={labelClassName}>
        {label}
      </label>
      {control}
      {field.showHint ? (
        <span id={field.hintId} className={hintClassName}>
          {hint}
        </span>
      ) : null}
      <ErrorText id={field.errorId} text={error} />
      {children}
    </div>
  );
}
