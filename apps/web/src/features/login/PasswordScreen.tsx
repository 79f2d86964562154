import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@crust/domain/constants';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { loadPage } from '../../shared/navigation.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { MobileField, useMobileInput } from '../../shared/ui/form/MobileField.tsx';
import { PasswordField } from '../../shared/ui/form/PasswordField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useFormSubmit } from '../../shared/ui/form/use-form-submit.ts';
import { fieldErrors, useSessionLoaded } from '../../shared/account/api.ts';
import {
  forgetLoginOtp,
  loadOtpRequest,
  loginOtpProof,
  passwordLogin,
  requestPasswordOtp,
  setPassword,
  type OtpRequest,
  type PasswordProof,
} from '../../shared/customer/login-api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { afterLogin, keptParams, loginTarget, SET_PASSWORD_ACTION, type LoginTarget } from './after-login.ts';
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
  const form = useFormSubmit(messageOf);
  const mobile = useMobileInput(form, () => loadOtpRequest()?.mobile ?? '');
  const [password, setPasswordValue] = useState('');

  const { number } = mobile;
  const typed = mobile.field.value;
  const passwordErr = form.submitted && !password ? lg('enterPassword') : null;
  const query = keptParams(params);

  const onSubmit = form.onSubmit(mobile.error || !password, async () => {
    const user = await passwordLogin(number, password);
    await afterLogin(qc, user);
    go(navigate, loginTarget(params));
  });

  return (
    <div className="login">
      <ScreenHeader title={lg('passwordTitle')} backTo={paths.login(query)} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('passwordHeading')}</h2>
        <p className="login-intro">{lg('passwordIntro')}</p>
        <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField autoFocus={!typed} {...mobile.field} />
          <PasswordField
            label={lg('passwordLabel')}
            value={password}
            error={passwordErr}
            autoComplete="current-password"
            autoFocus={!!typed}
            onChange={form.edit(setPasswordValue)}
          />
          <ErrorText text={form.failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {form.busy ? lg('loggingIn') : lg('loginButton')}
          </button>
        </form>
        <p className="login-alt">
          {/* the number typed here is the one to reset */}
          <Link to={paths.forgotPassword(query)} state={{ mobile: number }}>
            {lg('forgotPassword')}
          </Link>
          <Link to={paths.login(query)}>{lg('useOtp')}</Link>
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
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  // a refused password says why in the server's words for the field
  const form = useFormSubmit((err) => fieldErrors(err).password ?? messageOf(err));
  const [done, setDone] = useState(false);
  // what proves the new password (issue 28 §7): the OTP that just logged in (forgot password), else the current
  // password, else an OTP texted now
  const [loginOtp] = useState(loginOtpProof);
  const [current, setCurrent] = useState('');
  const [otp, setOtp] = useState<OtpRequest | null>(null);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const mobile = s?.isLoggedIn ? s.mobile : null;

  if (loaded && !s?.isLoggedIn) return <Navigate to={paths.forgotPassword(keptParams(params))} replace />;

  const sendOtp = async () => {
    if (!mobile || sending) return;
    setSending(true);
    setSendFailure(null);
    try {
      setOtp(await requestPasswordOtp(mobile));
      setCurrent('');
    } catch (e) {
      setSendFailure(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  const passwordErr = !form.submitted
    ? null
    : !password
      ? lg('enterPassword')
      : password.length < PASSWORD_MIN_LENGTH
        ? lg('passwordTooShort', { n: PASSWORD_MIN_LENGTH })
        : null;
  const confirmErr = form.submitted && !passwordErr && confirm !== password ? lg('passwordsDiffer') : null;
  const proofMissing = loginOtp ? false : otp ? code.length !== OTP_LENGTH : !current;
  const proofErr = form.submitted && proofMissing ? (otp ? lg('otpPrompt') : lg('enterPassword')) : null;

  const invalid = !password || password.length < PASSWORD_MIN_LENGTH || confirm !== password || proofMissing;
  const onSubmit = form.onSubmit(invalid, async () => {
    const proof: PasswordProof = loginOtp
      ? { otp: loginOtp }
      : otp
        ? { otp: { requestId: otp.requestId, code } }
        : { currentPassword: current };
    await setPassword(password, proof);
    forgetLoginOtp();
    setDone(true);
  });

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
              {loginOtp ? null : otp ? (
                <>
                  <p className="login-intro" role="status">
                    {lg('otpSentTo', { mobile: otp.mobile })}
                  </p>
                  <TextField
                    label={lg('otpPrompt')}
                    value={code}
                    error={proofErr}
                    numeric
                    maxLength={OTP_LENGTH}
                    autoComplete="one-time-code"
                    autoFocus
                    onChange={form.edit((typed: string) => setCode(typed.replace(/\D/g, '')))}
                  />
                </>
              ) : (
                <>
                  <PasswordField
                    label={lg('currentPassword')}
                    value={current}
                    error={proofErr}
                    autoComplete="current-password"
                    autoFocus
                    onChange={form.edit(setCurrent)}
                  />
                  <button
                    type="button"
                    className="btn btn-secondary btn-block"
                    disabled={sending || !mobile}
                    onClick={() => void sendOtp()}
                  >
                    {sending ? lg('sendingOtp') : lg('useOtpInstead')}
                  </button>
                  <ErrorText text={sendFailure} />
                </>
              )}
              <PasswordField
                label={lg('newPassword')}
                value={password}
                error={passwordErr}
                autoComplete="new-password"
                autoFocus={!!loginOtp}
                onChange={form.edit(setPasswordValue)}
              />
              <PasswordField
                label={lg('confirmPassword')}
                value={confirm}
                error={confirmErr}
                autoComplete="new-password"
                onChange={form.edit(setConfirm)}
              />
              <ErrorText text={form.failure} />
              <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
                {form.busy ? lg('savingPassword') : lg('savePassword')}
              </button>
            </form>
          </>
        )}
      </main>
    </div>
  );
}
