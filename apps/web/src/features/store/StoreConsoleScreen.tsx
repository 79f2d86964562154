import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '@crust/contract/store-console';
import type { StaffAction } from '@crust/domain/staff-roles';
import { OFFICE_VIEW_ACTION, OFFICE_VIEWS, type OfficeView } from './office-views.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
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

// the back office (issue 30): its own chunk, fetched only when a manager or admin opens it
const BackOffice = lazy(() => import('./BackOffice.tsx'));

const officeAction = (v: OfficeView): StaffAction => OFFICE_VIEW_ACTION[v];

/**
 * /store: the store console (docs/store-console.md). The login form until a staff member logs in; then the
 * store picker for a login that sees more than one store, and the chosen store's desk. `?store=` and `?tab=`
 * keep the choice across a reload. What a login sees follows what its role may do (`session.staff.may`): the
 * Content view (`?view=content`) and the back office (`?view=staff`, `stores`, `menu`, `prices`, `offers`,
 * `reports`, `analytics`, `experiments`, `game`, `audit`) only for the logins that may.
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
  const may = (action: StaffAction) => session.staff.may.includes(action);
  const view = params.get('view');
  // the Content view (docs/content.md) is for the logins that may change content; the others never see it
  const content = may('content') && view === 'content';
  const office: OfficeView | null = OFFICE_VIEWS.find((v) => v === view && may(officeAction(v))) ?? null;
  const officeEntry = OFFICE_VIEWS.find((v) => may(officeAction(v)));

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
              role: sc(`role${session.staff.role}`),
            })}
          </span>
        </div>
        {content || office || (store && stores.length > 1) ? (
          <button type="button" className="sc-chip-btn" onClick={() => setParams({})}>
            {stores.length > 1 ? sc('changeStore') : sc('myStore')}
          </button>
        ) : null}
        {officeEntry && !office ? (
          <button type="button" className="sc-chip-btn" onClick={() => setParams({ view: officeEntry })}>
            {sc('backOffice')}
          </button>
        ) : null}
        {may('content') && !content ? (
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
      ) : office ? (
        <Suspense fallback={<Spinner />}>
          <BackOffice view={office} session={session} />
        </Suspense>
      ) : store ? (
        <StoreDesk key={store.id} store={store} may={session.staff.may} />
      ) : (
        <StorePicker stores={stores} onPick={(id) => setParams({ store: String(id) })} />
      )}
    </div>
  );
}
