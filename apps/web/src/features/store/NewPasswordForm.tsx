import { useState, type FormEvent } from 'react';
import type { StaffSession } from '@crust/contract/store-console';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { PasswordField } from '../../shared/ui/form/PasswordField.tsx';
import { changeStaffPassword, messageOf, newPasswordProblem } from './console-api.ts';
import { STAFF_PASSWORD } from './staff-password.ts';
import { sc } from './texts.ts';

/**
 * After a login with a one-time password (`npm run staff:admin`): the staff member chooses their own password
 * before the console shows anything (docs/store-console.md "First login"). The one-time password they just typed
 * proves it is them; the session it gave can do nothing else.
 */
export function NewPasswordForm({
  pending,
  onDone,
  onBack,
}: {
  pending: { session: StaffSession; password: string };
  onDone: (session: StaffSession) => void;
  onBack: () => void;
}) {
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const invalid = newPasswordProblem(pending.password, next, again);
    setProblem(invalid);
    if (invalid) return;
    setSending(true);
    try {
      onDone(await changeStaffPassword(pending.session.token, pending.password, next));
    } catch (err) {
      setProblem(messageOf(err));
      setSending(false);
    }
  };

  return (
    <main className="sc-login">
      <form className="sc-login-form card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h1 className="sc-login-title">{sc('newPasswordHeading')}</h1>
        <p className="sc-muted">{sc('newPasswordIntro')}</p>
        <PasswordField
          {...STAFF_PASSWORD}
          label={sc('newPassword')}
          autoComplete="new-password"
          hint={sc('newPasswordHint')}
          value={next}
          onChange={setNext}
        />
        <PasswordField
          {...STAFF_PASSWORD}
          label={sc('newPasswordAgain')}
          autoComplete="new-password"
          value={again}
          onChange={setAgain}
        />
        <ErrorText text={problem} />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? sc('savingPassword') : sc('savePassword')}
        </button>
        <button type="button" className="sc-link-btn sc-back" onClick={onBack} disabled={sending}>
          {sc('backToLogin')}
        </button>
      </form>
    </main>
  );
}
