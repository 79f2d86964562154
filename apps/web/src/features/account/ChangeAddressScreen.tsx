import { useNavigate } from '../../shared/router/index.ts';
import type { Address } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { setDeliveryType, setPoint } from '../../shared/state/location-store.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { messageOf } from '../../shared/api/errors.ts';
import { addressLine, useAddresses, useSessionLoaded } from '../../shared/account/api.ts';
import { AddAddressLink, AddressSummary, GuestLoginLine } from '../../shared/account/AddressParts.tsx';
import { ac } from '../../shared/account/texts.ts';
import '../../shared/account/account.css';

/** The saved address as the location store's chosen point. */
export function pointOf(a: Address) {
  return {
    latitude: a.latitude,
    longitude: a.longitude,
    label: addressLine(a),
    address: {
      placeId: '',
      latitude: a.latitude,
      longitude: a.longitude,
      locality: a.locality,
      sub_locality: a.subLocality,
      city: a.city,
      city_region: '',
      area_level0: '',
      area_level1: '',
      area_level2: '',
      formatted_address: a.formattedAddress || addressLine(a),
      postal_code: a.postalCode,
      country: 'IN',
    },
  };
}

/**
 * /changeAddress: the cart's delivery address from the saved ones. A choice becomes the delivery point
 * (type D); the nearest-store lookup then checks a store delivers there and returns to /cart.
 */
export default function ChangeAddressScreen() {
  const navigate = useNavigate();
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  const list = useAddresses(loggedIn, loaded);

  const choose = (a: Address) => {
    setDeliveryType('D');
    setPoint(pointOf(a));
    void navigate(paths.nearestStore({ deliveryType: 'D', redirect: 'cart' }));
  };

  let body;
  if (list.loading) body = <Spinner />;
  else if (list.error) body = <ErrorText text={messageOf(list.error)} />;
  else if (!list.addresses.length) body = <p className="addr-empty">{ac('noAddresses')}</p>;
  else
    body = (
      <ul className="card-list">
        {list.addresses.map((a) => (
          <li key={a.addressId}>
            <button type="button" className="addr-item addr-choice card" onClick={() => choose(a)}>
              <AddressSummary a={a} />
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="account-screen">
      <ScreenHeader title={ac('changeAddressTitle')} backTo={paths.cart()} />
      <main className="screen account-main">
        {loaded && !loggedIn ? <GuestLoginLine redirectUrl={paths.changeAddress()} /> : null}
        {body}
        <AddAddressLink
          count={list.addresses.length}
          className="btn btn-primary btn-block"
          to={paths.address()}
          label={ac('addNewAddress')}
        />
      </main>
    </div>
  );
}
