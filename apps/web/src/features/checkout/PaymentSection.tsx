import { useId } from 'react';
import type { PaymentOptions } from '@crust/contract/orders';
import { formatRupees, type Paise } from '@crust/domain/money';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType, UpiMode } from '@crust/domain/payment-types';
import { cashWords } from '@crust/domain/payment-words';
import { shownWithWallet } from '@crust/domain/experiment-views';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { digitsOnly } from '../../shared/ui/form/input-rules.ts';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
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
  /** remote config hidePaymentMethodsForWallet: the methods not offered while the wallet is on */
  hiddenWithWallet: readonly string[];
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
  const shown = orderedOptions(data).filter((o) =>
    shownWithWallet(o.methodCode, props.hiddenWithWallet, props.wallet),
  );
  return (
    <section className="ck-block" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`} className="ck-h">
        {ck('payment')}
      </h2>
      {props.walletBalance !== null ? (
        <Checkbox
          className={`ck-check ck-wallet${props.wallet ? ' is-on' : ''}`}
          label={ck('useWallet', { amount: formatRupees(props.walletBalance) })}
          checked={props.wallet}
          onChange={props.onWallet}
        />
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
        <>
          <p className="ck-note">{ck('walletCoversAll')}</p>
          <ErrorText id={`${payId}-e`} text={errors.payment} />
        </>
      ) : (
        <RadioGroup
          id={payId}
          name="method"
          className="ck-choices"
          legend={ck('payment')}
          legendClassName="visually-hidden"
          error={errors.payment}
          // a method the store has turned off shows unchosen
          value={shown.some((o) => o.status === 'E' && o.methodCode === props.primary) ? props.primary : null}
          onChange={props.onPrimary}
          options={shown.map((o) => {
            const enabled = o.status === 'E';
            const on = enabled && props.primary === o.methodCode;
            const last = data.lastUsed?.methodCode === o.methodCode;
            const card = lastUsedCard(data, o.methodCode);
            return {
              value: o.methodCode,
              disabled: !enabled,
              className: 'ck-choice',
              label: (
                <span className="ck-choice-text">
                  <span className="ck-option-name">
                    {o.methodCode === 'CASH' ? cashWords(props.deliveryType) : o.providerName}
                  </span>
                  {last ? <span className="ck-tag">{ck('lastUsed')}</span> : null}
                  {card ? <span className="ck-muted ck-small">{card}</span> : null}
                  {enabled ? null : <span className="ck-muted ck-small">{ck('notAvailable')}</span>}
                </span>
              ),
              wrap: (radio) => (
                <div className={`ck-option${on ? ' is-on' : ''}${enabled ? '' : ' is-off'}`}>
                  {radio}
                  {on && o.methodCode === 'UPI_WALLET' ? (
                    <UpiModes mode={props.upiMode} onChange={props.onUpiMode} />
                  ) : null}
                  {on && props.cardIssuer && (o.methodCode === 'CC' || o.methodCode === 'DC') ? (
                    <TextField
                      id={digitsId}
                      className="ck-field ck-sub"
                      label={ck('cardDigits', { issuer: props.cardIssuer })}
                      hint={ck('cardDigitsHint')}
                      hintClassName="ck-muted ck-small"
                      numeric
                      autoComplete="off"
                      maxLength={CARD_DIGITS}
                      value={props.cardDigits}
                      error={errors.cardDigits}
                      onChange={(v) => props.onCardDigits(digitsOnly(v, CARD_DIGITS))}
                    />
                  ) : null}
                  {on && needsVoucherCode(o.methodCode) ? (
                    <TextField
                      id={voucherId}
                      className="ck-field ck-sub"
                      label={o.methodCode === 'CASHCRD' ? ck('giftCardCode') : ck('voucherCode')}
                      autoCapitalize="characters"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={32}
                      value={props.voucherCode}
                      error={errors.voucher}
                      onChange={(v) => props.onVoucher(v.toUpperCase())}
                    />
                  ) : null}
                </div>
              ),
            };
          })}
        />
      )}
    </section>
  );
}

function UpiModes(props: { mode: UpiMode; onChange: (m: UpiMode) => void }) {
  const ways: [UpiMode, string][] = [
    ['INTENT', ck('upiIntent')],
    ['COLLECT', ck('upiCollect')],
  ];
  return (
    <RadioGroup
      name="upi"
      className="ck-sub ck-chips"
      legend={ck('upiWay')}
      legendClassName="visually-hidden"
      value={props.mode}
      onChange={props.onChange}
      options={ways.map(([mode, label]) => ({
        value: mode,
        label: <span>{label}</span>,
        className: `ck-chip${props.mode === mode ? ' is-on' : ''}`,
      }))}
    />
  );
}
