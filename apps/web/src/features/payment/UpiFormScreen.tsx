import { track } from '../../shared/analytics/track.ts';
import { useRef, useState, type FormEvent } from 'react';
import type { ConfirmOrderResult } from '@crust/contract/orders';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { AmountSummary, NoPendingPayment, PaymentPending } from './PaymentPending.tsx';
import { readPendingPayment, type PendingPayment } from '../../shared/payment/pending.ts';
import { HiddenFields } from './HiddenFields.tsx';
import { verifyUpiId } from './paytm-api.ts';
import { pt } from './texts.ts';
import { vpaError } from './upi.ts';
import './payment.css';

type UpiWay =
  | { kind: 'COLLECT'; action: string; fields: Record<string, string> | undefined; vpaName: string }
  | { kind: 'INTENT' };

/** COLLECT: the gateway asks for a UPI id (a form to post); INTENT: the UPI app is opened, then we poll. */
function upiWayOf(pending: PendingPayment | null): UpiWay | null {
  const result = pending?.result;
  if (!result) return null;
  if (result.nextAction === 'PROCESS_PAYMENT' && result.formPostUrl && pending.upiMode !== 'INTENT')
    return {
      kind: 'COLLECT',
      action: result.formPostUrl,
      fields: result.formFields,
      vpaName: result.inputNames?.vpa ?? 'vpa',
    };
  if (result.nextAction === 'UNIFIED_PAYMENT_ACTION' || result.nextAction === 'DISPLAY_POLLING')
    return { kind: 'INTENT' };
  return null;
}

/**
 * /upiForm (SPEC §4 UPI). Collect: the customer's UPI id is posted as a top-level form straight to the
 * gateway, whose waiting page brings the browser back through the callback. Intent: a link opens the UPI
 * app (and, in the sandbox, a page that plays it) while this page shows the pending state and polls.
 */
export default function UpiFormScreen() {
  const [pending] = useState(readPendingPayment);
  // the 80 s budget: from the confirm's answer, else from arriving here
  const [startedAt] = useState(() => pending?.startedAt ?? Date.now());
  const way = upiWayOf(pending);
  const result = pending?.result;
  return (
    <div className="pay-screen">
      <ScreenHeader title={pt('payByUpi')} backTo={paths.payment()} />
      <main className="screen screen-column">
        {!result || !way ? (
          <NoPendingPayment />
        ) : way.kind === 'COLLECT' ? (
          <>
            <AmountSummary result={result} />
            <CollectForm way={way} amountPaise={result.amountPaise} transactionId={result.transactionId} />
          </>
        ) : (
          <>
            <IntentLinks result={result} />
            <PaymentPending
              plan={{
                transactionId: result.transactionId,
                startedAt,
                firstCallSec: result.nextCallTime,
                intervalSec: result.apiHitInterval,
              }}
              amountPaise={result.amountPaise}
              upi
            />
          </>
        )}
      </main>
    </div>
  );
}

function IntentLinks({ result }: { result: ConfirmOrderResult }) {
  return (
    <section className="card pay-upi">
      <p className="pay-hint">{pt('upiIntentHint')}</p>
      {result.upiDeepLink ? (
        <a className="btn btn-primary btn-block" href={result.upiDeepLink}>
          {pt('openUpiApp')}
        </a>
      ) : null}
      {result.upiAppUrl ? (
        <a className="btn btn-secondary btn-block" href={result.upiAppUrl} target="_blank" rel="noopener">
          {pt('openSandboxUpiApp')}
        </a>
      ) : null}
    </section>
  );
}

function CollectForm({
  way,
  amountPaise,
  transactionId,
}: {
  way: Extract<UpiWay, { kind: 'COLLECT' }>;
  amountPaise: number;
  /** the order being paid: the server checks UPI ids only for its owner's order paying by UPI */
  transactionId: string;
}) {
  const [vpa, setVpa] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** the checked id's holder, as the server masks it */
  const [holder, setHolder] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** the UPI id Paytm's UPI verify has answered for, and whether it has gone to the gateway */
  const checked = useRef<string | null>(null);
  const posted = useRef(false);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // the checked id goes on to the gateway, once: the browser now leaves, a second tap must not post twice
    if (checked.current === vpa && !posted.current) {
      posted.current = true;
      return;
    }
    e.preventDefault();
    if (sending || posted.current) return;
    setSubmitted(true);
    const found = vpaError(vpa);
    setError(found);
    if (found) return;
    setSending(true);
    // a mistyped UPI id is caught here (SPEC §7 Paytm UPI verify), not by a collect request that reaches nobody;
    // a check that cannot be made does not stop the payment
    const typed = vpa;
    void verifyUpiId(typed, transactionId).then((answer) => {
      // SPEC §8: the verify service failing is logged; the payment goes on without it
      if (!answer.ok) track('payment_error', { code: 'PAYMENT_VERIFY_SERVICE_ERROR' });
      if (answer.ok && !answer.data.valid) {
        setSending(false);
        setError(pt('upiIdUnknown'));
        return;
      }
      setHolder(answer.ok ? answer.data.name : null);
      checked.current = typed;
      form.current?.requestSubmit();
    });
  };

  return (
    <form
      ref={form}
      className="card pay-upi"
      method="post"
      action={way.action}
      noValidate
      onSubmit={onSubmit}
    >
      <HiddenFields fields={way.fields} />
      <p className="pay-hint">{pt('upiCollectHint')}</p>
      <TextField
        label={pt('upiId')}
        name={way.vpaName}
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={pt('upiPlaceholder')}
        value={vpa}
        error={error}
        onChange={(typed) => {
          // UPI ids have no spaces; a paste with them still reads right
          const next = typed.replace(/\s/g, '');
          setVpa(next);
          setHolder(null);
          if (submitted) setError(vpaError(next));
        }}
      />
      {holder ? (
        <p className="pay-hint" role="status">
          {pt('upiIdHolder', { name: holder })}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
        {sending ? pt('sendingRequest') : pt('sendRequest', { amount: formatRupees(paise(amountPaise)) })}
      </button>
    </form>
  );
}
