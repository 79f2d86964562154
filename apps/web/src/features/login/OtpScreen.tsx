import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { OTP_LENGTH } from '@crust/domain/constants';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { areaOf } from '../../config/area.ts';
import { t } from '../../shared/i18n/index.ts';
import { loadPage } from '../../shared/navigation.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { digitsOnly } from '../../shared/ui/form/input-rules.ts';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import {
  loadOtpRequest,
  otpLimitFor,
  requestOtp,
  rememberLoginOtp,
  saveOtpRequest,
  validateOtp,
  type OtpRequest,
} from '../../shared/customer/login-api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { afterLogin, keptParams, loginTarget, SET_PASSWORD_ACTION, SOCIAL_ACTION } from './after-login.ts';
import { formatMobile } from '../../shared/customer/mobile.ts';
import { loadSocialProfile, saveSocialProfile, submitSocialLogin } from './social.ts';
import { lg } from './texts.ts';
import { partnerLoginPath } from './partner-login.ts';
import { miniApp } from '../../shared/partner/mode.ts';
import './login.css';

/** Whole seconds until `until` (a Date.now() value), ticking once a second and stopping at 0. */
function useSecondsLeft(until: number, cap: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  return Math.min(cap, Math.max(0, Math.ceil((until - now) / 1000)));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * /login-otp (SPEC §4 Login, §5 OTP): the 6-digit code, sent as soon as it is complete; resend after the
 * server's 45 s. OTP_FAILED is an inline error; an expired or used-up code says so and offers a resend;
 * anything else shows the error dialog (SPEC §8).
 */
/** Inside a partner's mini-app, login is the host's (issue 18): /vendorPage instead. */
export default function OtpScreen() {
  const [params] = useSearchParams();
  const viaPartner = partnerLoginPath(miniApp(), params);
  return viaPartner ? <Navigate to={viaPartner} replace /> : <OtpScreenForm />;
}

function OtpScreenForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [req, setReq] = useState<OtpRequest | null>(() =>
    (location.state as OtpRequest | null)?.requestId ? (location.state as OtpRequest) : loadOtpRequest(),
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // OTP_EXPIRED or OTP_ATTEMPTS: this code can no longer work, only a new one
  const [dead, setDead] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);
  const left = useSecondsLeft(req ? req.sentAt + req.resendAfterSec * 1000 : 0, req?.resendAfterSec ?? 0);
  const action = params.get('action');
  // a social sign-in proves its number here; the forgot-password flow sets a new password afterwards
  const social = action === SOCIAL_ACTION ? loadSocialProfile() : null;
  const back =
    action === SET_PASSWORD_ACTION
      ? paths.forgotPassword(keptParams(params))
      : social
        ? paths.socialSignin(new URLSearchParams(social.query))
        : paths.login(keptParams(params), areaOf(location.pathname));

  useEffect(() => {
    if (!req) void navigate(back, { replace: true });
  }, [req, back, navigate]);
  if (!req) return null;
  const limit = otpLimitFor(req.mobile);

  const verify = async (value: string) => {
    if (busy.current || dead || value.length !== OTP_LENGTH) return;
    busy.current = true;
    setVerifying(true);
    setError(null);
    setNotice(null);
    try {
      const user = social ? await submitSocialLogin(social, req, value) : await validateOtp(req, value);
      await afterLogin(qc, user);
      if (social) saveSocialProfile(null);
      if (action === SET_PASSWORD_ACTION) {
        // this very code proves the new password on the next screen (within its 5 minutes)
        rememberLoginOtp({ requestId: req.requestId, code: value });
        void navigate(paths.password(keptParams(params)), { replace: true });
        return;
      }
      const target = loginTarget(params);
      if (target.fullLoad) loadPage(target.to);
      else void navigate(target.to, { replace: true });
    } catch (e) {
      busy.current = false;
      setVerifying(false);
      const code = e instanceof ApiError && e.status === 200 ? e.code : undefined;
      if (code === 'OTP_FAILED') {
        setError(messageOf(e));
        input.current?.select();
      } else if (code === 'OTP_EXPIRED' || code === 'OTP_ATTEMPTS') {
        setError(messageOf(e));
        setDead(true);
      } else setDialog(messageOf(e));
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const next = await requestOtp(req.mobile, req.firstName, req.lastName);
      saveOtpRequest(next);
      // a reload must find the new request in the history entry too
      void navigate(location.pathname + location.search, { replace: true, state: next });
      setReq(next);
      setCode('');
      setDead(false);
      setNotice(lg('otpSent'));
      input.current?.focus();
    } catch (e) {
      // OTP_LIMIT raised the limit flag, whose text shows in place of the resend button
      if (!otpLimitFor(req.mobile)) setError(messageOf(e));
    } finally {
      setResending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void verify(code);
  };

  return (
    <div className="login">
      <ScreenHeader title={lg('otpTitle')} backTo={back} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('otpPrompt')}</h2>
        <p className="login-intro">
          {lg('sentTo', { number: formatMobile(req.mobile) })}{' '}
          <Link to={back} replace>
            {lg('changeNumber')}
          </Link>
        </p>
        <form className="login-form" noValidate onSubmit={onSubmit}>
          <TextField
            inputRef={input}
            label={lg('otpLabel')}
            inputClassName="otp-input"
            type="text"
            numeric
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            autoFocus
            placeholder={lg('otpPlaceholder')}
            value={code}
            readOnly={verifying}
            disabled={dead}
            error={error}
            onChange={(typed) => {
              const value = digitsOnly(typed, OTP_LENGTH);
              setCode(value);
              if (value.length === OTP_LENGTH) void verify(value);
            }}
          >
            {notice ? (
              <p className="login-notice" role="status">
                {notice}
              </p>
            ) : null}
          </TextField>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={verifying || dead || code.length !== OTP_LENGTH}
          >
            {verifying ? lg('verifying') : lg('verify')}
          </button>
        </form>
        {limit ? (
          <ErrorText text={limit} />
        ) : left > 0 && !dead ? (
          <p className="otp-resend" role="timer">
            {lg('resendIn', { time: clock(left) })}
          </p>
        ) : (
          <p className="otp-resend">
            <button type="button" className="link-btn" disabled={resending} onClick={() => void resend()}>
              {lg('resend')}
            </button>
          </p>
        )}
      </main>
      {dialog ? (
        <Dialog title={t('genericHeader')} actionLabel={t('genericButton')} onAction={() => setDialog(null)}>
          <p>{dialog}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
