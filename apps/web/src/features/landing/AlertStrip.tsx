import { useEffect, useState } from 'react';
import type { WidgetContent } from '@crust/contract/content';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { useAlerts } from '../../shared/content/api.ts';
import { Markup } from '../../shared/content/Markup.tsx';
import { widgetPath } from '../../shared/content/widget-path.ts';
import { isRouted } from '../../shared/routed.ts';
import { useOffered } from '../../shared/app-config/capabilities.ts';
import { Link } from '../../shared/router/index.ts';
import { readJson, writeJson } from '../../shared/storage.ts';
import { lt } from './texts.ts';

/** The alerts a customer closed on this device, by id and title (an alert given a new title shows again). */
const DISMISSED_KEY = 'crust.dismissedAlerts';
const keyOf = (a: WidgetContent) => `${a.id}:${a.title}`;

/** How long the landing holds what is under its order chooser for the alerts, on a slow connection. */
export const ALERTS_WAIT_MS = 1500;

/**
 * Whether the landing may draw what goes under the order chooser: once the alerts have answered (or failed), or
 * after ALERTS_WAIT_MS, so that a late alert moves nothing already drawn. An order type switched later keeps
 * the previous answer on screen while the new one loads (useAlerts), so this stays true.
 */
export function useAlertsOrWait(deliveryType: DeliveryType): boolean {
  const alerts = useAlerts(deliveryType);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setWaited(true), ALERTS_WAIT_MS);
    return () => window.clearTimeout(id);
  }, []);
  return !alerts.isPending || waited;
}

/**
 * SPEC §7 GET alerts, as a strip over the landing (docs/content.md): each live alert for the order type with
 * its text, a link where its kind leads somewhere, and a close button; a closed alert stays closed on this
 * device until it is changed.
 */
export function AlertStrip({ deliveryType }: { deliveryType: DeliveryType }) {
  const alerts = useAlerts(deliveryType);
  const offered = useOffered();
  const [dismissed, setDismissed] = useState<string[]>(() => readJson<string[]>(DISMISSED_KEY, []));
  const shown = (alerts.data?.alerts ?? []).filter((a) => !dismissed.includes(keyOf(a)));
  if (shown.length === 0) return null;
  const dismiss = (a: WidgetContent) => {
    const live = new Set((alerts.data?.alerts ?? []).map(keyOf));
    // forget what is no longer live, so the list never grows
    const next = [...dismissed.filter((k) => live.has(k)), keyOf(a)];
    writeJson(DISMISSED_KEY, next);
    setDismissed(next);
  };
  return (
    <section className="alerts" aria-label={lt('alerts')}>
      {shown.map((a) => {
        const to = widgetPath(a);
        return (
          <div key={a.id} className="alert" role="status">
            <div className="alert-text">
              <strong className="alert-title">{a.title}</strong>
              <Markup tree={a.body} className="alert-body" />
              {to && isRouted(to) && offered(to) ? (
                <Link className="alert-more" to={to}>
                  {lt('alertMore')}
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              className="icon-btn alert-close"
              aria-label={lt('dismissAlert', { title: a.title })}
              onClick={() => dismiss(a)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        );
      })}
    </section>
  );
}
