import { Link, Navigate, useNavigate } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { useSessionLoaded } from '../../shared/account/api.ts';
import { rememberGuestCash } from './auto-login.ts';
import { ck } from './texts.ts';
import './checkout.css';

/** Where login comes back to: checkout, with the guest's cart now the customer's. */
const LOGIN_PATH = paths.login({ redirectUrl: paths.payment() });

/**
 * /paymentType (SPEC §4 "Guests cash payment may redirect to /paymentType for auto-login"): a guest who
 * chose cash is offered a login first; "Continue as guest" goes back to /payment with cash still chosen.
 */
export default function PaymentTypeScreen() {
  const navigate = useNavigate();
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  if (loaded && loggedIn) return <Navigate to={paths.payment()} replace />;
  return (
    <div className="ck-screen">
      <ScreenHeader title={ck('paymentTypeTitle')} backTo={paths.payment()} />
      <main className="ck-main ck-offer">
        <section className="ck-block">
          <h2 className="ck-offer-title">{ck('loginPitch')}</h2>
          <p className="ck-muted">{ck('loginPitchBody')}</p>
          <div className="ck-offer-actions">
            <Link className="btn btn-primary btn-block" to={LOGIN_PATH}>
              {ck('logIn')}
            </Link>
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => {
                rememberGuestCash();
                void navigate(paths.payment(), { replace: true });
              }}
            >
              {ck('continueAsGuest')}
            </button>
          </div>
        </section>
      </main>
    </div>
  );
}
