import { lazy, useState } from 'react';
import { importWithRetry } from '../../shared/lazy-retry.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { areaOf } from '../../config/area.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { MobileField, useMobileInput } from '../../shared/ui/form/MobileField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useFormSubmit } from '../../shared/ui/form/use-form-submit.ts';
import { loadOtpRequest, otpLimitFor, requestOtp, saveOtpRequest } from '../../shared/customer/login-api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { keptParams, keptQuery } from './after-login.ts';
import { SocialButtons } from './SocialButtons.tsx';
import { lg } from './texts.ts';
import { partnerLoginPath } from './partner-login.ts';
import { miniApp } from '../../shared/partner/mode.ts';
import './login.css';

const NAME_MAX = 50;

/** /login (SPEC §4 Login): a mobile number (and a name for a new customer), then "Get OTP" and /login-otp. */
/**
 * A partner mini-app's entry (/vendorPage, issue 18) is a login too, the host's: it rides on this screen's route
 * chunk (one more route in the first download costs more than this) and loads its own when opened.
 */
const VendorPage = lazy(() => importWithRetry(() => import('./VendorPageScreen.tsx')));

/** /login; inside a partner's mini-app, login is the host's (issue 18): /vendorPage instead. */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (pathname === paths.vendorPage.pattern) return <VendorPage />;
  const viaPartner = partnerLoginPath(miniApp(), params);
  return viaPartner ? <Navigate to={viaPartner} replace /> : <LoginScreenForm />;
}

function LoginScreenForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const area = areaOf(useLocation().pathname);
  const form = useFormSubmit(messageOf);
  // back from /login-otp to change the number: it is still there
  const mobile = useMobileInput(form, () => loadOtpRequest()?.mobile ?? '');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');

  const { number } = mobile;
  // a last name alone makes no sense; a first name alone is fine (many people have one name)
  const nameProblem = lastName.trim() && !firstName.trim() ? lg('enterName') : null;
  const nameErr = form.submitted ? nameProblem : null;
  const limit = otpLimitFor(number);

  const onSubmit = form.onSubmit(limit || mobile.error || nameProblem, async () => {
    const req = await requestOtp(number, firstName, lastName);
    saveOtpRequest(req);
    void navigate(paths.loginOtp(keptParams(params), area), { state: req });
  });

  return (
    <div className="login">
      <ScreenHeader title={lg('loginTitle')} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('loginHeading')}</h2>
        <p className="login-intro">{lg('loginIntro')}</p>
        <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField autoFocus {...mobile.field} />
          <fieldset className="login-names">
            <legend>{lg('nameHint')}</legend>
            <TextField
              label={lg('firstName')}
              autoComplete="given-name"
              maxLength={NAME_MAX}
              value={firstName}
              error={nameErr}
              onChange={setFirstName}
            />
            <TextField
              label={lg('lastName')}
              autoComplete="family-name"
              maxLength={NAME_MAX}
              value={lastName}
              onChange={setLastName}
            />
          </fieldset>
          <ErrorText text={limit ?? form.failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || !!limit}>
            {form.busy ? lg('sending') : lg('getOtp')}
          </button>
        </form>
        <p className="login-alt">
          <Link to={paths.password(keptParams(params))}>{lg('usePassword')}</Link>
        </p>
        <SocialButtons query={keptQuery(params)} />
      </main>
    </div>
  );
}
