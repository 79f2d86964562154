import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { t } from '../shared/i18n/index.ts';

/** The banner's height, which the sticky headers and tabs sit below (app.css, menu.css). */
export const OFFLINE_HEIGHT_VAR = '--offline-banner-height';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/**
 * SPEC §8 "Internet connection Lost" while the device is offline. It sticks to the top of the screen, so what
 * sticks there too (screen headers, the menu's category tabs) moves down by its height instead of under it.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(OFFLINE_HEIGHT_VAR, `${banner.offsetHeight}px`);
    measure();
    // the text may wrap on a narrow screen or with a larger font
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(banner);
    return () => {
      resized?.disconnect();
      root.removeProperty(OFFLINE_HEIGHT_VAR);
    };
  }, [online]);
  if (online) return null;
  return (
    <div ref={ref} className="offline-banner" role="status">
      {t('internetLost')}
    </div>
  );
}
