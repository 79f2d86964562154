import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Address } from '@crust/contract';
import ProfileScreen from '../src/features/account/ProfileScreen.tsx';
import MyAddressesScreen from '../src/features/account/MyAddressesScreen.tsx';
import AddressFormScreen from '../src/features/account/AddressFormScreen.tsx';
import ChangeAddressScreen from '../src/features/account/ChangeAddressScreen.tsx';
import { forgetGuestCache, GUEST_ADDRESSES_KEY } from '../src/shared/account/api.ts';
import { AccountEntry } from '../src/shared/customer/AccountEntry.tsx';
import { loadPage } from '../src/shared/navigation.ts';
import { currentSession, startSession } from '../src/shared/api/session.ts';
import { getLocationState, resetLocationState, setPoint } from '../src/shared/state/location-store.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import { callsTo, currentPath, mockApi, renderRoutes, reverseAnswer } from './location-harness.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

const PROFILE = '/api/v1/customer/profile';
const ACCOUNT = '/api/v1/customer';
const ADDRESSES = '/api/v1/customer/addresses';
const addressPath = (id: string) => `${ADDRESSES}/${id}`;
const SCREENS = {
  '/profile': ProfileScreen,
  '/myAddresses': MyAddressesScreen,
  '/address': AddressFormScreen,
  '/changeAddress': ChangeAddressScreen,
};

const profile = (over: Record<string, unknown> = {}) => ({
  status: 'SUCCESS',
  data: {
    userId: 'U0001',
    mobile: '9876543210',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    emailVerified: false,
    ...over,
  },
});

function makeAddress(over: Partial<Address> = {}): Address {
  return {
    addressId: 'A0123456789ABCDEF0123',
    type: 'Home',
    fName: 'Asha',
    lName: 'Rao',
    mobNo: '9876543210',
    email: '',
    houseNo: '12B',
    address: '80 Feet Road',
    locality: 'Koramangala',
    subLocality: '',
    city: 'Bengaluru',
    postalCode: '560034',
    latitude: 12.9352,
    longitude: 77.6245,
    formattedAddress: '12B, 80 Feet Road, Koramangala, Bengaluru',
    ...over,
  };
}
const list = (addresses: Address[]) => ({ status: 'SUCCESS', data: { addresses } });

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string, n = 0) => {
  const call = fetchMock.mock.calls.filter(
    ([u, i]) => new URL(String(u), 'http://l').pathname === path && (i?.method ?? 'GET') === method,
  )[n]!;
  return JSON.parse(String(call[1]!.body)) as Record<string, unknown>;
};
const methodsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => new URL(String(u), 'http://l').pathname === path)
    .map(([, i]) => i?.method ?? 'GET');
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  await startSession();
  resetLocationState();
  forgetGuestCache();
  vi.mocked(loadPage).mockClear();
});

/**
 * A text field's SPEC §5 limit, as a customer meets it: a paste longer than the limit keeps what fits and the
 * field says the rest was not kept (never a silent cut). The field is put back as it was.
 */
function limitOf(label: string): number {
  const input = screen.getByLabelText<HTMLInputElement>(label);
  const before = input.value;
  fireEvent.change(input, { target: { value: 'x'.repeat(300) } });
  const kept = input.value.length;
  const said = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
  expect(said).toContain(`At most ${kept} characters: the rest was not kept`);
  fireEvent.change(input, { target: { value: before } });
  return kept;
}

