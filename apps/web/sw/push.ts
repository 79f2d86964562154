/**
 * The service worker's order notifications (issue 31 §14; docs/notifications.md), imported by the generated
 * service worker (vite.config.ts `workbox.importScripts`) as /push-sw.js, built from this file by
 * vite/push-worker.ts. A classic script with no imports: the server writes every word of a notification (the
 * stage's title and body, the tracker's path), so this only shows it, and opens the tracker when it is tapped.
 * Wrapped in a function so that none of its names joins the worker's global scope.
 */
((sw: ServiceWorkerGlobalScope) => {
  interface Notice {
    title: string;
    body: string;
    url: string;
    tag: string;
  }

  const isNotice = (value: unknown): value is Notice => {
    if (typeof value !== 'object' || value === null) return false;
    const v = value as Record<string, unknown>;
    return (
      typeof v.title === 'string' &&
      typeof v.body === 'string' &&
      typeof v.tag === 'string' &&
      typeof v.url === 'string' &&
      v.url.startsWith('/')
    );
  };

  const noticeOf = (event: PushEvent): Notice | null => {
    try {
      const data: unknown = event.data?.json();
      return isNotice(data) ? data : null;
    } catch {
      return null;
    }
  };

  sw.addEventListener('push', (event) => {
    const notice = noticeOf(event);
    // a push the app did not send (or could not read) shows nothing: browsers allow a silent push now and then
    if (!notice) return;
    event.waitUntil(
      sw.registration.showNotification(notice.title, {
        body: notice.body,
        // one notification per order: the next stage replaces the last
        tag: notice.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: notice.url },
      }),
    );
  });

  /** The tracker to open: a path of this app, never another origin. */
  const trackerOf = (notification: Notification): URL | null => {
    const data: unknown = notification.data;
    const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
    if (typeof url !== 'string' || !url.startsWith('/')) return null;
    const target = new URL(url, sw.location.origin);
    return target.origin === sw.location.origin ? target : null;
  };

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = trackerOf(event.notification);
    if (!target) return;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        // the tracker already open: brought forward; else a window of the app goes there; else a new one
        const open = windows.find((w) => w.url === target.href);
        if (open) {
          await open.focus();
          return;
        }
        const app = windows[0];
        if (app) {
          const moved = await app.navigate(target.href);
          await (moved ?? app).focus();
          return;
        }
        await sw.clients.openWindow(target.href);
      })(),
    );
  });
})(self as unknown as ServiceWorkerGlobalScope);
