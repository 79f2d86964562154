import { useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { MobileField, useMobileInput } from '../../shared/ui/form/MobileField.tsx';
import { useFormSubmit } from '../../shared/ui/form/use-form-submit.ts';
import {
  loadOtpRequest,
  otpLimitFor,
  requestPasswordOtp,
  saveOtpRequest,
} from '../../shared/customer/login-api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { keptParams, SET_PASSWORD_ACTION } from './after-login.ts';
import { lg } from './texts.ts';
import './login.css';

/**
 * /forgotPassword (SPEC §4 Login): the forgot-password request sends an OTP; its success goes to
 * /login-otp, and after the code the customer sets a new password on /dominosPassword.
 */
export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const form = useFormSubmit(messageOf);
  const mobile = useMobileInput(
    form,
    () => (location.state as { mobile?: string } | null)?.mobile ?? loadOtpRequest()?.mobile ?? '',
  );
  const { number } = mobile;
  const limit = otpLimitFor(number);
  // back to the password login: /dominosPassword?action=setPassword would send a guest straight back here
  const backQuery = keptParams(params);
  if (backQuery.get('action') === SET_PASSWORD_ACTION) backQuery.delete('action');
  const back = paths.password(backQuery);

  const onSubmit = form.onSubmit(limit || mobile.error, async () => {
    const req = await requestPasswordOtp(number);
    saveOtpRequest(req);
    const next = keptParams(params);
    next.set('action', SET_PASSWORD_ACTION);
    void navigate(paths.loginOtp(next), { state: req });
  });

  return (
    <div className="login">
      <ScreenHeader title={lg('forgotTitle')} backTo={back} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('forgotHeading')}</h2>
        <p className="login-intro">{lg('forgotIntro')}</p>
        <form className="login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <MobileField autoFocus {...mobile.field} />
          <ErrorText text={limit ?? form.failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || !!limit}>
            {form.busy ? lg('sending') : lg('sendOtp')}
          </button>
        </form>
      </main>
    </div>
  );
}
