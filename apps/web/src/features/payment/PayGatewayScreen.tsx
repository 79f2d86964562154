import { useCallback, useState } from 'react';
import { paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { useRemoteConfig } from '../../shared/location/api.ts';
import { cardBinProblem } from './api.ts';
import { CardForm } from './CardForm.tsx';
import { AmountSummary, NoPendingPayment } from './PaymentPending.tsx';
import { readPendingPayment } from '../../shared/payment/pending.ts';
import { pt } from './texts.ts';
import './payment.css';

/**
 * /payGateway: a card payment (PROCESS_PAYMENT for CC or DC). The card form posts straight to the gateway's
 * card endpoint for this payment (decision 010); Luhn is checked unless remote config switches it off.
 */
export default function PayGatewayScreen() {
  const [pending] = useState(readPendingPayment);
  const config = useRemoteConfig();
  const result = pending?.result;
  const action = result?.nextAction === 'PROCESS_PAYMENT' ? result.formPostUrl : undefined;
  const option = pending?.primaryPaymentId === 'DC' ? 'DC' : 'CC';
  const checkBin = useCallback((digits: string) => cardBinProblem(digits, option), [option]);
  return (
    <div className="pay-screen">
      <ScreenHeader title={pt('payByCard')} backTo={paths.payment()} />
      <main className="screen screen-column">
        {result && action ? (
          <>
            <AmountSummary result={result} />
            <section className="card pay-card">
              <CardForm
                action={action}
                hiddenFields={result.formFields}
                names={result.inputNames}
                amountPaise={paise(result.amountPaise)}
                validateWithLuhn={config.data?.validateCardWithLuhn ?? true}
                incorrectCardError={config.data?.incorrectCardError}
                checkBin={checkBin}
                requiredPrefix={pending?.cardInitialDigits}
              />
            </section>
          </>
        ) : (
          <NoPendingPayment />
        )}
      </main>
    </div>
  );
}
