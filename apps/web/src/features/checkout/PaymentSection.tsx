import { useId } from 'react';
import type { PaymentOptions } from '@crust/contract/orders';
import { formatRupees, type Paise } from '@crust/domain/money';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType, UpiMode } from '@crust/domain/payment-types';
import { cashWords } from '@crust/domain/payment-words';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import type { FieldKey, FormErrors } from './form.ts';
import { lastUsedCard, needsVoucherCode, orderedOptions, type PaymentPlan } from './payment-choice.ts';
import { CARD_DIGITS } from './promo-payment.ts';
import { ck } from './texts.ts';

/**
 * How the customer pays: the store's options (disabled ones greyed; with a coupon that chooses how it is paid,
 * only the ones it takes, and why), UPI's two ways, a voucher code, a bank offer's card digits, the wallet.
 */
export function PaymentSection(props: {
  fieldId: (f: FieldKey) => string;
  data: PaymentOptions;
  primary: PaymentType | null;
  upiMode: UpiMode;
  voucherCode: string;
  walletBalance: Paise | null;
  wallet: boolean;
  plan: PaymentPlan;
  notice: string | null;
  errors: FormErrors;
  /** the order type: cash is "on delivery" only when delivered */
  deliveryType: DeliveryType;
  /** a coupon that chooses how it is paid: the sentence that says so, and its removal */
  condition: { promoCode: string; note: string } | null;
  removingCoupon: boolean;
  onRemoveCoupon: () => void;
  /** a bank offer paid by card: the bank whose card's first digits are asked for */
  cardIssuer: string | null;
  cardDigits: string;
  onCardDigits: (digits: string) => void;
  onPrimary: (p: PaymentType) => void;
  onUpiMode: (m: UpiMode) => void;
  onVoucher: (code: string) => void;
  onWallet: (on: boolean) => void;
}) {
  const name = useId();
  const { fieldId, data, errors, plan } = props;
  const walletOnly = plan.split?.walletOnly === true;
  const payId = fieldId('payment');
  const voucherId = fieldId('voucher');
  const digitsId = fieldId('cardDigits');
  return (
    <section className="ck-block" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`} className="ck-h">
        {ck('payment')}
      </h2>
      {props.walletBalance !== null ? (
        <label className={`ck-check ck-wallet${props.wallet ? ' is-on' : ''}`}>
          <input type="checkbox" checked={props.wallet} onChange={(e) => props.onWallet(e.target.checked)} />
          <span>{ck('useWallet', { amount: formatRupees(props.walletBalance) })}</span>
        </label>
      ) : null}
      {plan.split && plan.split.walletPaise > 0 ? (
        <p className="ck-muted ck-small">
          {ck('walletPays', { amount: formatRupees(plan.split.walletPaise) })}
        </p>
      ) : null}
      {props.notice ? (
        <p className="ck-warn" role="alert">
          {props.notice}
        </p>
      ) : null}
      {props.condition ? (
        <div className="ck-promo" role="note" data-testid="promo-condition">
          <p>{props.condition.note}</p>
          <button
            type="button"
            className="ck-link"
            disabled={props.removingCoupon}
            onClick={props.onRemoveCoupon}
          >
            {props.removingCoupon ? ck('removingCoupon') : ck('removeCoupon')}
          </button>
        </div>
      ) : null}
      {walletOnly ? (
        <p className="ck-note">{ck('walletCoversAll')}</p>
      ) : (
        <fieldset
          id={payId}
          className="ck-choices"
          tabIndex={-1}
          aria-describedby={errors.payment ? `${payId}-e` : undefined}
        >
          <legend className="visually-hidden">{ck('payment')}</legend>
          {orderedOptions(data).map((o) => {
            const enabled = o.status === 'E';
            const on = enabled && props.primary === o.methodCode;
            const last = data.lastUsed?.methodCode === o.methodCode;
            const card = lastUsedCard(data, o.methodCode);
            return (
              <div key={o.methodCode} className={`ck-option${on ? ' is-on' : ''}${enabled ? '' : ' is-off'}`}>
                <label className="ck-choice">
                  <input
                    type="radio"
                    name={`${name}-method`}
                    value={o.methodCode}
                    checked={on}
                    disabled={!enabled}
                    onChange={() => props.onPrimary(o.methodCode)}
                  />
                  <span className="ck-choice-text">
                    <span className="ck-option-name">
                      {o.methodCode === 'CASH' ? cashWords(props.deliveryType) : o.providerName}
                    </span>
                    {last ? <span className="ck-tag">{ck('lastUsed')}</span> : null}
                    {card ? <span className="ck-muted ck-small">{card}</span> : null}
                    {enabled ? null : <span className="ck-muted ck-small">{ck('notAvailable')}</span>}
                  </span>
                </label>
                {on && o.methodCode === 'UPI_WALLET' ? (
                  <UpiModes name={name} mode={props.upiMode} onChange={props.onUpiMode} />
                ) : null}
                {on && props.cardIssuer && (o.methodCode === 'CC' || o.methodCode === 'DC') ? (
                  <div className="field ck-field ck-sub">
                    <label htmlFor={digitsId}>{ck('cardDigits', { issuer: props.cardIssuer })}</label>
                    <input
                      id={digitsId}
                      className="input"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={CARD_DIGITS}
                      value={props.cardDigits}
                      aria-invalid={errors.cardDigits ? true : undefined}
                      aria-describedby={`${digitsId}-h${errors.cardDigits ? ` ${digitsId}-e` : ''}`}
                      onChange={(e) =>
                        props.onCardDigits(e.target.value.replace(/\D/g, '').slice(0, CARD_DIGITS))
                      }
                    />
                    <p id={`${digitsId}-h`} className="ck-muted ck-small">
                      {ck('cardDigitsHint')}
                    </p>
                    <ErrorText id={`${digitsId}-e`} text={errors.cardDigits} />
                  </div>
                ) : null}
                {on && needsVoucherCode(o.methodCode) ? (
                  <div className="field ck-field ck-sub">
                    <label htmlFor={voucherId}>
                      {o.methodCode === 'CASHCRD' ? ck('giftCardCode') : ck('voucherCode')}
                    </label>
                    <input
                      id={voucherId}
                      className="input"
                      autoCapitalize="characters"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={32}
                      value={props.voucherCode}
                      aria-invalid={errors.voucher ? true : undefined}
                      aria-describedby={errors.voucher ? `${voucherId}-e` : undefined}
                      onChange={(e) => props.onVoucher(e.target.value.toUpperCase())}
                    />
                    <ErrorText id={`${voucherId}-e`} text={errors.voucher} />
                  </div>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      )}
      <ErrorText id={`${payId}-e`} text={errors.payment} />
    </section>
  );
}

function UpiModes(props: { name: string; mode: UpiMode; onChange: (m: UpiMode) => void }) {
  const ways: [UpiMode, string][] = [
    ['INTENT', ck('upiIntent')],
    ['COLLECT', ck('upiCollect')],
  ];
  return (
    <fieldset className="ck-sub ck-chips">
      <legend className="visually-hidden">{ck('upiWay')}</legend>
      {ways.map(([mode, label]) => (
        <label key={mode} className={`ck-chip${props.mode === mode ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={`${props.name}-upi`}
            value={mode}
            checked={props.mode === mode}
            onChange={() => props.onChange(mode)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
