import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isTransactionId } from './api.ts';
import { NoPendingPayment, PaymentPending } from './PaymentPending.tsx';
import { pendingFor, readPendingPayment } from './pending.ts';
import { pt } from './texts.ts';
import './payment.css';

/**
 * /paymentTransaction?transactionId=T…: where the gateway's callback brings the browser back (a full page
 * load, through the server's 303), and where a payment waits for the gateway's decision. The pending
 * payment of the tab, when it is this one, gives the amount, the server's first timings and the start of
 * the 80 s budget; without it the budget starts on arrival.
 */
export default function PaymentTransactionScreen() {
  const [params] = useSearchParams();
  // read once: the pending payment is forgotten when the payment fails, before this screen goes
  const [{ transactionId, pending }] = useState(() => {
    const id = params.get('transactionId') ?? readPendingPayment()?.result.transactionId ?? null;
    return { transactionId: id, pending: pendingFor(id) };
  });
  const [arrivedAt] = useState(() => Date.now());
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
            }}
            amountPaise={pending?.result.amountPaise}
          />
        ) : (
          <NoPendingPayment />
        )}
      </main>
    </div>
  );
}
