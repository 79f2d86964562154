import { useState } from 'react';
import { Link } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Address } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorText } from '../ui/ErrorText.tsx';
import { messageOf } from '../api/errors.ts';
import { addressLine, removeAddress } from './api.ts';
import { ac } from './texts.ts';

export function TypeBadge({ type }: { type: Address['type'] }) {
  return <span className={`addr-badge addr-badge-${type.toLowerCase()}`}>{ac(type)}</span>;
}

/** One saved address: type, name, the address line. */
export function AddressSummary({ a }: { a: Address }) {
  return (
    <>
      <span className="addr-head">
        <TypeBadge type={a.type} />
        <span className="addr-name">{`${a.fName} ${a.lName}`.trim()}</span>
      </span>
      <span className="addr-line">{addressLine(a)}</span>
    </>
  );
}

/** SPEC §6: a guest's addresses are on this device only. */
export function GuestLoginLine({ redirectUrl }: { redirectUrl: string }) {
  return (
    <p className="addr-login card">
      <span>{ac('loginForAddresses')}</span>
      <Link className="btn btn-secondary" to={paths.login({ redirectUrl })}>
        {ac('login')}
      </Link>
    </p>
  );
}

/** Delete asks first; the list updates from the server's answer (or this device's list for a guest). */
export function DeleteAddressDialog({
  address,
  loggedIn,
  onClose,
}: {
  address: Address;
  loggedIn: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await removeAddress(qc, loggedIn, address.addressId);
      onClose();
    } catch (err) {
      setFailure(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={ac('deleteAddressTitle')}
      actionLabel={ac('delete')}
      onAction={() => void run()}
      secondaryLabel={ac('cancel')}
      onSecondary={onClose}
      onDismiss={onClose}
    >
      <p>{ac('deleteAddressBody', { address: addressLine(address) })}</p>
      <ErrorText text={failure} />
    </Dialog>
  );
}
