import { useSyncExternalStore } from 'react';
import { t } from '../shared/i18n/index.ts';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** SPEC §8 "Internet connection Lost" while the device is offline. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {t('internetLost')}
    </div>
  );
}
