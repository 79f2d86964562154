import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@crust/contract';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { paths } from '../../config/paths.ts';
import { clearSession, currentSession, setCustomerSession, useSession } from '../../shared/api/session.ts';
import { areaOf, type Area } from '../../config/area.ts';
import { t } from '../../shared/i18n/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { messageOf } from '../../shared/api/errors.ts';
import { logout } from '../../shared/customer/logout.ts';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { formatMobile } from '../../shared/customer/mobile.ts';
import {
  accountKeys,
  deleteAccount,
  fieldErrors,
  updateProfile,
  useProfile,
  useSessionLoaded,
  validEmail,
} from '../../shared/account/api.ts';
import { ac } from '../../shared/account/texts.ts';
import '../../shared/account/account.css';

const NAME_MAX = 50;
const EMAIL_MAX = 50;

type Field = 'firstName' | 'lastName' | 'email';
type Errors = Partial<Record<Field, string>>;

/**
 * SPEC §5 Profile, in the order the customer meets them: an empty name, a wrong email, then (nothing
 * changed) "Please change …" for the field they were on (first name when none).
 */
export function profileErrors(values: ProfileUpdate, saved: ProfileUpdate, editing: Field | null): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = ac('enterFirstName');
  if (!values.lastName.trim()) errors.lastName = ac('enterLastName');
  if (values.email.trim() && !validEmail(values.email.trim())) errors.email = ac('invalidEmail');
  if (Object.keys(errors).length) return errors;
  const same = (f: Field) => values[f].trim() === saved[f].trim();
  if (same('firstName') && same('lastName') && same('email')) {
    const f = editing ?? 'firstName';
    errors[f] = ac(
      f === 'firstName' ? 'changeFirstName' : f === 'lastName' ? 'changeLastName' : 'changeEmail',
    );
  }
  return errors;
}

/** /profile: a customer's name and email (the mobile is fixed), saved addresses and account deletion. */
export default function ProfileScreen() {
  const loaded = useSessionLoaded();
  const s = useSession();
  const loggedIn = s?.isLoggedIn === true;
  const profile = useProfile(loaded && loggedIn);
  const area = areaOf(useLocation().pathname);
  // SPEC §4: back here after the login (a full page load when that is the post-order area)
  if (loaded && !loggedIn)
    return <Navigate to={paths.login({ redirectUrl: paths.profile({}, area) }, area)} replace />;
  return (
    <div className="account-screen">
      <ScreenHeader title={ac('profileTitle')} />
      <main className="screen account-main">
        {profile.data ? (
          <ProfileForm profile={profile.data} area={area} />
        ) : profile.isError ? (
          <ErrorText text={messageOf(profile.error)} />
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

function ProfileForm({ profile, area }: { profile: Profile; area: Area }) {
  const qc = useQueryClient();
  const walletOn = useCapability('wallet');
  const loyaltyOn = useCapability('loyalty');
  const [saved, setSaved] = useState<ProfileUpdate>(() => ({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
  }));
  const [values, setValues] = useState<ProfileUpdate>(saved);
  const [editing, setEditing] = useState<Field | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const change = (f: Field, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setEditing(f);
    setErrors((old) => ({ ...old, [f]: undefined }));
    setNotice(null);
    setFailure(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setNotice(null);
    const found = profileErrors(values, saved, editing);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: ProfileUpdate = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      };
      const next = await updateProfile(body);
      qc.setQueryData(accountKeys.profile, next);
      const fresh = { firstName: next.firstName, lastName: next.lastName, email: next.email };
      setSaved(fresh);
      setValues(fresh);
      setEditing(null);
      setNotice(ac('saved'));
      // the header shows the new name
      const s = currentSession();
      if (s?.isLoggedIn) await setCustomerSession({ ...s, ...fresh, emailVerified: next.emailVerified });
    } catch (err) {
      const byField = fieldErrors(err);
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (f: Field, label: string, max: number, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      maxLength={max}
      value={values[f]}
      error={errors[f]}
      onFocus={() => setEditing(f)}
      onChange={(v) => change(f, v)}
      {...extra}
    />
  );

  return (
    <>
      <form className="account-form card" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label={ac('mobileLabel')}
          readOnly
          maxLength={PHONE_LENGTH}
          value={formatMobile(profile.mobile)}
        />
        {field('firstName', ac('firstName'), NAME_MAX, { autoComplete: 'given-name' })}
        {field('lastName', ac('lastName'), NAME_MAX, { autoComplete: 'family-name' })}
        {field('email', ac('email'), EMAIL_MAX, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        <ErrorText text={failure} />
        {notice ? (
          <p className="account-notice" role="status">
            {notice}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? ac('saving') : ac('save')}
        </button>
      </form>
      <nav className="account-links card">
        <Link className="account-link" to={paths.orderHistory({}, area)}>
          {t('myOrders')}
          <span aria-hidden="true">›</span>
        </Link>
        <Link className="account-link" to={paths.myAddresses({ fromProfile: true }, area)}>
          {ac('myAddresses')}
          <span aria-hidden="true">›</span>
        </Link>
        {walletOn ? (
          <Link className="account-link" to={paths.wallet({}, area)}>
            {ac('myWallet')}
            <span aria-hidden="true">›</span>
          </Link>
        ) : null}
        {loyaltyOn ? (
          <Link className="account-link" to={paths.pizzaLoyalty()}>
            {ac('pizzaPals')}
            <span aria-hidden="true">›</span>
          </Link>
        ) : null}
        <Link
          className="account-link"
          to={paths.password({ action: 'setPassword', redirectUrl: paths.profile() })}
        >
          {ac('setPassword')}
          <span aria-hidden="true">›</span>
        </Link>
        <button type="button" className="account-link account-danger" onClick={() => setConfirmDelete(true)}>
          {ac('deleteAccount')}
        </button>
      </nav>
      {confirmDelete ? <DeleteAccountDialog onCancel={() => setConfirmDelete(false)} /> : null}
    </>
  );
}

function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteAccount();
      // the server has logged this account out everywhere: forget it here as logout does, then go home
      clearSession();
      await logout(qc);
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={ac('deleteAccountTitle')}
      actionLabel={busy ? ac('deleting') : ac('deleteAccountConfirm')}
      onAction={() => void run()}
      secondaryLabel={ac('cancel')}
      onSecondary={onCancel}
      onDismiss={onCancel}
    >
      <p>{ac('deleteAccountBody')}</p>
      <ErrorText text={failure} />
    </Dialog>
  );
}
