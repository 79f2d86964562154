import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { PasswordField } from '../../shared/ui/form/PasswordField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { loginProblem, messageOf, staffLogin } from './console-api.ts';
import type { StaffSession } from '@crust/contract/store-console';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { consoleKeys } from './queries.ts';
import { startStaffSession } from './staff-session.ts';
import { sc } from './texts.ts';
import { STAFF_PASSWORD } from './staff-password.ts';

/** The staff login: a username and password; the server's own words when it refuses them. */
export function LoginForm({ ended }: { ended: boolean }) {
  const qc = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // a one-time password logged in: its owner chooses a password before the console opens
  const [pending, setPending] = useState<{ session: StaffSession; password: string } | null>(null);

  const begin = (session: StaffSession) => {
    // nothing of the previous login's stores may show to this one
    qc.removeQueries({ queryKey: consoleKeys.all });
    startStaffSession(session);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const invalid = loginProblem(username, password);
    setProblem(invalid);
    if (invalid) return;
    setSending(true);
    try {
      const session = await staffLogin(username, password);
      if (session.mustChangePassword) {
        setPending({ session, password });
        setPassword('');
        setSending(false);
        return;
      }
      begin(session);
    } catch (err) {
      setProblem(messageOf(err));
      setSending(false);
    }
  };

  if (pending) return <NewPasswordForm pending={pending} onDone={begin} onBack={() => setPending(null)} />;

  return (
    <main className="sc-login">
      <form className="sc-login-form card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h1 className="sc-login-title">{sc('loginHeading')}</h1>
        {ended ? (
          <p className="sc-notice" role="status">
            {sc('sessionEnded')}
          </p>
        ) : (
          <p className="sc-muted">{sc('loginIntro')}</p>
        )}
        <TextField
          label={sc('username')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          value={username}
          onChange={setUsername}
        />
        <PasswordField
          {...STAFF_PASSWORD}
          label={sc('password')}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <ErrorText text={problem} />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? sc('loggingIn') : sc('logIn')}
        </button>
      </form>
    </main>
  );
}
