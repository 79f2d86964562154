import { Link } from '../../shared/router/index.ts';
import { deliveryTypeLabel } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';
import { AccountEntry } from '../../shared/customer/AccountEntry.tsx';
import { EtaNoteLater } from '../../shared/location/StoreStatusNoticeLater.tsx';
import { useLocationState } from '../../shared/state/location-store.ts';
import { mt } from '../../shared/menu/texts.ts';

/**
 * The menu's header: the order type and store (a link to change them) with when the order would come, search, and
 * the account entry.
 */
export function MenuHeader() {
  const { deliveryType, store } = useLocationState();
  const type = deliveryTypeLabel(deliveryType);
  return (
    <header className="menu-top">
      <Link to={paths.locationSelection({ deliveryType })} className="menu-where">
        <span className="menu-where-type">{type}</span>{' '}
        <span className="menu-where-store">
          <span className="menu-where-name">
            {store ? store.name : mt('chooseLocation')}
            {store ? (
              <>
                {' '}
                <span className="visually-hidden">{mt('change')}</span>
              </>
            ) : null}
          </span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M7 10l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <EtaNoteLater storeId={store?.id} className="menu-eta" />
      </Link>
      <Link to={paths.search()} className="icon-btn menu-search-btn" aria-label={mt('searchMenu')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </Link>
      <AccountEntry />
    </header>
  );
}
