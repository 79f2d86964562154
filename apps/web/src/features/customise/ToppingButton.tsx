import { useId } from 'react';
import type { Topping } from '@crust/contract';

/** One topping, on or off (aria-pressed), with a note (its price, or why it cannot be had). */
export function ToppingButton({
  topping,
  pressed,
  disabled = false,
  note,
  label,
  onClick,
}: {
  topping: Topping;
  pressed: boolean;
  disabled?: boolean;
  note?: string | undefined;
  label?: string;
  onClick: () => void;
}) {
  const noteId = useId();
  return (
    <button
      type="button"
      className="topping"
      aria-pressed={pressed}
      aria-label={label ?? topping.name}
      aria-describedby={note ? noteId : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="topping-check" aria-hidden="true" />
      <span className="topping-name">{topping.name}</span>
      {note ? (
        <span id={noteId} className="topping-note">
          {note}
        </span>
      ) : null}
    </button>
  );
}
