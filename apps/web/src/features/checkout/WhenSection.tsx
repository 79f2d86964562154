import { useId } from 'react';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import type { FieldKey } from './form.ts';
import { slotLabel } from './slots.ts';
import { ck } from './texts.ts';

/**
 * Now, or an advance slot (packages/domain checkout-advance). An offline store takes advance orders only
 * (SPEC §4 Store selection, §8 "Store is currently offline, browse menu or book an advance order").
 */
export function WhenSection(props: {
  fieldId: (f: FieldKey) => string;
  when: 'NOW' | 'LATER';
  offline: boolean;
  slots: readonly number[];
  slotMs: number | null;
  nowMs: number;
  error: string | undefined;
  onWhen: (when: 'NOW' | 'LATER') => void;
  onSlot: (slotMs: number | null) => void;
}) {
  const name = useId();
  const slotId = props.fieldId('slot');
  const later = props.offline || props.when === 'LATER';
  return (
    <fieldset className="ck-block">
      <legend className="ck-h legend-heading">{ck('when')}</legend>
      {props.offline ? (
        <p className="ck-warn" role="alert">
          {ck('storeOffline')}
        </p>
      ) : null}
      <div className="ck-chips">
        <label className={`ck-chip${!later ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={`${name}-when`}
            value="NOW"
            checked={!later}
            disabled={props.offline}
            onChange={() => props.onWhen('NOW')}
          />
          <span>{ck('now')}</span>
        </label>
        <label className={`ck-chip${later ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={`${name}-when`}
            value="LATER"
            checked={later}
            onChange={() => props.onWhen('LATER')}
          />
          <span>{ck('later')}</span>
        </label>
      </div>
      {later ? (
        props.slots.length === 0 ? (
          <p className="ck-muted">{ck('noSlots')}</p>
        ) : (
          <div className="field ck-field">
            <label htmlFor={slotId}>{ck('slot')}</label>
            <select
              id={slotId}
              className="input"
              value={props.slotMs ?? ''}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? `${slotId}-e` : undefined}
              onChange={(e) => props.onSlot(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{ck('chooseSlot')}</option>
              {props.slots.map((s) => (
                <option key={s} value={s}>
                  {slotLabel(s, props.nowMs)}
                </option>
              ))}
            </select>
          </div>
        )
      ) : null}
      <ErrorText id={`${slotId}-e`} text={later ? props.error : undefined} />
    </fieldset>
  );
}
