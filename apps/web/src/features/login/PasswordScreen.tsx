import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@crust/domain/constants';
import { useSession } from '../../shared/api/session.ts';
import { loadPage } from '../../shared/navigation.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { fieldErrors, useSessionLoaded } from '../account/api.ts';
import { loadOtpRequest, messageOf, passwordLogin, setPassword } from './api.ts';
import { afterLogin, keptQuery, loginTarget, SET_PASSWORD_ACTION, type LoginTarget } from './after-login.ts';
import { MobileField } from './MobileField.tsx';
import { mobileError } from './mobile.ts';
import { PasswordField } from './PasswordField.tsx';
import { lg } from './texts.ts';
import './login.css';

function go(navigate: ReturnType<typeof useNavigate>, target: LoginTarget) {
  if (target.fullLoad) loadPage(target.to);
  else void navigate(target.to, { replace: true });
}

/**
 * /dominosPassword: login by mobile number and password (SPEC §7), or, with action=setPassword, a
 * logged-in customer choosing a new password (after /forgotPassword's OTP, or from /profile).
 */
export default function PasswordScreen() {
  const [params] = useSearchParams();
  return params.get('action') === SET_PASSWORD_ACTION ? <SetPassword /> : <PasswordLogin />;
}

function PasswordLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const id = useId();
  const [mobile, setMobile] = useState(() => loadOtpRequest()?.mobile ?? '');
  const [password, setPasswordValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const number = mobile.trim();
  const mobileErr = submitted ? mobileError(number) : null;
  const passwordErr = submitted && !password ? lg('enterPassword') : null;
  const query = keptQuery(params);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || mobileError(number) || !password) return;
    setBusy(true);
    setFailure(null);
    try {
      const user = await passwordLogin(number, password);
      await afterLogin(qc, user);
      go(navigate, loginTarget(params));
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <ScreenHeader title={lg('passwordTitle')} backTo={`/login${query}`} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('passwordHeading')}</h2>
        <p className="login-intro">{lg('passwordIntro')}</p>
        <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField
            id={`${id}-m`}
            value={mobile}
            error={mobileErr}
            autoFocus={!mobile}
            onChange={(v) => {
              setMobile(v);
              setFailure(null);
            }}
          />
          <PasswordField
            id={`${id}-p`}
            label={lg('passwordLabel')}
            value={password}
            error={passwordErr}
            autoComplete="current-password"
            autoFocus={!!mobile}
            onChange={(v) => {
              setPasswordValue(v);
              setFailure(null);
            }}
          />
          <ErrorText text={failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? lg('loggingIn') : lg('loginButton')}
          </button>
        </form>
        <p className="login-alt">
          {/* the number typed here is the one to reset */}
          <Link to={`/forgotPassword${query}`} state={{ mobile: number }}>
            {lg('forgotPassword')}
          </Link>
          <Link to={`/login${query}`}>{lg('useOtp')}</Link>
        </p>
      </main>
    </div>
  );
}

function SetPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loaded = useSessionLoaded();
  const s = useSession();
  const id = useId();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (loaded && !s?.isLoggedIn) return <Navigate to={`/forgotPassword${keptQuery(params)}`} replace />;

  const passwordErr = !submitted
    ? null
    : !password
      ? lg('enterPassword')
      : password.length < PASSWORD_MIN_LENGTH
        ? lg('passwordTooShort', { n: PASSWORD_MIN_LENGTH })
        : null;
  const confirmErr = submitted && !passwordErr && confirm !== password ? lg('passwordsDiffer') : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || !password || password.length < PASSWORD_MIN_LENGTH || confirm !== password) return;
    setBusy(true);
    setFailure(null);
    try {
      await setPassword(password);
      setDone(true);
    } catch (err) {
      setFailure(fieldErrors(err).password ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <ScreenHeader title={lg('setTitle')} />
      <main className="screen login-main">
        {done ? (
          <div className="login-done">
            <p className="login-heading" role="status">
              {lg('passwordSaved')}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              autoFocus
              onClick={() => go(navigate, loginTarget(params))}
            >
              {lg('continue')}
            </button>
          </div>
        ) : (
          <>
            <h2 className="login-heading">{lg('setHeading')}</h2>
            <p className="login-intro">{lg('setIntro', { n: PASSWORD_MIN_LENGTH })}</p>
            <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
              <PasswordField
                id={`${id}-n`}
                label={lg('newPassword')}
                value={password}
                error={passwordErr}
                autoComplete="new-password"
                autoFocus
                onChange={(v) => {
                  setPasswordValue(v);
                  setFailure(null);
                }}
              />
              <PasswordField
                id={`${id}-c`}
                label={lg('confirmPassword')}
                value={confirm}
                error={confirmErr}
                autoComplete="new-password"
                onChange={(v) => {
                  setConfirm(v);
                  setFailure(null);
                }}
              />
              <ErrorText text={failure} />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? lg('savingPassword') : lg('savePassword')}
              </button>
            </form>
          </>
        )}
      </main>
    </div>
  );
}
