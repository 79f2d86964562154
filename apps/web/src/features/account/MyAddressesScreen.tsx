import { useState } from 'react';
import { Link } from '../../shared/router/index.ts';
import type { Address } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { messageOf } from '../../shared/api/errors.ts';
import { useAddresses, useSessionLoaded } from '../../shared/account/api.ts';
import {
  AddAddressLink,
  AddressSummary,
  DeleteAddressDialog,
  GuestLoginLine,
} from '../../shared/account/AddressParts.tsx';
import { ac } from '../../shared/account/texts.ts';
import '../../shared/account/account.css';

const SELF = paths.myAddresses({ fromProfile: true });

/** /myAddresses?fromProfile=true: the saved addresses, with edit, delete (asked first) and add. */
export default function MyAddressesScreen() {
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  const list = useAddresses(loggedIn, loaded);
  const [deleting, setDeleting] = useState<Address | null>(null);

  let body;
  if (list.loading) body = <Spinner />;
  else if (list.error) body = <ErrorText text={messageOf(list.error)} />;
  else if (!list.addresses.length) body = <p className="addr-empty">{ac('noAddresses')}</p>;
  else
    body = (
      <ul className="card-list">
        {list.addresses.map((a) => (
          <li key={a.addressId} className="addr-item card">
            <AddressSummary a={a} />
            <span className="addr-actions">
              <Link
                className="btn btn-secondary"
                to={paths.address({ myAddress: true, addressId: a.addressId })}
                aria-label={`${ac('edit')} ${a.type}`}
              >
                {ac('edit')}
              </Link>
              <button
                type="button"
                className="btn btn-secondary addr-delete"
                aria-label={`${ac('delete')} ${a.type}`}
                onClick={() => setDeleting(a)}
              >
                {ac('delete')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="account-screen">
      <ScreenHeader title={ac('addressesTitle')} />
      <main className="screen account-main">
        {loaded && !loggedIn ? <GuestLoginLine redirectUrl={SELF} /> : null}
        {body}
        <AddAddressLink
          count={list.addresses.length}
          className="btn btn-primary btn-block"
          to={paths.address({ myAddress: true })}
          label={ac('addNewAddress')}
          manage={false}
        />
      </main>
      {deleting ? (
        <DeleteAddressDialog address={deleting} loggedIn={loggedIn} onClose={() => setDeleting(null)} />
      ) : null}
    </div>
  );
}
