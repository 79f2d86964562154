import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { partnerVendorOf, PARTNER_CLIENT_IDS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { fetchConfig } from '../../shared/location/api.ts';
import { locationKeys } from '../../shared/location/lookups.ts';
import { loadPage } from '../../shared/navigation.ts';
import { callBridge, detectHost, exitToHost, setMiniApp } from '../../shared/partner/bridge.ts';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { afterLogin, loginTarget } from './after-login.ts';
import { partnerLogin } from './partner-login.ts';
import { lg } from './texts.ts';
import './login.css';

type View =
  | { kind: 'working'; partner: string | null }
  /** opened outside its host (or the host never answered): the normal app is one link away */
  | { kind: 'outside'; partner: string | null }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; to: string; fullLoad: boolean };

const partnerNameOf = (vendor: PartnerVendor | null) =>
  vendor === 'PAYTM' ? lg('paytm') : vendor === 'GPAY' ? lg('googlePay') : null;

/**
 * The sign-in of SPEC §2 /vendorPage?vendor=paytm|googlepay (issue 18): inside the partner's host (framed, and its
 * bridge answering `hello`), enter the mini-app mode, ask the host for an auth code (the customer consents there),
 * exchange it with Crust's server (partner login) and keep the session as OTP login does.
 */
async function signIn(qc: QueryClient, vendor: PartnerVendor | null, params: URLSearchParams): Promise<View> {
  const partner = partnerNameOf(vendor);
  if (!vendor || !(await detectHost(vendor))) return { kind: 'outside', partner };
  // the partner's api key and client type ride on the login call and every call after it
  const config = await qc
    .fetchQuery({ queryKey: locationKeys.config, queryFn: ({ signal }) => fetchConfig(signal) })
    .catch(() => undefined);
  setMiniApp({ vendor, config: config?.vendorConfig?.[vendor] });
  let authCode: string;
  try {
    ({ authCode } = await callBridge('authCode', { clientId: PARTNER_CLIENT_IDS[vendor] }));
  } catch {
    // refused consent, or the host's bridge failing
    return { kind: 'failed', message: lg('miniAppSignInError') };
  }
  try {
    await afterLogin(qc, await partnerLogin(vendor, authCode));
  } catch (e) {
    return {
      kind: 'failed',
      message: lg(e instanceof ApiError ? 'miniAppLoginRefused' : 'miniAppSignInError'),
    };
  }
  return { kind: 'done', ...loginTarget(params) };
}

export default function VendorPageScreen() {
  const [params] = useSearchParams();
  const vendor = partnerVendorOf(params.get('vendor'));
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'working', partner: partnerNameOf(vendor) });
  const [attempt, setAttempt] = useState(0);
  // one sign-in per attempt (a consent sheet asked twice would be a second code)
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    void signIn(qc, vendor, params).then(setView);
  }, [attempt, qc, vendor, params]);

  useEffect(() => {
    if (view.kind !== 'done') return;
    if (view.fullLoad) loadPage(view.to);
    else void navigate(view.to, { replace: true });
  }, [view, navigate]);

  switch (view.kind) {
    case 'working':
    case 'done':
      return (
        <main className="screen login-main vendor-page" aria-busy="true">
          <Spinner />
          <p className="login-intro" role="status">
            {view.kind === 'working' && view.partner
              ? lg('signingInWith', { partner: view.partner })
              : lg('signingIn')}
          </p>
        </main>
      );
    case 'outside':
      return (
        <main className="screen login-main vendor-page">
          <h1 className="login-heading">
            {view.partner ? lg('outsideHost', { partner: view.partner }) : lg('outsideHosts')}
          </h1>
          <p className="login-intro">{lg('outsideHostBody')}</p>
          <Link className="btn btn-primary btn-block" to={paths.home()} replace>
            {lg('openCrust')}
          </Link>
        </main>
      );
    case 'failed':
      return (
        <main className="screen login-main vendor-page">
          <h1 className="login-heading">{lg('signInFailedTitle')}</h1>
          <p className="error-text" role="alert">
            {view.message}
          </p>
          <div className="vendor-actions">
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => {
                setView({ kind: 'working', partner: partnerNameOf(vendor) });
                setAttempt((a) => a + 1);
              }}
            >
              {lg('retry')}
            </button>
            <button type="button" className="btn btn-secondary btn-block" onClick={exitToHost}>
              {lg('exit')}
            </button>
          </div>
        </main>
      );
  }
}
