import { useId } from 'react';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import type { FieldKey } from './form.ts';
import { slotLabel } from './slots.ts';
import { ck } from './texts.ts';

/**
 * Now, or an advance slot (packages/domain checkout-advance). A store that is offline (SPEC §4 Store
 * selection, §8 "Store is currently offline, browse menu or book an advance order") or outside its hours
 * (saying when it opens) takes advance orders only: "Now" is off and the reason shows above the slots.
 */
export function WhenSection(props: {
  fieldId: (f: FieldKey) => string;
  when: 'NOW' | 'LATER';
  /** why only a later slot can be had; null when "Now" can */
  notNow: string | null;
  slots: readonly number[];
  slotMs: number | null;
  nowMs: number;
  error: string | undefined;
  onWhen: (when: 'NOW' | 'LATER') => void;
  onSlot: (slotMs: number | null) => void;
}) {
  const name = useId();
  const slotId = props.fieldId('slot');
  const later = props.notNow !== null || props.when === 'LATER';
  return (
    <fieldset className="ck-block">
      <legend className="ck-h legend-heading">{ck('when')}</legend>
      {props.notNow ? (
        <p className="ck-warn" role="alert" data-testid="store-status">
          {props.notNow}
        </p>
      ) : null}
      <div className="ck-chips">
        <label className={`ck-chip${!later ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={`${name}-when`}
            value="NOW"
            checked={!later}
            disabled={props.notNow !== null}
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
