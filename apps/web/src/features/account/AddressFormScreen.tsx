import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@crust/contract';
import { PHONE_LENGTH } from '@crust/domain/constants';
import { paths } from '../../config/paths.ts';
import { useSession, type Session } from '../../shared/api/session.ts';
import { useLocationState, type ChosenPoint } from '../../shared/state/location-store.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { messageOf } from '../../shared/api/errors.ts';
import { mobileError } from '../../shared/customer/mobile.ts';
import { locationKeys, reverseGeocode } from '../../shared/location/lookups.ts';
import { dropAddressDraft, peekAddressDraft, saveAddressDraft } from '../../shared/account/address-draft.ts';
import {
  fieldErrors,
  saveAddress,
  useAddresses,
  useSessionLoaded,
  validEmail,
} from '../../shared/account/api.ts';
import { TypeBadge } from '../../shared/account/AddressParts.tsx';
import { ac } from '../../shared/account/texts.ts';
import '../../shared/account/account.css';

/** SPEC §5 maximum lengths. */
export const MAX = {
  fName: 50,
  lName: 50,
  email: 50,
  mobNo: PHONE_LENGTH,
  houseNo: 10,
  address: 40,
} as const;
const CITY_MAX = 60;
const POSTAL_LENGTH = 6;
const TYPES = ['Home', 'Work', 'Other'] as const;
/**
 * Where "Pick locality" goes: the delivery location flow, which sets the chosen point (and the store
 * that serves it) and comes back to /address.
 */
export const PICK_LOCALITY_PATH = paths.searchAddress({ deliveryType: 'D', redirect: 'address' });

