import { useCapability } from '../app-config/capabilities.ts';
import { Link } from '../router/index.ts';
import { LOYALTY } from '@crust/domain/loyalty';
import { paths } from '../../config/paths.ts';
import { useSession } from '../api/session.ts';
import { useLoyaltyInfo } from './api.ts';
import { lyt } from './texts.ts';
import './loyalty.css';

/**
 * SPEC §6: the loyalty widget appears only to logged-in customers who are not enrolled; its action is "reward",
 * which goes to /pizzaLoyalty (SPEC §2 Widget actions). Nothing shows while the answer is awaited or if it fails.
 */
export function LoyaltyWidget() {
  const loggedIn = useSession()?.isLoggedIn === true;
  const info = useLoyaltyInfo(loggedIn);
  const on = useCapability('loyalty');
  if (!on || !loggedIn || !info.data || info.data.enrollmentStatus) return null;
  return (
    <Link className="loy-widget" to={paths.pizzaLoyalty()} data-testid="loyalty-widget">
      <span className="loy-widget-icon" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="40" height="40">
          <circle cx="16" cy="16" r="15" fill="#ffd166" stroke="#e3a04f" strokeWidth="2" />
          <path d="M16 16L16 1A15 15 0 0 1 29 8.5Z" fill="#f1eee8" />
          <circle cx="10" cy="12" r="2.4" fill="#c23f2b" />
          <circle cx="12" cy="22" r="2.4" fill="#c23f2b" />
          <circle cx="21" cy="21" r="2" fill="#2e9e48" />
        </svg>
      </span>
      <span className="loy-widget-text">
        <span className="loy-widget-title">{lyt('widgetTitle')}</span>
        <span className="loy-widget-body">
          {lyt('widgetBody', { earn: LOYALTY.earnPointsPerOrder, redeem: LOYALTY.itemRedeemPoints })}
        </span>
      </span>
      <span className="loy-widget-action" aria-hidden="true">
        {lyt('widgetAction')} ›
      </span>
    </Link>
  );
}
