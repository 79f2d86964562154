import { useState, type ReactNode } from 'react';
import { useCapability } from '../app-config/capabilities.ts';
import { Link, useLocation } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { useSession } from '../api/session.ts';
import { t } from '../i18n/index.ts';

/** A door with an arrow leaving it: logout, drawn here (no icon font). */
function LogoutIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </svg>
  );
}

/**
 * The header's account entry (landing and menu): "Login" for a guest, back to this page afterwards. A
 * customer gets a round badge with their initial (named for screen readers by first name or mobile)
 * leading to /profile, and a logout button (which asks first): two 40 px circles, so the store name beside them keeps its room
 * on a small phone. Logout's code loads when it is used.
 */
export function AccountEntry() {
  const s = useSession();
  const { pathname, search } = useLocation();
  const qc = useQueryClient();
  const logoutOn = useCapability('logout');
  const [confirm, setConfirm] = useState<ReactNode>(null);
  if (!s?.isLoggedIn)
    return (
      <Link className="account-btn" to={paths.login({ redirectUrl: pathname + search })}>
        {t('login')}
      </Link>
    );
  const name = s.firstName || s.mobile;
  return (
    <span className="account">
      <Link className="account-badge" to={paths.profile()} aria-label={name} title={t('myProfile')}>
        <span aria-hidden="true">{s.firstName ? s.firstName.charAt(0).toUpperCase() : '☺'}</span>
      </Link>
      {logoutOn ? (
        <button
          type="button"
          className="account-badge account-logout"
          aria-label={t('logout')}
          title={t('logout')}
          onClick={() =>
            void import('./LogoutConfirm.tsx').then((m) =>
              setConfirm(<m.LogoutConfirm qc={qc} onCancel={() => setConfirm(null)} />),
            )
          }
        >
          <LogoutIcon />
        </button>
      ) : null}
      {confirm}
    </span>
  );
}
