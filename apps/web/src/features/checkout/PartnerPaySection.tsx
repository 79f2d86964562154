import { useId } from 'react';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import type { FieldKey } from './form.ts';
import { ck } from './texts.ts';

/**
 * How a mini-app's order is paid (issue 18, SPEC §6): by its host, the partner, with the method its vendorConfig
 * names. Nothing to choose: the host's own payment sheet opens when Pay is tapped.
 */
export function PartnerPaySection(props: {
  fieldId: (f: FieldKey) => string;
  /** the partner's name as its vendorConfig gives it; null before the config has answered */
  partnerName: string | null;
  error: string | undefined;
}) {
  const name = useId();
  const payId = props.fieldId('payment');
  return (
    <section className="ck-block" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`} className="ck-h">
        {ck('payment')}
      </h2>
      <p id={payId} className="ck-partner-pay" tabIndex={-1}>
        <strong>
          {props.partnerName ? ck('payWithPartner', { partner: props.partnerName }) : ck('payInHost')}
        </strong>
        <br />
        {ck('payInHostNote')}
      </p>
      <ErrorText id={`${payId}-e`} text={props.error} />
    </section>
  );
}
