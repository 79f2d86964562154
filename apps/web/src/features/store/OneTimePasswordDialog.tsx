import { useState } from 'react';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import type { Issued } from './back-office-api.ts';
import { bo } from './back-office-texts.ts';

const ignoreEscape = () => {};

/**
 * A new login's or a reset's one-time password, shown this once (the server keeps only its hash): Copy puts it
 * on the clipboard for a message to its owner; Done closes it for good.
 */
export function OneTimePasswordDialog({ issued, onDone }: { issued: Issued; onDone: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { member, oneTimePassword } = issued;

  const onCopy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setCopy('failed');
      return;
    }
    clipboard.writeText(oneTimePassword).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    // Escape does not close it: the password would be gone before anyone copied it
    <Dialog
      title={bo('oneTimeTitle', { username: member.username })}
      actionLabel={bo('done')}
      onAction={onDone}
      onDismiss={ignoreEscape}
    >
      <div className="bo-otp-body">
        <p>{bo('oneTimeBody', { name: member.name })}</p>
        <div className="bo-otp">
          <span className="bo-otp-label">{bo('oneTimeLabel')}</span>
          <code className="bo-otp-value" data-testid="one-time-password">
            {oneTimePassword}
          </code>
          <button type="button" className="sc-chip-btn bo-copy" onClick={onCopy}>
            {copy === 'copied' ? bo('copied') : bo('copy')}
          </button>
        </div>
        {copy === 'failed' ? (
          <p className="error-text" role="alert">
            {bo('copyFailed')}
          </p>
        ) : null}
        <p className="bo-otp-once" role="note">
          {bo('oneTimeOnce')}
        </p>
      </div>
    </Dialog>
  );
}
