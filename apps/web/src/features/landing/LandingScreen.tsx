import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from '../../shared/router/index.ts';
import { isPickupType } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';
import { t } from '../../shared/i18n/index.ts';
import { endTrainOrder, setDeliveryType, useLocationState } from '../../shared/state/location-store.ts';
import { useWidgets } from '../../shared/content/api.ts';
import { widgetPath } from '../../shared/content/widget-path.ts';
import { OWN_ASSET } from '@crust/domain/content';
import { locationEntryPath, locationSelectionPath } from '../../shared/location/paths.ts';
import { gpsStatusText, useCurrentLocation } from '../../shared/location/useCurrentLocation.tsx';
import { GpsIcon, PinIcon } from '../../shared/location/icons.tsx';
import { isRouted } from '../../shared/routed.ts';
import { useOffered } from '../../shared/app-config/capabilities.ts';
import { OrderTypePicker } from '../../shared/location/OrderTypePicker.tsx';
import { AlertStrip, useAlertsOrWait } from './AlertStrip.tsx';
import { InfoLinks } from './InfoLinks.tsx';
import type { ShortcutSlug } from './CategoryIcon.tsx';
import { lt } from './texts.ts';
import { AccountEntry } from '../../shared/customer/AccountEntry.tsx';
import { useIdleReady } from '../../shared/idle.ts';
import { LoyaltyWidget } from '../../shared/loyalty/LoyaltyWidget.tsx';
import { landingLayout } from '@crust/domain/experiment-views';
import { readAbTest } from '../../shared/experiments/assignment.ts';
import { importWithRetry } from '../../shared/lazy-retry.ts';
import { useSession } from '../../shared/api/session.ts';
import './landing.css';

const SHORTCUTS: { slug: ShortcutSlug; label: string }[] = [
  { slug: 'veg-pizza', label: lt('vegPizza') },
  { slug: 'non-veg-pizza', label: lt('nonVegPizza') },
  { slug: 'pizza-mania', label: lt('pizzaMania') },
  { slug: 'sides', label: lt('sides') },
  { slug: 'beverages', label: lt('beverages') },
  { slug: 'dessert', label: lt('dessert') },
  { slug: 'speciality-chicken', label: lt('specialityChicken') },
  { slug: 'combos', label: lt('combos') },
];

function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#ffd166" stroke="#e3a04f" strokeWidth="2" />
      <path d="M16 16L31 12A15 15 0 0 1 27 27Z" fill="#0b6e4f" />
      <circle cx="10" cy="11" r="2.4" fill="#e8553e" />
      <circle cx="11" cy="21" r="2.4" fill="#e8553e" />
      <circle cx="19" cy="24" r="2" fill="#2e9e48" />
    </svg>
  );
}

/**
 * The shortcuts' drawings, a chunk of their own (the first screen's JavaScript budget): the links and labels are
 * there at once, each in its fixed 64 px circle, so a drawing that comes a moment later moves nothing.
 */
const CategoryIcon = lazy(() =>
  importWithRetry(() => import('./CategoryIcon.tsx')).then((m) => ({ default: m.CategoryIcon })),
);

/** spin-the-wheel's widget (issue 33 §1): a chunk of its own, so the first screen carries none of the game */
const SpinWidget = lazy(() => importWithRetry(() => import('../../shared/game/SpinWidget.tsx')));

