import { useState } from 'react';
import { Link } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Address } from '@crust/contract';
import { SAVED_ADDRESSES_MAX } from '@crust/domain/constants';
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

/**
 * "Add new address", or, once SPEC §9's 3 are saved, why not and where to make room (a 4th would be refused).
 * `manage` is false on My addresses itself, where the delete buttons are.
 */
export function AddAddressLink(props: {
  count: number;
  to: string;
  label: string;
  className: string;
  manage?: boolean;
  onClick?: () => void;
}) {
  if (props.count < SAVED_ADDRESSES_MAX)
    return (
      <Link className={props.className} to={props.to} onClick={props.onClick}>
        {props.label}
      </Link>
    );
  return (
    <p className="addr-limit card" role="note">
      <span>{ac('addressLimit', { max: SAVED_ADDRESSES_MAX })}</span>
      {props.manage === false ? null : (
        <Link className="btn btn-secondary" to={paths.myAddresses({ fromProfile: true })}>
          {ac('manageAddresses')}
        </Link>
      )}
    </p>
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
