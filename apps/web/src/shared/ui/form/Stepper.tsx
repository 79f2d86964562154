import { useId } from 'react';
import { cx } from './field.tsx';
import { fm } from './texts.ts';
import './stepper.css';

/**
 * − value +: a number between `min` and `max`, one step a tap (a button is off at its bound). `onChange`
 * gets the next value and the step taken. Two looks, by their classes: `qty` (one pill: menu cards, cart
 * lines) and `stepper` (two round buttons). With a `label`, the three are a group of that name.
 */
export function Stepper({
  value,
  min = 0,
  max = Infinity,
  onChange,
  lessLabel,
  moreLabel,
  label,
  disabled = false,
  look = 'qty',
  live = false,
}: {
  value: number;
  min?: number;
  max?: number;
  onChange: (next: number, step: 1 | -1) => void;
  lessLabel: string;
  moreLabel: string;
  label?: string;
  disabled?: boolean;
  look?: 'qty' | 'stepper';
  /** announce the value as it changes (an output, a status region) */
  live?: boolean;
}) {
  return (
    <div className={look} role={label ? 'group' : undefined} aria-label={label}>
      <button
        type="button"
        className={`${look}-btn`}
        aria-label={lessLabel}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1, -1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      {live ? (
        // an output is a live status region: the new value is read out as it changes
        <output className={`${look}-value`} data-testid="qty" aria-live="polite">
          {value}
        </output>
      ) : (
        <span className={`${look}-value`} data-testid="qty">
          {value}
        </span>
      )}
      <button
        type="button"
        className={`${look}-btn`}
        aria-label={moreLabel}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1, 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/** The names of a product's quantity stepper: the group and each button name the product for screen readers. */
export function quantityLabels(name: string) {
  return {
    label: fm('quantityOf', { name }),
    lessLabel: fm('decrease', { name }),
    moreLabel: fm('increase', { name }),
  };
}

/**
 * A stepper with its title and hint beside it, the three a group named by the title (`compact`: the title is
 * for screen readers only).
 */
export function StepperField({
  title,
  hint,
  titleClassName,
  hintClassName,
  className,
  compact = false,
  ...stepper
}: Omit<Parameters<typeof Stepper>[0], 'label' | 'look' | 'live'> & {
  title: string;
  hint?: string | undefined;
  titleClassName?: string;
  hintClassName?: string;
  className?: string;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div
      className={cx('stepper-block', compact && 'stepper-compact', className)}
      role="group"
      aria-labelledby={`${id}-t`}
    >
      <div className="stepper-text">
        <h2 id={`${id}-t`} className={compact ? 'visually-hidden' : titleClassName}>
          {title}
        </h2>
        {hint ? <p className={hintClassName}>{hint}</p> : null}
      </div>
      <Stepper {...stepper} look="stepper" live />
    </div>
  );
}
