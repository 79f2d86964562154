import { cartT } from './texts.ts';
import './stepper.css';

/** − quantity +, for one product or cart line; each button names the product for screen readers. */
export function QuantityStepper({
  name,
  value,
  onDecrease,
  onIncrease,
  disabled = false,
  canIncrease = true,
  canDecrease = true,
}: {
  name: string;
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  disabled?: boolean;
  canIncrease?: boolean;
  canDecrease?: boolean;
}) {
  return (
    <div className="qty" role="group" aria-label={cartT('quantityOf', { name })}>
      <button
        type="button"
        className="qty-btn"
        aria-label={cartT('decrease', { name })}
        disabled={disabled || !canDecrease}
        onClick={onDecrease}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="qty-value" data-testid="qty">
        {value}
      </span>
      <button
        type="button"
        className="qty-btn"
        aria-label={cartT('increase', { name })}
        disabled={disabled || !canIncrease}
        onClick={onIncrease}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
