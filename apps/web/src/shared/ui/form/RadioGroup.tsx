import { Fragment, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ErrorText } from '../ErrorText.tsx';

export interface RadioOption<V extends string | number> {
  value: V;
  /** what the option's label shows beside its radio */
  label: ReactNode;
  disabled?: boolean | undefined;
  /** the label's classes (the screen's chip or card, with its own "is-on") */
  className?: string | undefined;
  /** more for the radio itself: an aria-label, a description's id, a class */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-label' | 'aria-describedby' | 'className'>;
  /** what the labelled radio sits in, with what follows it (a checked option's own fields, say) */
  wrap?: (radio: ReactNode) => ReactNode;
}

/**
 * One choice of several: a fieldset whose legend names it, one native radio per option in one group (so the
 * arrow keys move the choice, as browsers do), and the group's error under it, named by the fieldset's
 * aria-describedby. `id` makes the fieldset a focus target for a screen that focuses its first error.
 */
export function RadioGroup<V extends string | number>({
  id,
  name: given,
  legend,
  legendClassName,
  className,
  options,
  value,
  onChange,
  disabled = false,
  optionsClassName,
  error,
  before,
  after,
}: {
  id?: string;
  /** what the radios' shared name ends with (one of React's ids comes first) */
  name?: string;
  legend: ReactNode;
  legendClassName?: string;
  className?: string;
  options: readonly RadioOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** a box around the options (the screen's chips or cards); none when absent */
  optionsClassName?: string;
  error?: string | null | undefined;
  /** inside the fieldset, between the legend and the options (a hint, a notice) */
  before?: ReactNode;
  /** inside the fieldset, after the options */
  after?: ReactNode;
}) {
  const uid = useId();
  const name = given ? `${uid}-${given}` : uid;
  const errorId = `${id ?? uid}-e`;
  const radios = options.map((o) => {
    const radio = (
      <label key={o.value} className={o.className}>
        <input
          {...o.inputProps}
          type="radio"
          name={name}
          value={o.value}
          checked={value === o.value}
          disabled={disabled || o.disabled}
          onChange={() => onChange(o.value)}
        />
        {o.label}
      </label>
    );
    return o.wrap ? <Fragment key={o.value}>{o.wrap(radio)}</Fragment> : radio;
  });
  return (
    <>
      <fieldset
        id={id}
        className={className}
        tabIndex={id ? -1 : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className={legendClassName}>{legend}</legend>
        {before}
        {optionsClassName ? <div className={optionsClassName}>{radios}</div> : radios}
        {after}
      </fieldset>
      <ErrorText id={errorId} text={error} />
    </>
  );
}
