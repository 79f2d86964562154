import { useId } from 'react';
import type { Address } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { TextAreaField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { AddAddressLink, AddressSummary, GuestLoginLine } from '../../shared/account/AddressParts.tsx';
import { INSTRUCTIONS_MAX, type FieldKey } from './form.ts';
import { ck } from './texts.ts';

/** Where a delivery goes: the saved (or, for a guest, device-kept) addresses, instructions, zero contact. */
export function DeliverySection(props: {
  fieldId: (f: FieldKey) => string;
  addresses: readonly Address[];
  loading: boolean;
  loggedIn: boolean;
  chosen: Address | undefined;
  error: string | undefined;
  instructions: string;
  zeroContact: boolean;
  onChoose: (addressId: string) => void;
  onAddNew: () => void;
  onInstructions: (text: string) => void;
  onZeroContact: (on: boolean) => void;
}) {
  const name = useId();
  const { fieldId, error } = props;
  return (
    <section className="ck-block" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`} className="ck-h">
        {ck('deliverTo')}
      </h2>
      {props.loggedIn ? null : <GuestLoginLine redirectUrl={paths.payment()} />}
      <RadioGroup
        id={fieldId('address')}
        name="address"
        className="ck-choices"
        legend={ck('deliverTo')}
        legendClassName="visually-hidden"
        error={error}
        value={props.chosen?.addressId ?? null}
        onChange={props.onChoose}
        before={
          props.loading ? (
            <Spinner />
          ) : props.addresses.length === 0 ? (
            <p className="ck-muted">{ck('noAddresses')}</p>
          ) : null
        }
        options={(props.loading ? [] : props.addresses).map((a) => ({
          value: a.addressId,
          className: `ck-choice ck-address${props.chosen?.addressId === a.addressId ? ' is-on' : ''}`,
          label: (
            <span className="ck-choice-text">
              <AddressSummary a={a} />
            </span>
          ),
        }))}
      />
      <AddAddressLink
        count={props.loading ? 0 : props.addresses.length}
        className="btn btn-secondary ck-add"
        to={paths.address()}
        label={ck('addNewAddress')}
        onClick={props.onAddNew}
      />
      <TextAreaField
        id={fieldId('instructions')}
        className="ck-field"
        label={ck('instructions')}
        hint={ck('instructionsCount', { count: props.instructions.length, max: INSTRUCTIONS_MAX })}
        hintClassName="ck-count"
        inputClassName="ck-textarea"
        rows={2}
        maxLength={INSTRUCTIONS_MAX}
        value={props.instructions}
        onChange={props.onInstructions}
      />
      <Checkbox
        className="ck-check"
        label={ck('zeroContact')}
        hint={ck('zeroContactHint')}
        hintClassName="ck-muted ck-small ck-hint"
        checked={props.zeroContact}
        onChange={props.onZeroContact}
      />
    </section>
  );
}
