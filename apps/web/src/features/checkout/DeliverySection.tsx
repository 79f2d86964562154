import { useId } from 'react';
import { Link } from 'react-router';
import type { Address } from '@crust/contract';
import { paths } from '../../app/paths.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { AddressSummary, GuestLoginLine } from '../../shared/account/AddressParts.tsx';
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
      <fieldset
        id={fieldId('address')}
        className="ck-choices"
        tabIndex={-1}
        aria-describedby={error ? `${fieldId('address')}-e` : undefined}
      >
        <legend className="visually-hidden">{ck('deliverTo')}</legend>
        {props.loading ? (
          <Spinner />
        ) : props.addresses.length === 0 ? (
          <p className="ck-muted">{ck('noAddresses')}</p>
        ) : (
          props.addresses.map((a) => {
            const on = props.chosen?.addressId === a.addressId;
            return (
              <label key={a.addressId} className={`ck-choice ck-address${on ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name={`${name}-address`}
                  value={a.addressId}
                  checked={on}
                  onChange={() => props.onChoose(a.addressId)}
                />
                <span className="ck-choice-text">
                  <AddressSummary a={a} />
                </span>
              </label>
            );
          })
        )}
      </fieldset>
      <ErrorText id={`${fieldId('address')}-e`} text={error} />
      <Link className="btn btn-secondary ck-add" to={paths.address()} onClick={props.onAddNew}>
        {ck('addNewAddress')}
      </Link>
      <div className="field ck-field">
        <label htmlFor={fieldId('instructions')}>{ck('instructions')}</label>
        <textarea
          id={fieldId('instructions')}
          className="input ck-textarea"
          rows={2}
          maxLength={INSTRUCTIONS_MAX}
          value={props.instructions}
          aria-describedby={`${fieldId('instructions')}-n`}
          onChange={(e) => props.onInstructions(e.target.value)}
        />
        <span id={`${fieldId('instructions')}-n`} className="ck-count">
          {ck('instructionsCount', { count: props.instructions.length, max: INSTRUCTIONS_MAX })}
        </span>
      </div>
      <label className="ck-check">
        <input
          type="checkbox"
          checked={props.zeroContact}
          aria-describedby={`${name}-zc`}
          onChange={(e) => props.onZeroContact(e.target.checked)}
        />
        <span>{ck('zeroContact')}</span>
      </label>
      <p id={`${name}-zc`} className="ck-muted ck-small ck-hint">
        {ck('zeroContactHint')}
      </p>
    </section>
  );
}
