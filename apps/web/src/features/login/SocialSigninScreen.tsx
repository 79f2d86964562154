import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { loadPage } from '../../shared/navigation.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { MobileField } from '../../shared/ui/form/MobileField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useFormSubmit } from '../../shared/ui/form/use-form-submit.ts';
import { validEmail } from '../../shared/account/api.ts';
import { otpLimitFor, requestOtp, saveOtpRequest } from '../../shared/customer/login-api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { afterLogin, keptParams, loginTarget, SOCIAL_ACTION } from './after-login.ts';
import { mobileError } from '../../shared/customer/mobile.ts';
import {
  finishRedirect,
  loadSocialProfile,
  saveSocialProfile,
  searchSocialUser,
  SignInCancelled,
  tokenClaims,
  type SocialProfile,
} from './social.ts';
import { lg } from './texts.ts';
import './login.css';

const NAME_MAX = 50;
const EMAIL_MAX = 50;

type Stage =
  | { kind: 'working' }
  | { kind: 'form'; profile: SocialProfile }
  | { kind: 'failed'; message: string; cancelled: boolean; backTo: string };

/**
 * /socialSignin (SPEC §4 Login): where the identity provider sends the customer back (?code&state). A
 * person the server knows is logged in; a new person (the user search's 404) completes the profile here
 * and proves the mobile number with an OTP; other failures show the server's message.
 */
export default function SocialSigninScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const started = useRef(false);
  const returning = params.has('code') || params.has('error');
  const [stage, setStage] = useState<Stage>(() => {
    const profile = returning ? null : loadSocialProfile();
    return profile ? { kind: 'form', profile } : { kind: 'working' };
  });

  useEffect(() => {
    if (started.current || stage.kind !== 'working') return;
    started.current = true;
    if (!returning) {
      void navigate(paths.login(keptParams(params)), { replace: true });
      return;
    }
    const run = async () => {
      let query = '';
      try {
        const t = await finishRedirect(params);
        query = t.query;
        const claims = tokenClaims(t.token);
        const user = await searchSocialUser(t, claims);
        if (user) {
          await afterLogin(qc, user);
          const target = loginTarget(new URLSearchParams(t.query));
          if (target.fullLoad) loadPage(target.to);
          else void navigate(target.to, { replace: true });
          return;
        }
        const profile: SocialProfile = {
          ...t,
          email: claims.email,
          firstName: claims.givenName || claims.name,
          lastName: claims.familyName,
          mobile: '',
        };
        saveSocialProfile(profile);
        // the code is spent: a reload must show the form, not try it again
        void navigate(paths.socialSignin(new URLSearchParams(t.query)), { replace: true });
        setStage({ kind: 'form', profile });
      } catch (e) {
        const message =
          e instanceof SignInCancelled
            ? e.message === 'access_denied'
              ? lg('socialCancelled')
              : lg('socialFailed')
            : messageOf(e);
        const cancelled = e instanceof SignInCancelled && e.message === 'access_denied';
        if (e instanceof SignInCancelled) query = e.query;
        setStage({ kind: 'failed', message, cancelled, backTo: paths.login(new URLSearchParams(query)) });
      }
    };
    void run();
  }, [stage.kind, returning, params, navigate, qc]);

  return (
    <div className="login">
      <ScreenHeader title={lg('socialTitle')} backTo={paths.login()} />
      <main className="screen login-main">
        {stage.kind === 'working' ? (
          <div className="login-done" role="status">
            <Spinner />
            <p>{lg('socialWorking')}</p>
          </div>
        ) : stage.kind === 'failed' ? (
          <div className="login-done">
            {/* a cancellation is the customer's own choice, not an error */}
            {stage.cancelled ? (
              <p className="login-intro">{stage.message}</p>
            ) : (
              <ErrorText text={stage.message} />
            )}
            <Link className="btn btn-primary btn-block" to={stage.backTo} replace>
              {lg('backToLogin')}
            </Link>
          </div>
        ) : (
          <ProfileForm profile={stage.profile} />
        )}
      </main>
    </div>
  );
}

type Field = 'mobile' | 'firstName' | 'email';

function ProfileForm({ profile }: { profile: SocialProfile }) {
  const navigate = useNavigate();
  const form = useFormSubmit(messageOf);
  const [values, setValues] = useState(profile);
  const number = values.mobile.trim();
  const errors: Partial<Record<Field, string | null>> = {
    mobile: mobileError(number),
    firstName: values.firstName.trim() ? null : lg('enterName'),
    email: !values.email.trim()
      ? lg('enterEmail')
      : validEmail(values.email.trim())
        ? null
        : lg('enterValidEmail'),
  };
  const shown = (f: Field) => (form.submitted ? (errors[f] ?? null) : null);
  const limit = otpLimitFor(number);
  const set = (f: keyof SocialProfile) => form.edit((v: string) => setValues((old) => ({ ...old, [f]: v })));

  const onSubmit = form.onSubmit(limit || Object.values(errors).some(Boolean), async () => {
    const next: SocialProfile = {
      ...values,
      mobile: number,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    };
    const req = await requestOtp(number, next.firstName, next.lastName);
    saveOtpRequest(req);
    saveSocialProfile(next);
    const query = new URLSearchParams(profile.query);
    query.set('action', SOCIAL_ACTION);
    void navigate(paths.loginOtp(query), { state: req });
  });

  const text = (f: 'firstName' | 'lastName' | 'email', label: string, max: number, auto: string) => (
    <TextField
      label={label}
      maxLength={max}
      autoComplete={auto}
      type={f === 'email' ? 'email' : 'text'}
      value={values[f]}
      error={f !== 'lastName' ? shown(f) : null}
      onChange={set(f)}
    />
  );

  return (
    <>
      <h2 className="login-heading">{lg('socialHeading')}</h2>
      <p className="login-intro">{lg('socialIntro')}</p>
      <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <MobileField value={values.mobile} error={shown('mobile')} autoFocus onChange={set('mobile')} />
        {text('firstName', lg('firstName'), NAME_MAX, 'given-name')}
        {text('lastName', lg('lastName'), NAME_MAX, 'family-name')}
        {text('email', lg('emailLabel'), EMAIL_MAX, 'email')}
        <ErrorText text={limit ?? form.failure} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || !!limit}>
          {form.busy ? lg('sending') : lg('getOtp')}
        </button>
      </form>
    </>
  );
}
