import { useId } from 'react';
import type { StaffSession } from '@crust/contract/store-console';
import { useSearchParams } from '../../shared/router/index.ts';
import { AuditView } from './AuditView.tsx';
import { bo } from './back-office-texts.ts';
import { MenuView } from './MenuView.tsx';
import { PricesView } from './PricesView.tsx';
import { StaffView } from './StaffView.tsx';
import { StoreSettingsView } from './StoreSettingsView.tsx';
import './back-office.css';

const VIEWS = ['staff', 'stores', 'menu', 'prices', 'audit'] as const;
type View = (typeof VIEWS)[number];

const VIEW_TEXT = {
  staff: 'staffTab',
  stores: 'storesTab',
  menu: 'menuTab',
  prices: 'pricesTab',
  audit: 'auditTab',
} as const satisfies Record<View, string>;

/**
 * The back office in the store console (issue 30; docs/back-office.md), in its own lazy chunk: the Staff view
 * (`?view=staff`), the Stores view (`?view=stores`: a store's settings), the Menu (`?view=menu`) and Prices
 * (`?view=prices`) views and the Change log (`?view=audit`), each
 * shown to the logins whose role may use it. The server checks every call again.
 */
export default function BackOffice({ view, session }: { view: View; session: StaffSession }) {
  const id = useId();
  const [, setParams] = useSearchParams();
  const views = VIEWS.filter((v) => session.staff.may.includes(v));
  return (
    <main className="sc-main bo">
      <h1 className="visually-hidden">{bo('sections')}</h1>
      {views.length > 1 ? (
        <div className="sc-tabs bo-tabs" role="tablist" aria-label={bo('sections')}>
          {views.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`${id}-${v}`}
              aria-selected={v === view}
              aria-controls={`${id}-panel`}
              className="sc-tab"
              onClick={() => setParams({ view: v })}
            >
              {bo(VIEW_TEXT[v])}
            </button>
          ))}
        </div>
      ) : null}
      <div
        className="bo-panel"
        role={views.length > 1 ? 'tabpanel' : undefined}
        id={`${id}-panel`}
        aria-labelledby={views.length > 1 ? `${id}-${view}` : undefined}
      >
        {view === 'staff' ? (
          <StaffView session={session} />
        ) : view === 'stores' ? (
          <StoreSettingsView session={session} />
        ) : view === 'menu' ? (
          <MenuView session={session} />
        ) : view === 'prices' ? (
          <PricesView session={session} />
        ) : (
          <AuditView session={session} />
        )}
      </div>
    </main>
  );
}
