import { useState } from 'react';
import { Navigate, useSearchParams } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { isTransactionId } from './api.ts';
import { isFinishedTransaction } from './clear-checkout.ts';
import { NoPendingPayment, PaymentPending } from './PaymentPending.tsx';
import { pendingFor, readPendingPayment } from '../../shared/payment/pending.ts';
import { pt } from './texts.ts';
import './payment.css';

/**
 * /paymentTransaction?transactionId=T…: where the gateway's callback brings the browser back (a full page
 * load, through the server's 303), and where a payment waits for the gateway's decision. The pending
 * payment of the tab, when it is this one, gives the amount, the server's first timings and the start of
 * the 80 s budget; without it the budget starts on arrival. Back from the gateway (the id in the query) the
 * bank has answered already, so the status is asked at once; a DISPLAY_POLLING payment waits nextCallTime.
 *
 * The browser's back button from the thank-you page returns to the gateway's page, which sends a finished
 * payment here again: an order already over in this tab goes to the (emptied) cart instead of the spinner.
 */
export default function PaymentTransactionScreen() {
  const [params] = useSearchParams();
  // read once: the pending payment is forgotten when the payment fails, before this screen goes
  const [{ transactionId, pending, returned }] = useState(() => {
    const fromQuery = params.get('transactionId');
    const id = fromQuery ?? readPendingPayment()?.result.transactionId ?? null;
    return { transactionId: id, pending: pendingFor(id), returned: fromQuery !== null };
  });
  const [arrivedAt] = useState(() => Date.now());
  if (transactionId && isFinishedTransaction(transactionId)) return <Navigate to={paths.cart()} replace />;
  return (
    <div className="pay-screen">
      {/* no back button: leaving now would not stop the payment */}
      <header className="screen-header pay-header">
        <h1 className="screen-title">{pt('paymentTitle')}</h1>
      </header>
      <main className="screen screen-column">
        {isTransactionId(transactionId) ? (
          <PaymentPending
            plan={{
              transactionId,
              startedAt: pending?.startedAt ?? arrivedAt,
              firstCallSec: pending?.result.nextCallTime,
              intervalSec: pending?.result.apiHitInterval,
              askAtOnce: returned,
            }}
            amountPaise={pending?.result.amountPaise}
            upi={pending?.primaryPaymentId === 'UPI_WALLET'}
          />
        ) : (
          <NoPendingPayment />
        )}
      </main>
    </div>
  );
}
