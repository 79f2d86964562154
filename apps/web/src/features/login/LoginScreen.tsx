import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { loadOtpRequest, messageOf, otpLimitFor, requestOtp, saveOtpRequest } from './api.ts';
import { keptQuery } from './after-login.ts';
import { MobileField } from './MobileField.tsx';
import { mobileError } from './mobile.ts';
import { SocialButtons } from './SocialButtons.tsx';
import { lg } from './texts.ts';
import './login.css';

const NAME_MAX = 50;

/** /login (SPEC §4 Login): a mobile number (and a name for a new customer), then "Get OTP" and /login-otp. */
export default function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  // back from /login-otp to change the number: it is still there
  const [mobile, setMobile] = useState(() => loadOtpRequest()?.mobile ?? '');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const number = mobile.trim();
  const mobileErr = submitted ? mobileError(number) : null;
  // a last name alone makes no sense; a first name alone is fine (many people have one name)
  const nameErr = submitted && lastName.trim() && !firstName.trim() ? lg('enterName') : null;
  const limit = otpLimitFor(number);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (sending || limit || mobileError(number) || (lastName.trim() && !firstName.trim())) return;
    setSending(true);
    setFailure(null);
    try {
      const req = await requestOtp(number, firstName, lastName);
      saveOtpRequest(req);
      void navigate(`/login-otp${keptQuery(params)}`, { state: req });
    } catch (err) {
      setFailure(messageOf(err));
      setSending(false);
    }
  };

  return (
    <div className="login">
      <ScreenHeader title={lg('loginTitle')} />
      <main className="screen login-main">
        <h2 className="login-heading">{lg('loginHeading')}</h2>
        <p className="login-intro">{lg('loginIntro')}</p>
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
          <fieldset className="login-names">
            <legend>{lg('nameHint')}</legend>
            <div className="field">
              <label htmlFor={`${id}-f`}>{lg('firstName')}</label>
              <input
                id={`${id}-f`}
                className="input"
                autoComplete="given-name"
                maxLength={NAME_MAX}
                value={firstName}
                aria-invalid={nameErr ? true : undefined}
                aria-describedby={nameErr ? `${id}-fe` : undefined}
                onChange={(e) => setFirstName(e.target.value)}
              />
              <ErrorText id={`${id}-fe`} text={nameErr} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-l`}>{lg('lastName')}</label>
              <input
                id={`${id}-l`}
                className="input"
                autoComplete="family-name"
                maxLength={NAME_MAX}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
          </fieldset>
          <ErrorText text={limit ?? failure} />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending || !!limit}>
            {sending ? lg('sending') : lg('getOtp')}
          </button>
        </form>
        <p className="login-alt">
          <Link to={`/dominosPassword${keptQuery(params)}`}>{lg('usePassword')}</Link>
        </p>
        <SocialButtons query={keptQuery(params)} />
      </main>
    </div>
  );
}
