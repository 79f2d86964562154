import { lazy, Suspense } from 'react';
import { importWithRetry } from '../lazy-retry.ts';
import type { StoreStatusNoticeProps } from './StoreStatusNotice.tsx';
import type { EtaNoteProps } from './EtaNote.tsx';

const Notice = lazy(() =>
  importWithRetry(() => import('./StoreStatusNotice.tsx').then((m) => ({ default: m.StoreStatusNotice }))),
);
const Eta = lazy(() => importWithRetry(() => import('./EtaNote.tsx').then((m) => ({ default: m.EtaNote }))));

/**
 * The store's notice (./StoreStatusNotice.tsx) for the menu and the cart, loaded after the screen: it waits
 * for the store's answer anyway, and the first paint's budget (docs/performance.md) stays the screen's.
 */
export function StoreStatusNoticeLater(props: StoreStatusNoticeProps) {
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  );
}

/** The ETA (./EtaNote.tsx) for the menu's header and the cart, loaded after the screen for the same reason. */
export function EtaNoteLater(props: EtaNoteProps) {
  return (
    <Suspense fallback={null}>
      <Eta {...props} />
    </Suspense>
  );
}
