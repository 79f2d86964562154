import { Link, Navigate, useLocation } from '../../shared/router/index.ts';
import type { WalletSummary } from '@crust/contract/wallet';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useSessionLoaded } from '../../shared/account/api.ts';
import { areaOf } from '../../config/area.ts';
import { rupees } from '../../shared/format.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useWalletSummary } from './api.ts';
import { Ledger } from './Ledger.tsx';
import { wt } from './texts.ts';
import './wallet.css';

/**
 * /wallet and /postorder-ui/wallet (SPEC §3 Wallet summary, §7): what the wallet can pay, its three parts, and
 * its history by day, each entry linked to its order. Customers only (SPEC §6): a guest logs in and comes back.
 */
export default function WalletScreen() {
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  const area = areaOf(useLocation().pathname);
  const ready = loaded && loggedIn;
  const summary = useWalletSummary(ready);
  // SPEC §4: back here after the login (a full page load when that is the post-order area)
  if (loaded && !loggedIn)
    return <Navigate to={paths.login({ redirectUrl: paths.wallet({}, area) }, area)} replace />;
  return (
    <div className="wallet-screen">
      <ScreenHeader title={wt('title')} />
      <main className="screen wallet-main">
        {summary.data ? (
          <Summary summary={summary.data} />
        ) : summary.isError ? (
          <div className="wallet-empty">
            <ErrorText text={`${wt('loadFailed')} ${messageOf(summary.error)}`} />
            <button type="button" className="btn btn-secondary" onClick={() => void summary.refetch()}>
              {wt('retry')}
            </button>
          </div>
        ) : (
          <Spinner />
        )}
        {ready ? <Ledger area={area} /> : null}
      </main>
    </div>
  );
}

/** The balance the wallet can pay, then its parts: Pizza Pals in points (₹1 each), the others in rupees. */
function Summary({ summary }: { summary: WalletSummary }) {
  return (
    <section className="card wallet-summary" aria-labelledby="wallet-balance-h">
      <h2 id="wallet-balance-h" className="wallet-balance-label">
        {wt('balanceLabel')}
      </h2>
      <p className="wallet-balance" data-testid="wallet-balance">
        {rupees(summary.totalBalance)}
      </p>
      <p className="wallet-hint">{wt('balanceHint')}</p>
      <h3 className="visually-hidden">{wt('partsTitle')}</h3>
      <dl className="wallet-parts">
        {summary.entries.map((e) => (
          <div key={e.title} className="wallet-part">
            <dt>{wt(e.title)}</dt>
            <dd>
              {e.title === 'Pizza Pals Points' ? (
                <Link
                  to={paths.pizzaLoyalty()}
                  aria-label={`${wt(e.title)}: ${wt('points', { n: e.amount })}`}
                >
                  {wt('points', { n: e.amount })}
                </Link>
              ) : (
                rupees(e.amount)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
