import { useId, type ReactNode } from 'react';
import type { Station } from '@crust/contract';
import { VEHICLE_DETAIL_MAX_LENGTH } from '@crust/domain/checkout-customer';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
// eslint-disable-next-line import-x/no-restricted-paths -- issue 13 §2: the form kit moves this to shared/ui
import { MobileField } from '../login/MobileField.tsx';
import { EMAIL_MAX, NAME_MAX, type Contact, type FieldKey, type FormErrors } from './form.ts';
import { ck } from './texts.ts';

type FieldId = (f: FieldKey) => string;

/** The contract's limit: a registration with spaces or hyphens as the customer types it. */
const VEHICLE_NUMBER_MAX = 16;

/** One text input with its label and its message underneath. */
function TextField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  hint?: string;
  type?: string;
  inputMode?: 'email' | 'text';
  autoComplete?: string;
  autoCapitalize?: string;
  onChange: (value: string) => void;
}) {
  const { id, error, hint } = props;
  const describedBy = [error ? `${id}-e` : null, hint ? `${id}-h` : null].filter(Boolean).join(' ');
  return (
    <div className="field ck-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        autoCapitalize={props.autoCapitalize}
        maxLength={props.maxLength}
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {hint ? (
        <span id={`${id}-h`} className="ck-muted ck-small">
          {hint}
        </span>
      ) : null}
      <ErrorText id={`${id}-e`} text={error} />
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="ck-block" aria-labelledby={id}>
      <h2 id={id} className="ck-h">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Who the order is for; pickup orders need name, email and mobile (SPEC §5). */
export function ContactSection(props: {
  fieldId: FieldId;
  contact: Contact;
  errors: FormErrors;
  emailRequired: boolean;
  onChange: (field: keyof Contact, value: string) => void;
}) {
  const { fieldId, contact, errors, onChange } = props;
  return (
    <Block title={ck('contact')}>
      <div className="ck-row">
        <TextField
          id={fieldId('firstName')}
          label={ck('firstName')}
          value={contact.firstName}
          error={errors.firstName}
          maxLength={NAME_MAX}
          autoComplete="given-name"
          onChange={(v) => onChange('firstName', v)}
        />
        <TextField
          id={fieldId('lastName')}
          label={ck('lastName')}
          value={contact.lastName}
          error={errors.lastName}
          maxLength={NAME_MAX}
          autoComplete="family-name"
          onChange={(v) => onChange('lastName', v)}
        />
      </div>
      <MobileField
        id={fieldId('mobile')}
        value={contact.mobile}
        error={errors.mobile ?? null}
        onChange={(v) => onChange('mobile', v.replace(/\D/g, ''))}
      />
      <TextField
        id={fieldId('email')}
        label={ck('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={contact.email}
        error={errors.email}
        maxLength={EMAIL_MAX}
        hint={props.emailRequired ? undefined : ck('emailOptional')}
        onChange={(v) => onChange('email', v)}
      />
    </Block>
  );
}

export interface Vehicle {
  vehicleNumber: string;
  vehicleColour: string;
  vehicleModel: string;
  stationId: number | null;
}

/**
 * Drive-n-Pick (CURB): the car the store brings the order to, and the bay it waits in: one of the store's
 * own bays (SPEC §3 storeStationDetails), which the server checks the order against.
 */
export function CurbsideSection(props: {
  fieldId: FieldId;
  vehicle: Vehicle;
  /** the store's bays; null until the store's answer is in */
  stations: readonly Station[] | null;
  errors: FormErrors;
  onChange: (change: Partial<Vehicle>) => void;
}) {
  const { fieldId, vehicle, stations, errors, onChange } = props;
  const bayId = fieldId('stationId');
  return (
    <Block title={ck('vehicle')}>
      <TextField
        id={fieldId('vehicleNumber')}
        label={ck('vehicleNumber')}
        value={vehicle.vehicleNumber}
        error={errors.vehicleNumber}
        maxLength={VEHICLE_NUMBER_MAX}
        hint={ck('vehicleNumberHint')}
        autoCapitalize="characters"
        autoComplete="off"
        onChange={(v) => onChange({ vehicleNumber: v.toUpperCase() })}
      />
      <div className="ck-row">
        <TextField
          id={fieldId('vehicleColour')}
          label={ck('vehicleColour')}
          value={vehicle.vehicleColour}
          error={errors.vehicleColour}
          maxLength={VEHICLE_DETAIL_MAX_LENGTH}
          onChange={(v) => onChange({ vehicleColour: v })}
        />
        <TextField
          id={fieldId('vehicleModel')}
          label={ck('vehicleModel')}
          value={vehicle.vehicleModel}
          error={errors.vehicleModel}
          maxLength={VEHICLE_DETAIL_MAX_LENGTH}
          onChange={(v) => onChange({ vehicleModel: v })}
        />
      </div>
      {stations?.length === 0 ? (
        <p className="ck-warn" role="alert">
          {ck('noBays')}
        </p>
      ) : (
        <div className="field ck-field">
          <label htmlFor={bayId}>{ck('parkingBay')}</label>
          <select
            id={bayId}
            className="input"
            value={vehicle.stationId ?? ''}
            disabled={stations === null}
            aria-busy={stations === null ? true : undefined}
            aria-invalid={errors.stationId ? true : undefined}
            aria-describedby={errors.stationId ? `${bayId}-e` : undefined}
            onChange={(e) => onChange({ stationId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{ck('chooseBay')}</option>
            {(stations ?? []).map((b) => (
              <option key={b.stationId} value={b.stationId}>
                {b.name}
              </option>
            ))}
          </select>
          <ErrorText id={`${bayId}-e`} text={errors.stationId} />
        </div>
      )}
    </Block>
  );
}
