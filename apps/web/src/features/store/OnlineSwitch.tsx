import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleStore } from '@crust/contract/store-console';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { messageOf, setStoreOnline } from './console-api.ts';
import { applyStore } from './queries.ts';
import { sc } from './texts.ts';

/**
 * The store's Online switch. Going offline asks first: from then on customers can only book advance orders
 * (sent to the store's advance-order store), which a stray tap should not do on a busy evening.
 */
export function OnlineSwitch({ store }: { store: ConsoleStore }) {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);

  const send = async (online: boolean) => {
    setConfirming(false);
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    try {
      applyStore(qc, await setStoreOnline(store.id, online));
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <div className="sc-online">
      <button
        type="button"
        role="switch"
        aria-checked={store.online}
        className="sc-switch"
        disabled={sending}
        onClick={() => (store.online ? setConfirming(true) : void send(true))}
      >
        <span className="sc-switch-track" aria-hidden="true">
          <span className="sc-switch-knob" />
        </span>
        <span>{sc('online')}</span>
      </button>
      <ErrorText text={problem} />
      {confirming ? (
        <Dialog
          title={sc('goOfflineTitle')}
          actionLabel={sc('goOffline')}
          onAction={() => void send(false)}
          secondaryLabel={sc('stayOnline')}
          onSecondary={() => setConfirming(false)}
          onDismiss={() => setConfirming(false)}
        >
          <p>{sc('goOfflineBody')}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
