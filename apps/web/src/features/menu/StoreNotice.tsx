import { StoreStatusNoticeLater } from '../../shared/location/StoreStatusNoticeLater.tsx';
import { useLocationState } from '../../shared/state/location-store.ts';

/** SPEC §8: an offline store, or one outside its hours, still shows its menu, with why and when it opens. */
export function StoreNotice() {
  const { store } = useLocationState();
  return (
    <StoreStatusNoticeLater storeId={store?.id} offlineKnown={store?.online === 0} className="menu-notice" />
  );
}
