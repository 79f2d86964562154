import { useId } from 'react';
import { assertNever, type DeliveryType } from '@crust/domain/delivery-types';
import { t } from '../i18n/index.ts';
import { lt } from './texts.ts';
import './order-types.css';

/** The order types offered up front (SPEC §1; train orders have their own entry). */
export type OrderTypeChoice = 'D' | 'P' | 'DINEIN' | 'CURB';

const CHOICES: { value: OrderTypeChoice; label: string; hint: string }[] = [
  { value: 'D', label: t('delivery'), hint: lt('deliveryHint') },
  { value: 'P', label: t('takeawayDineIn'), hint: lt('pickupHint') },
  { value: 'DINEIN', label: t('dineIn'), hint: lt('dineInHint') },
  { value: 'CURB', label: t('curbside'), hint: lt('curbHint') },
];

/** The card a stored type shows as: takeaway (T) reached by a deep link counts as Takeaway/Dine-in. */
export function orderTypeChoiceOf(type: DeliveryType): OrderTypeChoice | null {
  switch (type) {
    case 'D':
    case 'DINEIN':
    case 'CURB':
    case 'P':
      return type;
    case 'T':
      return 'P';
    case 'IRCTC':
      return null;
    default:
      return assertNever(type);
  }
}

/** "Takeaway/Dine-in" may wrap after the slash, never at a hyphen. */
function BreakableLabel({ text }: { text: string }) {
  const parts = text.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="nowrap">
          {part}
          {i < parts.length - 1 ? '/' : ''}
          {i < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  );
}

/** Delivery, Takeaway/Dine-in, Dine-in or Drive-n-Pick, as radio cards. */
export function OrderTypePicker({
  value,
  onChange,
  legendId,
}: {
  value: DeliveryType;
  onChange: (type: OrderTypeChoice) => void;
  /** the legend's id, for a region the picker heads */
  legendId?: string;
}) {
  const name = useId();
  const chosen = orderTypeChoiceOf(value);
  return (
    <fieldset className="order-types">
      <legend id={legendId} className="order-types-legend">
        {lt('orderTypeLegend')}
      </legend>
      <div className="order-types-options">
        {CHOICES.map((o) => (
          <label key={o.value} className={`order-type${chosen === o.value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={name}
              value={o.value}
              aria-label={o.label}
              checked={chosen === o.value}
              onChange={() => onChange(o.value)}
            />
            <span className="order-type-label">
              <BreakableLabel text={o.label} />
            </span>
            <span className="order-type-hint" aria-hidden="true">
              {o.hint}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
