import { API_PATHS } from '@crust/contract/paths';
import { requestHeaders } from '../api/client.ts';
import { currentSession } from '../api/session.ts';
import { deviceFacts, startSender } from './sender.ts';
import { takeEvents } from './switch.ts';

/** The device facts go once a day per tab (sessionStorage): they change rarely, and the server keeps one a day. */
const FACTS_SENT = 'crust.deviceFactsDay';

function sendDeviceFacts(): void {
  const today = new Date().toISOString().slice(0, 10);
  try {
    if (sessionStorage.getItem(FACTS_SENT) === today) return;
    sessionStorage.setItem(FACTS_SENT, today);
  } catch {
    // no storage: sent again next time, which the server folds into the day's one row
  }
  fetch(API_PATHS.fingerprint, {
    method: 'POST',
    keepalive: true,
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ data: deviceFacts(navigator, window, new Date()) }),
  }).catch(() => undefined);
}

/** Starts sending (the switch is on): track.ts's events go to the sender from now on. Answers the stop. */
export function startTracking(): () => void {
  const sender = startSender({
    headers: () => requestHeaders(),
    userId: () => currentSession()?.userId ?? null,
    send: (url, init) => fetch(url, init),
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    target: window,
    isHidden: () => document.visibilityState === 'hidden',
  });
  takeEvents(sender.add);
  try {
    sendDeviceFacts();
  } catch {
    // a browser without one of the facts' APIs: the events still go
  }
  return () => {
    takeEvents(null);
    sender.stop();
  };
}
