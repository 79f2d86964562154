import type { InputNames } from '@crust/contract/orders';
import { HiddenFields } from './HiddenFields.tsx';
import { useEffect, useState, type FormEvent } from 'react';
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
import { digitsOnly } from '../../shared/ui/form/input-rules.ts';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
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
  /** the gateway's own fields posted with the card (its key, order, return URL) */
  hiddenFields?: Record<string, string> | undefined;
  /** the gateway's names for the card fields; the sandbox's plain names when absent */
  names?: InputNames | undefined;
  amountPaise: Paise;
  validateWithLuhn: boolean;
  /** the remote config's text for a number failing the Luhn check (SPEC §3 incorrectCardError) */
  incorrectCardError?: string;
  /** the card validation call for the first 6 digits: a text when the card does not suit the option */
  checkBin?: (initialDigits: string) => Promise<string | null>;
  /** a bank offer: the first digits given at checkout, which the card must begin with */
  requiredPrefix?: string | undefined;
}) {
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
    if (submitted)
      setErrors(
        cardErrors(next, {
          now: Date.now(),
          validateWithLuhn: props.validateWithLuhn,
          incorrectCardError: props.incorrectCardError,
        }),
      );
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    const found = cardErrors(card, {
      now: Date.now(),
      validateWithLuhn: props.validateWithLuhn,
      incorrectCardError: props.incorrectCardError,
    });
    setErrors(found);
    if (sending || Object.keys(found).length || binError) {
      e.preventDefault();
      return;
    }
    // the browser now leaves for the gateway; a second tap must not post twice
    setSending(true);
  };

  return (
    <form className="card-form" method="post" action={props.action} noValidate onSubmit={onSubmit}>
      <HiddenFields fields={props.hiddenFields} />
      <TextField
        label={pt('cardNumber')}
        wrapClassName="card-number"
        name={props.names?.number ?? 'number'}
        numeric
        autoComplete="cc-number"
        maxLength={23}
        value={groupCardNumber(card.number)}
        error={errors.number ?? binError}
        onChange={(v) => set('number', v)}
        after={
          brand ? (
            <span className="card-brand" data-brand={brand}>
              {CARD_BRAND_LABELS[brand]}
            </span>
          ) : null
        }
      />
      <fieldset className="card-expiry">
        <legend>{pt('expiry')}</legend>
        <SelectField
          label={pt('month')}
          name={props.names?.expiryMonth ?? 'month'}
          autoComplete="cc-exp-month"
          value={card.month}
          error={errors.month}
          placeholder={pt('month')}
          options={EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))}
          onChange={(v) => set('month', v)}
        />
        <SelectField
          label={pt('year')}
          name={props.names?.expiryYear ?? 'year'}
          autoComplete="cc-exp-year"
          value={card.year}
          error={errors.year}
          placeholder={pt('year')}
          options={years.map((y) => ({ value: y, label: y }))}
          onChange={(v) => set('year', v)}
        />
        <TextField
          label={pt('cvv')}
          name={props.names?.cvv ?? 'cvv'}
          type="password"
          numeric
          autoComplete="cc-csc"
          maxLength={CVV_MAX_LENGTH}
          value={card.cvv}
          error={errors.cvv}
          onChange={(v) => set('cvv', digitsOnly(v))}
        />
      </fieldset>
      <TextField
        label={pt('nameOnCard')}
        name={props.names?.name ?? 'name'}
        autoComplete="cc-name"
        maxLength={CARD_NAME_MAX_LENGTH}
        value={card.name}
        error={errors.name}
        onChange={(v) => set('name', v)}
      />
      <p className="card-secure">{pt('secureNote')}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
        {sending ? pt('paying') : pt('payAmount', { amount: formatRupees(props.amountPaise) })}
      </button>
    </form>
  );
}