describe('/profile', () => {
  it('a guest is sent to login, coming back to /profile', async () => {
    mockApi({});
    const { router } = renderRoutes('/profile', SCREENS);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirectUrl=%2Fprofile'));
  });

  it('shows the mobile read-only and the name and email to change', async () => {
    await loginAsCustomer();
    mockApi({ [`GET ${PROFILE}`]: profile() });
    renderRoutes('/profile', SCREENS);
    const first = await screen.findByLabelText<HTMLInputElement>('First name');
    expect(first.value).toBe('Asha');
    expect(limitOf('First name')).toBe(50);
    expect(limitOf('Last name')).toBe(50);
    expect(limitOf('Email')).toBe(50);
    const mobile = screen.getByLabelText<HTMLInputElement>('Mobile Number');
    expect(mobile.readOnly).toBe(true);
    expect(mobile.value).toBe('+91 98765 43210');
    expect(screen.getByRole('link', { name: /My addresses/ }).getAttribute('href')).toBe(
      '/myAddresses?fromProfile=true',
    );
  });

  it('SPEC §5 Profile messages, and nothing is sent while one shows', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [`GET ${PROFILE}`]: profile() });
    renderRoutes('/profile', SCREENS);
    await screen.findByLabelText('First name');
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // nothing changed, no field touched: first name
    save();
    expect(errorOf('First name')).toBe('Please change first name');
    // nothing changed, the customer was on last name / email
    fireEvent.focus(screen.getByLabelText('Last name'));
    save();
    expect(errorOf('Last name')).toBe('Please change last name');
    fireEvent.focus(screen.getByLabelText('Email'));
    save();
    expect(errorOf('Email')).toBe('Please change email');

    type('First name', '  ');
    type('Last name', '');
    save();
    expect(errorOf('First name')).toBe('Please enter first name');
    expect(errorOf('Last name')).toBe('Please enter last name');

    type('First name', 'Asha');
    type('Last name', 'Rao');
    type('Email', 'asha@');
    save();
    expect(errorOf('Email')).toBe('Invalid email');
    expect(methodsTo(fetchMock, PROFILE)).toEqual(['GET']);
  });

  it('Save sends PUT with firstName, lastName and email only, and the header name follows', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({
      [`GET ${PROFILE}`]: profile(),
      [`PUT ${PROFILE}`]: profile({ firstName: 'Ashwini', email: '' }),
    });
    renderRoutes('/profile', SCREENS);
    await screen.findByLabelText('First name');
    type('First name', ' Ashwini ');
    type('Email', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile is saved.');
    expect(bodyOf(fetchMock, 'PUT', PROFILE)).toEqual({ firstName: 'Ashwini', lastName: 'Rao', email: '' });
    const s = currentSession();
    expect(s?.isLoggedIn && s.firstName).toBe('Ashwini');
  });

  it("the server's 400 messages show under their fields", async () => {
    await loginAsCustomer();
    mockApi({
      [`GET ${PROFILE}`]: profile(),
      [`PUT ${PROFILE}`]: new Response(
        JSON.stringify({
          status: 'FAILED',
          errors: [{ code: 'BAD_REQUEST', displayMsg: 'Invalid email', field: 'body.email' }],
        }),
        { status: 400 },
      ),
    });
    renderRoutes('/profile', SCREENS);
    await screen.findByLabelText('First name');
    type('Email', 'asha@example.co');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('Email')).toBe('Invalid email'));
  });

  it('delete account asks first, then deletes, clears the session as logout does and goes home', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({
      [`GET ${PROFILE}`]: profile(),
      [`DELETE ${ACCOUNT}`]: { status: 'SUCCESS', data: { deleted: true } },
    });
    renderRoutes('/profile', SCREENS);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toMatch(/saved addresses will be removed/);
    expect(dialog.textContent).toMatch(/Past orders stay on record without your name/);
    expect(methodsTo(fetchMock, ACCOUNT)).toEqual([]);
    // cancel keeps everything
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(methodsTo(fetchMock, ACCOUNT)).toEqual(['DELETE']);
    expect(currentSession()).toBeNull();
    expect(localStorage.getItem('crust.session')).toBeNull();
    // the server already ended the login: no logout call
    expect(callsTo(fetchMock, '/api/v1/auth/logout')).toHaveLength(0);
  });

  it("the header's customer name links to /profile", async () => {
    await loginAsCustomer();
    mockApi({});
    renderRoutes('/', { '/': AccountEntry });
    expect(screen.getByRole('link', { name: 'Asha' }).getAttribute('href')).toBe('/profile');
  });
});

