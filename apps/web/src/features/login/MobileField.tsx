import { PHONE_LENGTH } from '@crust/domain/constants';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { blockNonNumericKeys } from './mobile.ts';
import { lg } from './texts.ts';

/** The +91 mobile number input of every login screen (SPEC §5 Mobile: digits only, 10 of them). */
export function MobileField(props: {
  id: string;
  value: string;
  error: string | null;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  const { id, value, error } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{lg('mobileLabel')}</label>
      <div className="phone-input">
        <span className="phone-cc" aria-hidden="true">
          {lg('countryCode')}
        </span>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_LENGTH}
          autoFocus={props.autoFocus}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onKeyDown={blockNonNumericKeys}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <ErrorText id={`${id}-e`} text={error} />
    </div>
  );
}