/** / and /landing: order type, location entry, offers and category shortcuts. */
export default function LandingScreen() {
  const navigate = useNavigate();
  const { deliveryType, point, store } = useLocationState();
  const gps = useCurrentLocation({ deliveryType });
  const widgets = useWidgets('LANDING', deliveryType);
  const typeName = useId();
  const entryHintId = useId();
  const pickup = isPickupType(deliveryType);
  const gpsStatus = gpsStatusText(gps.phase);
  const offered = useOffered();
  const loggedIn = useSession()?.isLoggedIn === true;
  // the landing's banners are content (docs/content.md); one leading to a screen this app does not have yet
  // waits for the screen, and one leading to a feature the remote config switched off is not shown
  const banners = (widgets.data?.widgets ?? []).flatMap((w) => {
    const to = widgetPath(w);
    return to !== null && isRouted(to) && offered(to) ? [{ ...w, to }] : [];
  });
  const belowTheFold = useIdleReady();
  // the next-gen home experiment (docs/experiments.md): a compact hero and the categories before the offers;
  // read as the screen opens, so a variant that comes meanwhile shows next time rather than moving this one
  const [layout] = useState(() => landingLayout(readAbTest().nextGenHome));
  const nextGen = layout === 'nextGen';
  const underTheChooser = useAlertsOrWait(deliveryType);
  // the landing is outside the train flow: a train order's borrowed station store gives way to the customer's own
  useEffect(() => endTrainOrder(), []);
  // above the offers (next-gen) they are drawn at once: drawn when idle, they would push the offers down
  const shortcuts =
    belowTheFold || nextGen ? (
      <section className="landing-section" aria-labelledby={`${typeName}-cats`}>
        <h2 className="landing-section-title" id={`${typeName}-cats`}>
          {lt('categories')}
        </h2>
        <ul className="shortcuts">
          {SHORTCUTS.map((s) => (
            <li key={s.slug}>
              <Link className="shortcut" to={paths.menu({ slug: s.slug })}>
                <span className="shortcut-icon">
                  <Suspense fallback={null}>
                    <CategoryIcon slug={s.slug} />
                  </Suspense>
                </span>
                <span className="shortcut-label">{s.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <div className={nextGen ? 'landing landing-next' : 'landing'} data-layout={layout}>
      <header className="landing-hero">
        <div className="landing-brand">
          <Logo />
          <span className="landing-brand-name">{t('appName')}</span>
          <AccountEntry />
        </div>
        <h1 className="landing-headline">{lt('headline')}</h1>
        <p className="landing-subline">{lt('subline')}</p>
      </header>

      <main className="landing-main">
        <section className="landing-order card" aria-labelledby={`${typeName}-legend`}>
          <OrderTypePicker value={deliveryType} onChange={setDeliveryType} legendId={`${typeName}-legend`} />

          <div className="entry">
            {point ? (
              <>
                <button
                  type="button"
                  className="entry-main"
                  aria-label={`${pickup ? lt('pickupNear') : lt('deliverTo')} ${point.label}`}
                  aria-describedby={store ? entryHintId : undefined}
                  onClick={() => void navigate(locationEntryPath(deliveryType, point))}
                >
                  <span className="entry-icon" aria-hidden="true">
                    <PinIcon />
                  </span>
                  <span className="entry-text">
                    <span className="entry-kicker">{pickup ? lt('pickupNear') : lt('deliverTo')}</span>
                    <span className="entry-label">{point.label}</span>
                    {store ? (
                      <span className="entry-hint" id={entryHintId}>
                        {lt('fromStore', { store: store.name })}
                      </span>
                    ) : null}
                  </span>
                </button>
                <Link
                  className="entry-change"
                  to={locationSelectionPath(deliveryType)}
                  aria-label={lt('changeLocation')}
                >
                  {lt('change')}
                </Link>
              </>
            ) : (
              <Link
                className="entry-main"
                to={locationEntryPath(deliveryType, null)}
                aria-label={lt('enterLocation')}
                aria-describedby={entryHintId}
              >
                <span className="entry-icon" aria-hidden="true">
                  <PinIcon />
                </span>
                <span className="entry-text">
                  <span className="entry-label">{lt('enterLocation')}</span>
                  <span className="entry-hint" id={entryHintId}>
                    {lt('enterLocationHint')}
                  </span>
                </span>
              </Link>
            )}
          </div>

          <div className="landing-actions">
            {store ? (
              <Link className="btn btn-primary btn-block" to={paths.menu()}>
                {lt('viewMenu')}
              </Link>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary btn-block gps-btn"
              onClick={() => void gps.locate()}
              disabled={gps.busy}
              aria-busy={gps.busy || undefined}
            >
              <GpsIcon />
              {lt('useCurrentLocation')}
            </button>
          </div>
          <p className="gps-status" role="status">
            {gpsStatus}
          </p>
        </section>

        {/* Below the order chooser, not above it, and everything under the chooser waits for the alerts (or
            ALERTS_WAIT_MS): they arrive after the first paint, and whatever is drawn under a late alert moves
            (pushing the chooser down was a layout shift of 0.14; issue 32). What appears below the last drawn
            element moves nothing. */}
        {underTheChooser ? (
          <>
            <AlertStrip deliveryType={deliveryType} />
            {nextGen ? shortcuts : null}

            <LoyaltyWidget />

            {loggedIn && belowTheFold ? (
              <Suspense fallback={null}>
                <SpinWidget />
              </Suspense>
            ) : null}

            {widgets.isError ? null : (
              <section className="landing-section" aria-labelledby={`${typeName}-offers`}>
                <h2 className="landing-section-title" id={`${typeName}-offers`}>
                  {lt('offers')}
                </h2>
                <ul className="banners">
                  {widgets.isPending
                    ? [0, 1].map((i) => <li key={i} className="banner banner-skeleton" aria-hidden="true" />)
                    : banners.map((b) => (
                        <li key={b.id}>
                          <Link className={`banner banner-${b.kind}`} to={b.to}>
                            {b.image && OWN_ASSET.test(b.image) ? (
                              <img className="banner-img" src={b.image} alt="" width="72" height="72" />
                            ) : null}
                            <span className="banner-title">{b.title}</span>
                            <span className="banner-sub">{b.subtitle}</span>
                          </Link>
                        </li>
                      ))}
                </ul>
              </section>
            )}

            {nextGen ? null : shortcuts}

            <p className="landing-track">
              <Link to={paths.track()}>{t('trackAnOrder')}</Link>
            </p>
            {belowTheFold ? <InfoLinks /> : null}
          </>
        ) : null}
      </main>
      {gps.popup}
    </div>
  );
}
