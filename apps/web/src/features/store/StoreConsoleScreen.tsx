import { useEffect } from 'react';
import { useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '@crust/contract/store-console';
import { ContentDesk } from './ContentDesk.tsx';
import { cc } from './content-texts.ts';
import { LoginForm } from './LoginForm.tsx';
import { StoreDesk } from './StoreDesk.tsx';
import { StorePicker } from './StorePicker.tsx';
import { consoleKeys, useStores } from './queries.ts';
import { endStaffSession, useStaffState } from './staff-session.ts';
import { sc } from './texts.ts';
import './store-console.css';

// setTimeout's longest wait; a staff session is far shorter
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * /store: the store console (docs/store-console.md). The login form until a staff member logs in; then the
 * store picker for a login that sees more than one store, and the chosen store's desk. `?store=` and `?tab=`
 * keep the choice across a reload.
 */
export default function StoreConsoleScreen() {
  const { session, ended } = useStaffState();
  return session ? <Console session={session} /> : <LoginForm ended={ended} />;
}

function Console({ session }: { session: StaffSession }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const stores = useStores(session.stores).data ?? session.stores;

  useEffect(() => {
    const left = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(() => endStaffSession(true), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session.expiresAt]);

  const asked = Number(params.get('store'));
  const store = stores.find((s) => s.id === asked) ?? (stores.length === 1 ? stores[0] : undefined);
  const admin = session.staff.role === 'ADMIN';
  // the Content view (docs/content.md) is a chain admin's; a store login never sees it
  const content = admin && params.get('view') === 'content';

  const logout = () => {
    endStaffSession(false);
    qc.removeQueries({ queryKey: consoleKeys.all });
    setParams({}, { replace: true });
  };

  return (
    <div className="sc">
      <header className="sc-top">
        <div className="sc-top-who">
          <strong>{sc('title')}</strong>
          <span className="sc-muted">
            {sc('signedInAs', {
              name: session.staff.name,
              role: admin ? sc('roleAdmin') : sc('roleStore'),
            })}
          </span>
        </div>
        {(store || content) && stores.length > 1 ? (
          <button type="button" className="sc-chip-btn" onClick={() => setParams({})}>
            {sc('changeStore')}
          </button>
        ) : null}
        {admin && !content ? (
          <button type="button" className="sc-chip-btn" onClick={() => setParams({ view: 'content' })}>
            {cc('contentButton')}
          </button>
        ) : null}
        <button type="button" className="sc-chip-btn" onClick={logout}>
          {sc('logout')}
        </button>
      </header>
      {content ? (
        <ContentDesk />
      ) : store ? (
        <StoreDesk key={store.id} store={store} />
      ) : (
        <StorePicker stores={stores} onPick={(id) => setParams({ store: String(id) })} />
      )}
    </div>
  );
}