describe('/myAddresses?fromProfile=true', () => {
  it('lists the saved addresses with type, name and address; edit and add links', async () => {
    await loginAsCustomer();
    mockApi({
      [`GET ${ADDRESSES}`]: list([
        makeAddress(),
        makeAddress({ addressId: 'A00000000000000000002', type: 'Work', fName: 'Ravi', lName: 'K' }),
      ]),
    });
    renderRoutes('/myAddresses?fromProfile=true', SCREENS);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Home');
    expect(items[0]!.textContent).toContain('Asha Rao');
    expect(items[0]!.textContent).toContain('12B, 80 Feet Road, Koramangala, Bengaluru');
    expect(items[1]!.textContent).toContain('Work');
    expect(within(items[0]!).getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe(
      '/address?myAddress=true&addressId=A0123456789ABCDEF0123',
    );
    expect(screen.getByRole('link', { name: 'Add new address' }).getAttribute('href')).toBe(
      '/address?myAddress=true',
    );
    expect(screen.queryByText('Login to see/use my saved addresses')).toBeNull();
  });

  it('with 3 saved, "Add new address" gives way to why not (SPEC §9 saved addresses 3)', async () => {
    await loginAsCustomer();
    mockApi({
      [`GET ${ADDRESSES}`]: list(
        ['A00000000000000000001', 'A00000000000000000002', 'A00000000000000000003'].map((addressId) =>
          makeAddress({ addressId }),
        ),
      ),
    });
    renderRoutes('/myAddresses?fromProfile=true', SCREENS);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Add new address' })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(
      'You have saved 3 addresses, the most you can keep. Delete one to add another.',
    );
    // the delete buttons are on this screen: no link to it
    expect(screen.queryByRole('link', { name: 'Manage addresses' })).toBeNull();
  });

  it('delete asks first, then DELETEs and shows the list the server returns', async () => {
    await loginAsCustomer();
    const other = makeAddress({ addressId: 'A00000000000000000002', type: 'Other', houseNo: '7' });
    const fetchMock = mockApi({
      [`GET ${ADDRESSES}`]: list([makeAddress(), other]),
      [`DELETE ${addressPath('A0123456789ABCDEF0123')}`]: list([other]),
    });
    renderRoutes('/myAddresses?fromProfile=true', SCREENS);
    const items = await screen.findAllByRole('listitem');
    fireEvent.click(within(items[0]!).getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this address?' });
    expect(callsTo(fetchMock, addressPath('A0123456789ABCDEF0123'))).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(methodsTo(fetchMock, addressPath('A0123456789ABCDEF0123'))).toEqual(['DELETE']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a guest sees the addresses kept on this device and "Login to see/use my saved addresses"', async () => {
    localStorage.setItem(
      GUEST_ADDRESSES_KEY,
      JSON.stringify([makeAddress({ addressId: 'L1', fName: 'Guest', lName: 'One' })]),
    );
    const fetchMock = mockApi({});
    renderRoutes('/myAddresses?fromProfile=true', SCREENS);
    expect(await screen.findByText('Login to see/use my saved addresses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?redirectUrl=%2FmyAddresses%3FfromProfile%3Dtrue',
    );
    expect(screen.getByText('Guest One')).toBeTruthy();
    expect(callsTo(fetchMock, ADDRESSES)).toHaveLength(0);
  });
});

describe('/address', () => {
  it('SPEC §5 address form messages for each empty required field, and nothing is sent', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({ [`GET ${ADDRESSES}`]: list([]) });
    renderRoutes('/address?myAddress=true', SCREENS);
    await screen.findByLabelText('First name');
    // no location point: the locality is asked for at once
    expect(errorOf('Locality')).toBe('Please select Locality');
    expect(screen.getByRole('link', { name: 'Pick locality' }).getAttribute('href')).toBe(
      '/searchAddress?deliveryType=D&redirect=address',
    );
    for (const f of ['First name', 'Last name', 'Mobile Number']) type(f, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(errorOf('First name')).toBe('Enter First Name');
    expect(errorOf('Last name')).toBe('Enter Last Name');
    expect(errorOf('Mobile Number')).toBe('Enter Mobile Number');
    expect(errorOf('House / Flat No')).toBe('Enter House No');
    expect(errorOf('Society / Street Name')).toBe('Enter Society/ Street Name');
    expect(errorOf('Locality')).toBe('Please select Locality');
    expect(methodsTo(fetchMock, ADDRESSES)).toEqual(['GET']);
  });

  it.each([
    ['0987654321', 'Please do not add 0 in front of your mobile number'],
    ['98765', 'Mobile Number should be of 10 digits'],
    ['98765a3210', 'Mobile number should only contain numbers'],
  ])('mobile %s → %s', async (value, message) => {
    mockApi({});
    renderRoutes('/address', SCREENS);
    await screen.findByLabelText('Mobile Number');
    type('Mobile Number', value);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(errorOf('Mobile Number')).toBe(message);
  });

  it('maxLength per SPEC §5 and numeric inputs block e E + - .', async () => {
    mockApi({});
    renderRoutes('/address', SCREENS);
    await screen.findByLabelText('First name');
    expect(limitOf('First name')).toBe(50);
    expect(limitOf('Last name')).toBe(50);
    expect(limitOf('Email (optional)')).toBe(50);
    expect(screen.getByLabelText<HTMLInputElement>('Mobile Number').maxLength).toBe(10);
    expect(limitOf('House / Flat No')).toBe(10);
    expect(limitOf('Society / Street Name')).toBe(40);
    const mobile = screen.getByLabelText('Mobile Number');
    for (const key of ['e', 'E', '+', '-', '.']) expect(fireEvent.keyDown(mobile, { key })).toBe(false);
    expect(fireEvent.keyDown(mobile, { key: '7' })).toBe(true);
  });

  it('a customer saves with POST: the locality from the chosen point, empty optional fields left out', async () => {
    await loginAsCustomer();
    setPoint({ latitude: 12.9352, longitude: 77.6245, label: 'Koramangala, Bengaluru' });
    const fetchMock = mockApi({
      [`GET ${ADDRESSES}`]: list([]),
      [`POST ${ADDRESSES}`]: { status: 'SUCCESS', data: makeAddress() },
      '/api/v1/geo/reverse': reverseAnswer(),
    });
    const { router } = renderRoutes('/address?myAddress=true', SCREENS);
    // the customer's own details are filled in
    expect((await screen.findByLabelText<HTMLInputElement>('First name')).value).toBe('Asha');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Locality').value).toBe('Koramangala'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Bengaluru');
    fireEvent.click(screen.getByLabelText('Work'));
    type('Email (optional)', '');
    type('PIN code', '');
    type('House / Flat No', ' 12B ');
    type('Society / Street Name', '80 Feet Road');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(currentPath(router)).toBe('/myAddresses?fromProfile=true'));
    expect(bodyOf(fetchMock, 'POST', ADDRESSES)).toEqual({
      type: 'Work',
      fName: 'Asha',
      lName: 'Rao',
      mobNo: '9876543210',
      houseNo: '12B',
      address: '80 Feet Road',
      locality: 'Koramangala',
      city: 'Bengaluru',
      latitude: 12.9352,
      longitude: 77.6245,
    });
  });

  it("edits with PUT and shows the server's 400 message under its field", async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({
      [`GET ${ADDRESSES}`]: list([makeAddress()]),
      [`PUT ${addressPath('A0123456789ABCDEF0123')}`]: new Response(
        JSON.stringify({
          status: 'FAILED',
          errors: [{ code: 'BAD_REQUEST', displayMsg: 'Enter House No', field: 'body.houseNo' }],
        }),
        { status: 400 },
      ),
    });
    renderRoutes('/address?myAddress=true&addressId=A0123456789ABCDEF0123', SCREENS);
    expect((await screen.findByLabelText<HTMLInputElement>('House / Flat No')).value).toBe('12B');
    expect(screen.getByLabelText<HTMLInputElement>('Locality').value).toBe('Koramangala');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(errorOf('House / Flat No')).toBe('Enter House No'));
    expect(bodyOf(fetchMock, 'PUT', addressPath('A0123456789ABCDEF0123'))).toMatchObject({
      type: 'Home',
      houseNo: '12B',
      postalCode: '560034',
    });
  });

  it('"Pick locality" keeps what was typed; back on /address the form has it and the chosen locality', async () => {
    await loginAsCustomer();
    mockApi({ [`GET ${ADDRESSES}`]: list([]), '/api/v1/geo/reverse': reverseAnswer('Indiranagar') });
    const first = renderRoutes('/address', SCREENS);
    await screen.findByLabelText('First name');
    type('House / Flat No', '7A');
    type('Society / Street Name', 'CMH Road');
    fireEvent.click(screen.getByRole('link', { name: 'Pick locality' }));
    first.unmount();
    // the location flow sets the point (and the store) and comes back to plain /address
    setPoint({ latitude: 12.97, longitude: 77.64, label: 'Indiranagar, Bengaluru' });
    renderRoutes('/address', SCREENS);
    expect((await screen.findByLabelText<HTMLInputElement>('House / Flat No')).value).toBe('7A');
    expect(screen.getByLabelText<HTMLInputElement>('Society / Street Name').value).toBe('CMH Road');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Locality').value).toBe('Indiranagar'),
    );
    // used once: a later visit starts clean
    expect(sessionStorage.getItem('crust.addressDraft')).toBeNull();
  });

  it('an edited address can change its locality: "Change" returns to the same edit with the new one', async () => {
    await loginAsCustomer();
    const fetchMock = mockApi({
      [`GET ${ADDRESSES}`]: list([makeAddress()]),
      [`PUT ${addressPath('A0123456789ABCDEF0123')}`]: { status: 'SUCCESS', data: makeAddress() },
      '/api/v1/geo/reverse': reverseAnswer('Indiranagar'),
    });
    const first = renderRoutes('/address?myAddress=true&addressId=A0123456789ABCDEF0123', SCREENS);
    expect((await screen.findByLabelText<HTMLInputElement>('Locality')).value).toBe('Koramangala');
    type('House / Flat No', '9C');
    fireEvent.click(screen.getByRole('link', { name: 'Change' }));
    first.unmount();
    setPoint({ latitude: 12.97, longitude: 77.64, label: 'Indiranagar, Bengaluru' });
    const { router } = renderRoutes('/address', SCREENS);
    await waitFor(() =>
      expect(currentPath(router)).toBe('/address?myAddress=true&addressId=A0123456789ABCDEF0123'),
    );
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Locality').value).toBe('Indiranagar'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('House / Flat No').value).toBe('9C');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(currentPath(router)).toBe('/myAddresses?fromProfile=true'));
    expect(bodyOf(fetchMock, 'PUT', addressPath('A0123456789ABCDEF0123'))).toMatchObject({
      houseNo: '9C',
      locality: 'Indiranagar',
      latitude: 12.97,
      longitude: 77.64,
    });
  });

  it('a guest address is kept on this device and listed with the login line', async () => {
    setPoint({
      latitude: 12.9352,
      longitude: 77.6245,
      label: 'Koramangala, Bengaluru',
      address: reverseAnswer().results[0],
    });
    const fetchMock = mockApi({});
    const { router } = renderRoutes('/address?myAddress=true', SCREENS);
    await screen.findByLabelText('First name');
    type('First name', 'Guest');
    type('Last name', 'One');
    type('Mobile Number', '9811111111');
    type('House / Flat No', '4');
    type('Society / Street Name', 'Church Street');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(currentPath(router)).toBe('/myAddresses?fromProfile=true'));
    const stored = JSON.parse(localStorage.getItem(GUEST_ADDRESSES_KEY)!) as Address[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ fName: 'Guest', houseNo: '4', locality: 'Koramangala' });
    expect(stored[0]!.addressId).toMatch(/^L/);
    expect(await screen.findByText('Guest One')).toBeTruthy();
    expect(screen.getByText('Login to see/use my saved addresses')).toBeTruthy();
    expect(fetchMock.mock.calls).toHaveLength(0);
  });
});

