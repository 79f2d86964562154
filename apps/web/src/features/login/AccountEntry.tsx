import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/api/session.ts';
import { t } from '../../shared/i18n/index.ts';

/**
 * The header's account entry (landing and menu): "Login" for a guest, back to this page afterwards; the
 * customer's first name (or mobile) and "Logout" once logged in. Logout's code loads when it is used.
 */
export function AccountEntry() {
  const s = useSession();
  const { pathname, search } = useLocation();
  const qc = useQueryClient();
  if (!s?.isLoggedIn)
    return (
      <Link className="account-btn" to={`/login?redirectUrl=${encodeURIComponent(pathname + search)}`}>
        {t('login')}
      </Link>
    );
  return (
    <span className="account">
      <Link className="account-name" to="/profile" title={t('myProfile')}>
        {s.firstName || s.mobile}
      </Link>
      <button
        type="button"
        className="account-btn"
        onClick={() => void import('./logout.ts').then((m) => m.logout(qc))}
      >
        {t('logout')}
      </button>
    </span>
  );
}
