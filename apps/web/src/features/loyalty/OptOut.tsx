import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../shared/api/errors.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { leavePizzaPals } from './api.ts';
import { yt } from './texts.ts';

/** Leaving Pizza Pals, asked twice: a quiet button, then a dialog saying what leaving means. */
export function OptOut() {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setAsking(false);
    setError(null);
  };
  const leave = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await leavePizzaPals(qc);
      setAsking(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="loy-leave" onClick={() => setAsking(true)}>
        {yt('optOut')}
      </button>
      {asking ? (
        <Dialog
          title={yt('optOutTitle')}
          actionLabel={busy ? yt('leaving') : yt('optOutConfirm')}
          onAction={() => void leave()}
          secondaryLabel={yt('cancel')}
          onSecondary={close}
          onDismiss={close}
        >
          <p>{yt('optOutBody')}</p>
          <ErrorText text={error} />
        </Dialog>
      ) : null}
    </>
  );
}
