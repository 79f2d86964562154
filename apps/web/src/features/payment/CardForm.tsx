import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  BRAND_MIN_DIGITS,
  brandOf,
  CARD_BRAND_LABELS,
  CARD_NAME_MAX_LENGTH,
  cardDigits,
  cardErrors,
  type CardErrors,
  type CardInput,
} from '@crust/domain/card';
import { CVV_MAX_LENGTH } from '@crust/domain/constants';
import { formatRupees, type Paise } from '@crust/domain/money';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { blockNonNumericKeys } from '../../shared/customer/mobile.ts';
import { EXPIRY_MONTHS, expiryYears, groupCardNumber } from './card-format.ts';
import { pt } from './texts.ts';
import './payment.css';

/** The card validation call sends the BIN: the first 6 digits, which are not secret. */
const BIN_DIGITS = 6;

/**
 * The card form of /payment (SPEC §5 Card). Checked here with the SPEC messages (Luhn unless the
 * validateCardWithLuhn switch is off; the brand shows after 3 digits), then posted as a top-level form
 * straight to the gateway's card endpoint for this payment: the number and CVV never reach Crust's API
 * (decision 010). The field names are the gateway's.
 */
export function CardForm(props: {
  action: string;
  amountPaise: Paise;
  validateWithLuhn: boolean;
  /** the card validation call for the first 6 digits: a text when the card does not suit the option */
  checkBin?: (initialDigits: string) => Promise<string | null>;
  /** a bank offer: the first digits given at checkout, which the card must begin with */
  requiredPrefix?: string | undefined;
}) {
  const id = useId();
  const [years] = useState(() => expiryYears(Date.now()));
  const [card, setCard] = useState<CardInput>({ number: '', cvv: '', month: '', year: '', name: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const digits = cardDigits(card.number);
  const brand = digits.length >= BRAND_MIN_DIGITS ? brandOf(digits) : null;
  const bin = digits.length >= BIN_DIGITS ? digits.slice(0, BIN_DIGITS) : null;
  const [binProblem, setBinProblem] = useState<{ bin: string; text: string | null } | null>(null);
  const { checkBin } = props;
  useEffect(() => {
    if (!bin || !checkBin) return;
    let current = true;
    void checkBin(bin).then((text) => {
      if (current) setBinProblem({ bin, text });
    });
    return () => {
      current = false;
    };
  }, [bin, checkBin]);
  // only the answer for the digits now typed counts
  const prefix = props.requiredPrefix?.slice(0, BIN_DIGITS);
  const notAsGiven = bin && prefix && bin !== prefix ? pt('cardNotAsGiven', { digits: prefix }) : null;
  const binError = notAsGiven ?? (binProblem && binProblem.bin === bin ? binProblem.text : null);

  const set = (field: keyof CardInput, value: string) => {
    const next = { ...card, [field]: value };
    setCard(next);
    // once the customer has tried to pay, messages follow the typing
    if (submitted) setErrors(cardErrors(next, { now: Date.now(), validateWithLuhn: props.validateWithLuhn }));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    const found = cardErrors(card, { now: Date.now(), validateWithLuhn: props.validateWithLuhn });
    setErrors(found);
    if (sending || Object.keys(found).length || binError) {
      e.preventDefault();
      return;
    }
    // the browser now leaves for the gateway; a second tap must not post twice
    setSending(true);
  };

  const describedBy = (f: keyof CardInput) => (errors[f] ? `${id}-${f}-e` : undefined);
  return (
    <form className="card-form" method="post" action={props.action} noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-number`}>{pt('cardNumber')}</label>
        <div className="card-number">
          <input
            id={`${id}-number`}
            className="input"
            name="number"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={groupCardNumber(card.number)}
            aria-invalid={errors.number || binError ? true : undefined}
            aria-describedby={errors.number || binError ? `${id}-number-e` : undefined}
            onKeyDown={blockNonNumericKeys}
            onChange={(e) => set('number', e.target.value)}
          />
          {brand ? (
            <span className="card-brand" data-brand={brand}>
              {CARD_BRAND_LABELS[brand]}
            </span>
          ) : null}
        </div>
        <ErrorText id={`${id}-number-e`} text={errors.number ?? binError} />
      </div>
      <fieldset className="card-expiry">
        <legend>{pt('expiry')}</legend>
        <div className="field">
          <label htmlFor={`${id}-month`}>{pt('month')}</label>
          <select
            id={`${id}-month`}
            className="input"
            name="month"
            autoComplete="cc-exp-month"
            value={card.month}
            aria-invalid={errors.month ? true : undefined}
            aria-describedby={describedBy('month')}
            onChange={(e) => set('month', e.target.value)}
          >
            <option value="">{pt('month')}</option>
            {EXPIRY_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-month-e`} text={errors.month} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-year`}>{pt('year')}</label>
          <select
            id={`${id}-year`}
            className="input"
            name="year"
            autoComplete="cc-exp-year"
            value={card.year}
            aria-invalid={errors.year ? true : undefined}
            aria-describedby={describedBy('year')}
            onChange={(e) => set('year', e.target.value)}
          >
            <option value="">{pt('year')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-year-e`} text={errors.year} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvv`}>{pt('cvv')}</label>
          <input
            id={`${id}-cvv`}
            className="input"
            name="cvv"
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={CVV_MAX_LENGTH}
            value={card.cvv}
            aria-invalid={errors.cvv ? true : undefined}
            aria-describedby={describedBy('cvv')}
            onKeyDown={blockNonNumericKeys}
            onChange={(e) => set('cvv', e.target.value.replace(/\D/g, ''))}
          />
          <ErrorText id={`${id}-cvv-e`} text={errors.cvv} />
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-name`}>{pt('nameOnCard')}</label>
        <input
          id={`${id}-name`}
          className="input"
          name="name"
          autoComplete="cc-name"
          maxLength={CARD_NAME_MAX_LENGTH}
          value={card.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(e) => set('name', e.target.value)}
        />
        <ErrorText id={`${id}-name-e`} text={errors.name} />
      </div>
      <p className="card-secure">{pt('secureNote')}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
        {sending ? pt('paying') : pt('payAmount', { amount: formatRupees(props.amountPaise) })}
      </button>
    </form>
  );
}
