import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { loadOtpRequest, messageOf, otpLimitFor, requestPasswordOtp, saveOtpRequest } from './api.ts';
import { keptQuery, SET_PASSWORD_ACTION } from './after-login.ts';
import { MobileField } from './MobileField.tsx';
import { mobileError } from './mobile.ts';
import { lg } from './texts.ts';
import './login.css';

/**
 * /forgotPassword (SPEC §4 Login): the forgot-password request sends an OTP; its success goes to
 * /login-otp, and after the code the customer sets a new password on /dominosPassword.
 */
export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const location = useLocation();
  const [mobile, setMobile] = useState(
    () => (location.state as { mobile?: string } | null)?.mobile ?? loadOtpRequest()?.mobile ?? '',
  );
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const number = mobile.trim();
  const mobileErr = submitted ? mobileError(number) : null;
  const limit = otpLimitFor(number);
  // back to the password login: /dominosPassword?action=setPassword would send a guest straight back here
  const backQuery = new URLSearchParams(keptQuery(params));
  if (backQuery.get('action') === SET_PASSWORD_ACTION) backQuery.delete('action');
  const back = `/dominosPassword${backQuery.toString() ? `?${backQuery.toString()}` : ''}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || limit || mobileError(number)) return;
    setBusy(true);
    setFailure(null);
    try {
      const req = await requestPasswordOtp(number);
      saveOtpRequest(req);
      const next = new URLSearchParams(keptQuery(params));
      next.set('action', SET_PASSWORD_ACTION);
      void navigate(`/login-otp?${next.toString()}`, { state: req });
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <ScreenHeader title={lg('forgotTitle')} backTo={back} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('forgotHeading')}</h2>
        <p className="login-intro">{lg('forgotIntro')}</p>
        <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField
            id={`${id}-m`}
            value={mobile}
            error={mobileErr}
            autoFocus
            onChange={(v) => {
              setMobile(v);
              setFailure(null);
            }}
          />
          <ErrorText text={limit ?? failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !!limit}>
            {busy ? lg('sending') : lg('sendOtp')}
          </button>
        </form>
      </main>
    </div>
  );
}
