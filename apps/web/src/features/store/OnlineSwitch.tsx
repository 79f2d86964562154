import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleStore } from '@crust/contract/store-console';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { messageOf, setStoreOnline } from './console-api.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { applyStore } from './queries.ts';
import { sc } from './texts.ts';

/**
 * The store's Online switch. Going offline asks first: from then on customers can only book advance orders
 * (sent to the store's advance-order store), which a stray tap should not do on a busy evening.
 */
export function OnlineSwitch({ store }: { store: ConsoleStore }) {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { busy: sending, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<string | null>(null);

  const send = (online: boolean) => {
    setConfirming(false);
    return run(
      async () => {
        setProblem(null);
        applyStore(qc, await setStoreOnline(store.id, online));
      },
      (err) => setProblem(messageOf(err)),
    );
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
