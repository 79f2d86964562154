import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
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
  /** the remote config's advance_order feature (a store taking advance orders only offers it regardless) */
  laterOffered: boolean;
  slots: readonly number[];
  slotMs: number | null;
  nowMs: number;
  error: string | undefined;
  onWhen: (when: 'NOW' | 'LATER') => void;
  onSlot: (slotMs: number | null) => void;
}) {
  const slotId = props.fieldId('slot');
  const later = props.notNow !== null || props.when === 'LATER';
  const chip = (on: boolean) => `ck-chip${on ? ' is-on' : ''}`;
  return (
    <RadioGroup
      name="when"
      legend={ck('when')}
      legendClassName="ck-h legend-heading"
      className="ck-block"
      optionsClassName="ck-chips"
      value={later ? 'LATER' : 'NOW'}
      onChange={props.onWhen}
      options={[
        {
          value: 'NOW',
          label: <span>{ck('now')}</span>,
          className: chip(!later),
          disabled: props.notNow !== null,
        },
        ...(props.laterOffered
          ? [{ value: 'LATER' as const, label: <span>{ck('later')}</span>, className: chip(later) }]
          : []),
      ]}
      before={
        props.notNow ? (
          <p className="ck-warn" role="alert" data-testid="store-status">
            {props.notNow}
          </p>
        ) : null
      }
      after={
        later ? (
          props.slots.length === 0 ? (
            <>
              <p className="ck-muted">{ck('noSlots')}</p>
              <ErrorText id={`${slotId}-e`} text={props.error} />
            </>
          ) : (
            <SelectField
              id={slotId}
              className="ck-field"
              label={ck('slot')}
              value={props.slotMs ?? ''}
              error={props.error}
              placeholder={ck('chooseSlot')}
              options={props.slots.map((s) => ({ value: s, label: slotLabel(s, props.nowMs) }))}
              onChange={(v) => props.onSlot(v ? Number(v) : null)}
            />
          )
        ) : null
      }
    />
  );
}
