import { useId } from 'react';
import type { StaffSession } from '@crust/contract/store-console';
import { useSearchParams } from '../../shared/router/index.ts';
import { AuditView } from './AuditView.tsx';
import { bo } from './back-office-texts.ts';
import { OFFICE_VIEW_ACTION, OFFICE_VIEWS, type OfficeView } from './office-views.ts';
import { ExperimentsView } from './ExperimentsView.tsx';
import { GameView } from './GameView.tsx';
import { FunnelView } from './FunnelView.tsx';
import { MenuView } from './MenuView.tsx';
import { OffersView } from './OffersView.tsx';
import { PricesView } from './PricesView.tsx';
import { ReportsView } from './ReportsView.tsx';
import { StaffView } from './StaffView.tsx';
import { StoreSettingsView } from './StoreSettingsView.tsx';
import './back-office.css';

type View = OfficeView;

const VIEW_TEXT = {
  staff: 'staffTab',
  stores: 'storesTab',
  menu: 'menuTab',
  prices: 'pricesTab',
  offers: 'offersTab',
  audit: 'auditTab',
  reports: 'reportsTab',
  analytics: 'analyticsTab',
  experiments: 'experimentsTab',
  game: 'gameTab',
} as const satisfies Record<View, string>;

/**
 * The back office in the store console (issue 30; docs/back-office.md), in its own lazy chunk: the Staff view
 * (`?view=staff`), the Stores view (`?view=stores`: a store's settings), the Menu (`?view=menu`) and Prices
 * (`?view=prices`), Offers (`?view=offers`: coupons and deals, chain admins), Reports (`?view=reports`), the
 * chain admin's Funnel (`?view=analytics`, docs/analytics.md), Experiments (`?view=experiments`, chain admins),
 * the spin-the-wheel Game view (`?view=game`, with the offers) and the Change log (`?view=audit`), each shown to
 * the logins whose role may use it. The server checks every call again.
 */
export default function BackOffice({ view, session }: { view: View; session: StaffSession }) {
  const id = useId();
  const [, setParams] = useSearchParams();
  const views = OFFICE_VIEWS.filter((v) => session.staff.may.includes(OFFICE_VIEW_ACTION[v]));
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
        <OfficeView view={view} session={session} />
      </div>
    </main>
  );
}

function OfficeView({ view, session }: { view: View; session: StaffSession }) {
  switch (view) {
    case 'staff':
      return <StaffView session={session} />;
    case 'stores':
      return <StoreSettingsView session={session} />;
    case 'menu':
      return <MenuView session={session} />;
    case 'prices':
      return <PricesView session={session} />;
    case 'offers':
      return <OffersView />;
    case 'reports':
      return <ReportsView session={session} />;
    case 'experiments':
      return <ExperimentsView />;
    case 'audit':
      return <AuditView session={session} />;
    case 'game':
      return <GameView />;
    case 'analytics':
      return <FunnelView />;
  }
}