describe('a guest keeps 3 addresses on the device too', () => {
  it('a 4th is refused with the message, and nothing is stored', async () => {
    const three = ['L1', 'L2', 'L3'].map((addressId) => makeAddress({ addressId }));
    localStorage.setItem(GUEST_ADDRESSES_KEY, JSON.stringify(three));
    forgetGuestCache();
    const { QueryClient } = await import('@tanstack/react-query');
    const { inputOf, saveAddress } = await import('../src/shared/account/api.ts');
    const qc = new QueryClient();
    await expect(saveAddress(qc, false, inputOf(makeAddress()))).rejects.toThrow(
      'You can save up to 3 addresses. Delete one to add another.',
    );
    expect(JSON.parse(localStorage.getItem(GUEST_ADDRESSES_KEY)!)).toHaveLength(3);
    // changing one of them still works
    await saveAddress(qc, false, inputOf(makeAddress({ houseNo: '99' })), 'L2');
    expect((JSON.parse(localStorage.getItem(GUEST_ADDRESSES_KEY)!) as Address[])[1]!.houseNo).toBe('99');
  });
});

describe('/changeAddress', () => {
  it('choosing a saved address makes it the delivery point (type D) and goes on to the cart', async () => {
    await loginAsCustomer();
    mockApi({ [`GET ${ADDRESSES}`]: list([makeAddress({ latitude: 12.97, longitude: 77.6 })]) });
    const { router } = renderRoutes('/changeAddress', SCREENS);
    fireEvent.click(await screen.findByRole('button', { name: /Asha Rao/ }));
    expect(getLocationState().point).toMatchObject({ latitude: 12.97, longitude: 77.6 });
    expect(getLocationState().deliveryType).toBe('D');
    expect(currentPath(router)).toBe('/nearestStore?deliveryType=D&redirect=cart');
    expect(screen.queryByRole('link', { name: 'Add new address' })).toBeNull();
  });

  it('with 3 saved, the way to make room instead of "Add new address"', async () => {
    await loginAsCustomer();
    mockApi({
      [`GET ${ADDRESSES}`]: list(
        ['A00000000000000000001', 'A00000000000000000002', 'A00000000000000000003'].map((addressId) =>
          makeAddress({ addressId }),
        ),
      ),
    });
    renderRoutes('/changeAddress', SCREENS);
    expect((await screen.findByRole('link', { name: 'Manage addresses' })).getAttribute('href')).toBe(
      '/myAddresses?fromProfile=true',
    );
    expect(screen.queryByRole('link', { name: 'Add new address' })).toBeNull();
  });

  it('"Add new address" opens the form', async () => {
    await loginAsCustomer();
    mockApi({ [`GET ${ADDRESSES}`]: list([]) });
    renderRoutes('/changeAddress', SCREENS);
    expect((await screen.findByRole('link', { name: 'Add new address' })).getAttribute('href')).toBe(
      '/address',
    );
  });
});