/** The locality part of an address: from the saved address, or from the chosen location point. */
interface Place {
  locality: string;
  subLocality: string;
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

type Values = Pick<AddressInput, 'type' | 'fName' | 'lName' | 'mobNo' | 'houseNo' | 'address'> & {
  email: string;
};
type FieldName = keyof Values | 'locality' | 'city' | 'postalCode';
type Errors = Partial<Record<FieldName, string>>;

function placeOfAddress(a: Address): Place {
  return {
    locality: a.locality,
    subLocality: a.subLocality,
    city: a.city,
    postalCode: a.postalCode,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

/** The chosen point's locality: the geocoded one it carries, else a reverse geocode of the point. */
function usePointPlace(point: ChosenPoint | null): { place: Place | null; loading: boolean } {
  const carried = point?.address?.locality ? point.address : null;
  const geo = useQuery({
    queryKey: locationKeys.reverse(point ?? { latitude: 0, longitude: 0 }),
    queryFn: ({ signal }) => reverseGeocode(point!, signal),
    enabled: !!point && !carried,
    staleTime: 10 * 60_000,
  });
  const a = carried ?? geo.data ?? null;
  if (!point || !a?.locality) return { place: null, loading: !!point && !carried && geo.isPending };
  return {
    place: {
      locality: a.locality,
      subLocality: a.sub_locality,
      city: a.city,
      postalCode: /^\d{6}$/.test(a.postal_code) ? a.postal_code : '',
      latitude: point.latitude,
      longitude: point.longitude,
    },
    loading: false,
  };
}

/** SPEC §5 address form messages, one per field. */
export function addressErrors(v: Values, place: Place | null, city: string, postalCode: string): Errors {
  const e: Errors = {};
  if (!v.fName.trim()) e.fName = ac('addrFirstName');
  if (!v.lName.trim()) e.lName = ac('addrLastName');
  const m = mobileError(v.mobNo);
  if (m) e.mobNo = m;
  if (v.email.trim() && !validEmail(v.email.trim())) e.email = ac('invalidEmail');
  if (!v.houseNo.trim()) e.houseNo = ac('addrHouseNo');
  if (!v.address.trim()) e.address = ac('addrStreet');
  if (!place) e.locality = ac('addrLocality');
  if (!city.trim()) e.city = ac('fieldEmpty');
  if (postalCode.trim() && !new RegExp(`^\\d{${POSTAL_LENGTH}}$`).test(postalCode.trim()))
    e.postalCode = ac('postalCodeInvalid');
  return e;
}

/** SPEC §5: a component whose values are all empty is dropped, so empty optional fields are not sent. */
export function addressBody(v: Values, place: Place, city: string, postalCode: string): AddressInput {
  const body: AddressInput = {
    type: v.type,
    fName: v.fName.trim(),
    lName: v.lName.trim(),
    mobNo: v.mobNo.trim(),
    houseNo: v.houseNo.trim(),
    address: v.address.trim(),
    locality: place.locality,
    city: city.trim(),
    latitude: place.latitude,
    longitude: place.longitude,
  };
  if (v.email.trim()) body.email = v.email.trim();
  if (postalCode.trim()) body.postalCode = postalCode.trim();
  if (place.subLocality.trim()) body.subLocality = place.subLocality.trim();
  return body;
}

/** /address (?myAddress=true, &addressId=): add or change a saved address. */
export default function AddressFormScreen() {
  const [params] = useSearchParams();
  const here = useLocation();
  const addressId = params.get('addressId');
  const myAddress = params.get('myAddress') === 'true';
  const loaded = useSessionLoaded();
  const session = useSession();
  const loggedIn = session?.isLoggedIn === true;
  const list = useAddresses(loggedIn, loaded);
  const existing = addressId ? list.addresses.find((a) => a.addressId === addressId) : undefined;

  // back from picking a locality on plain /address: reopen the form that was left (an edit, say)
  const draft = peekAddressDraft<Values>();
  if (draft && !here.search && draft.path !== here.pathname) return <Navigate to={draft.path} replace />;

  let body;
  if (!loaded || (addressId && list.loading)) body = <Spinner />;
  else if (addressId && list.error) body = <ErrorText text={messageOf(list.error)} />;
  else if (addressId && !existing) body = <ErrorText text={ac('addressNotFound')} />;
  else
    body = (
      <AddressForm
        key={existing?.addressId ?? 'new'}
        existing={existing}
        session={session}
        myAddress={myAddress}
      />
    );
  return (
    <div className="account-screen">
      <ScreenHeader title={existing ? ac('editAddressTitle') : ac('addAddressTitle')} />
      <main className="screen account-main">{body}</main>
    </div>
  );
}

function AddressForm({
  existing,
  session,
  myAddress,
}: {
  existing: Address | undefined;
  session: Session | null;
  myAddress: boolean;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = session?.isLoggedIn === true;
  const customer = session?.isLoggedIn ? session : null;
  const { point } = useLocationState();
  const here = location.pathname + location.search;
  // what was typed before "Pick locality"; its return means the chosen point is the locality now
  const [draft] = useState(() => {
    const d = peekAddressDraft<Values>();
    return d?.path === here ? d : null;
  });
  useEffect(() => dropAddressDraft(), []);
  const picked = !existing || draft !== null;
  const fromPoint = usePointPlace(picked ? point : null);
  const place = existing && !picked ? placeOfAddress(existing) : fromPoint.place;

  const [v, setV] = useState<Values>(
    () =>
      draft?.values ?? {
        type: existing?.type ?? 'Home',
        fName: existing?.fName ?? customer?.firstName ?? '',
        lName: existing?.lName ?? customer?.lastName ?? '',
        mobNo: existing?.mobNo ?? customer?.mobile ?? '',
        email: existing?.email ?? customer?.email ?? '',
        houseNo: existing?.houseNo ?? '',
        address: existing?.address ?? '',
      },
  );
  // null: not typed, so the locality's own city and PIN code show
  const [cityTyped, setCity] = useState<string | null>(() =>
    draft ? draft.city : existing ? existing.city : null,
  );
  const [postalTyped, setPostal] = useState<string | null>(() =>
    draft ? draft.postalCode : existing ? existing.postalCode : null,
  );
  const city = cityTyped ?? place?.city ?? '';
  const postalCode = postalTyped ?? place?.postalCode ?? '';

  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errors: Errors = {
    ...(submitted ? addressErrors(v, place, city, postalCode) : {}),
    ...serverErrors,
  };
  // no locality to go on: say so at once, beside the way to pick one
  if (!place && !fromPoint.loading) errors.locality = ac('addrLocality');

  const forget = (f: FieldName) => {
    setServerErrors((old) => {
      const { [f]: _gone, ...rest } = old;
      return rest;
    });
    setFailure(null);
  };
  const set = (f: keyof Values, value: string) => {
    setV((old) => ({ ...old, [f]: value }));
    forget(f);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || !place || Object.keys(addressErrors(v, place, city, postalCode)).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await saveAddress(qc, loggedIn, addressBody(v, place, city, postalCode), existing?.addressId);
      if (myAddress) void navigate(paths.myAddresses({ fromProfile: true }), { replace: true });
      else if (location.key !== 'default') void navigate(-1);
      else void navigate(paths.changeAddress(), { replace: true });
    } catch (err) {
      const byField = fieldErrors(err) as Errors;
      if (Object.keys(byField).length) setServerErrors(byField);
      else setFailure(messageOf(err));
      setBusy(false);
    }
  };

  const input = (
    f: Exclude<keyof Values, 'type' | 'mobNo'>,
    label: string,
    extra: { type?: string; inputMode?: 'email' | 'text'; autoComplete?: string } = {},
  ) => (
    <TextField
      label={label}
      maxLength={MAX[f]}
      value={v[f]}
      error={errors[f]}
      onChange={(value) => set(f, value)}
      {...extra}
    />
  );

  return (
    <form className="account-form card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <RadioGroup
        name="type"
        className="filter-chips addr-types"
        legend={ac('addressType')}
        value={v.type}
        onChange={(t) => set('type', t)}
        options={TYPES.map((t) => ({
          value: t,
          label: <TypeBadge type={t} />,
          className: `addr-type${v.type === t ? ' is-on' : ''}`,
        }))}
      />
      <div className="addr-row">
        {input('fName', ac('firstName'), { autoComplete: 'given-name' })}
        {input('lName', ac('lastName'), { autoComplete: 'family-name' })}
      </div>
      {/* the number rule is SPEC §5 Mobile's, but this field is the address's own: no +91 box */}
      <TextField
        label={ac('mobileLabel')}
        type="tel"
        numeric
        autoComplete="tel-national"
        maxLength={MAX.mobNo}
        value={v.mobNo}
        error={errors.mobNo}
        onChange={(value) => set('mobNo', value)}
      />
      {input('email', ac('emailOptional'), { type: 'email', inputMode: 'email', autoComplete: 'email' })}
      {input('houseNo', ac('houseNo'))}
      {input('address', ac('street'), { autoComplete: 'address-line1' })}
      <TextField
        label={ac('locality')}
        wrapClassName="addr-locality"
        readOnly
        value={place?.locality ?? (fromPoint.loading ? ac('findingLocality') : '')}
        error={errors.locality}
        after={
          <Link
            className="btn btn-secondary"
            to={PICK_LOCALITY_PATH}
            onClick={() =>
              saveAddressDraft({ path: here, values: v, city: cityTyped, postalCode: postalTyped })
            }
          >
            {place ? ac('changeLocality') : ac('pickLocality')}
          </Link>
        }
      />
      <div className="addr-row">
        <TextField
          label={ac('city')}
          maxLength={CITY_MAX}
          autoComplete="address-level2"
          value={city}
          error={errors.city}
          onChange={(value) => {
            setCity(value);
            forget('city');
          }}
        />
        <TextField
          label={ac('postalCode')}
          type="tel"
          numeric
          maxLength={POSTAL_LENGTH}
          autoComplete="postal-code"
          value={postalCode}
          error={errors.postalCode}
          onChange={(value) => {
            setPostal(value);
            forget('postalCode');
          }}
        />
      </div>
      <ErrorText text={failure} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? ac('saving') : ac('saveAddress')}
      </button>
    </form>
  );
}
