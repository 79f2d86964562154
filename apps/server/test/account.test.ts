import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { SAVED_ADDRESSES_MAX } from '@crust/domain/constants';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { newGuest } from './cart-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionRateLimit: 10_000 });
});
afterAll(() => t.close());

const { freshMobile, login } = authClient(() => t);

const HOME = {
  type: 'Home',
  fName: 'Asha',
  lName: 'Rao',
  mobNo: '9876543210',
  email: 'asha@example.in',
  houseNo: '12B',
  address: '5th Cross, Jyoti Nivas Road',
  locality: 'Koramangala 5th Block',
  city: 'Bengaluru',
  postalCode: '560095',
  latitude: 12.9352,
  longitude: 77.6245,
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (headers: Record<string, string>) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('profile', () => {
  it('shows and changes name and email, with the SPEC §5 messages for bad input', async () => {
    const s = await login(freshMobile());
    const call = as(customerHeaders(s));
    const shown = json(await call('GET', API_PATHS.profile));
    expect(shown.data).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email: '' });
    const changed = json(
      await call('PUT', API_PATHS.profile, { firstName: 'Asha', lastName: 'Kumar', email: 'a@k.in' }),
    );
    expect(changed.data).toMatchObject({ lastName: 'Kumar', email: 'a@k.in', emailVerified: false });
    const bad = await call('PUT', API_PATHS.profile, { firstName: '', lastName: 'K', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const messages = json(bad).errors.map((e: { displayMsg: string }) => e.displayMsg);
    expect(messages).toContain('Please enter first name');
    expect(messages).toContain('Invalid email');
  });

  it('is for logged-in customers only', async () => {
    const g = await newGuest(t);
    const res = await as(g.headers)('GET', API_PATHS.profile);
    expect(res.statusCode).toBe(403);
    expect(json(res).errors[0].displayMsg).toBe('Login to see/use my saved addresses');
  });

  it('deletes the account: data gone, logged out, the number can start afresh', async () => {
    const mobile = freshMobile();
    const s = await login(mobile);
    const call = as(customerHeaders(s));
    await call('POST', API_PATHS.addresses, HOME);
    const res = await call('DELETE', API_PATHS.account);
    expect(json(res)).toEqual({ status: 'SUCCESS', data: { deleted: true } });
    expect((await call('GET', API_PATHS.profile)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: API_PATHS.refresh,
      payload: { refreshToken: s.credentials.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('saved addresses (SPEC §3 Address, §7)', () => {
  it('creates, lists, updates and deletes an address', async () => {
    const s = await login(freshMobile());
    const call = as(customerHeaders(s));
    const created = json(await call('POST', API_PATHS.addresses, HOME));
    expect(created.data).toMatchObject({ type: 'Home', houseNo: '12B', locality: 'Koramangala 5th Block' });
    expect(created.data.formattedAddress).toContain('Koramangala');
    const id = created.data.addressId;
    await call('POST', API_PATHS.addresses, { ...HOME, type: 'Work', houseNo: '4' });
    const list = json(await call('GET', API_PATHS.addresses)).data.addresses;
    expect(list.map((a: { type: string }) => a.type)).toEqual(['Home', 'Work']);
    const updated = json(
      await call('PUT', fillPath(API_PATHS.address, { addressId: id }), { ...HOME, houseNo: '14' }),
    );
    expect(updated.data.houseNo).toBe('14');
    const after = json(await call('DELETE', fillPath(API_PATHS.address, { addressId: id }))).data.addresses;
    expect(after.map((a: { type: string }) => a.type)).toEqual(['Work']);
  });

  it.each([
    ['fName', '', 'Enter First Name'],
    ['lName', '  ', 'Enter Last Name'],
    ['address', '', 'Enter Society/ Street Name'],
    ['houseNo', '', 'Enter House No'],
    ['locality', '', 'Please select Locality'],
    ['houseNo', '12345678901', null],
    ['address', 'x'.repeat(41), null],
  ])('refuses %s = %j with the SPEC message', async (field, value, message) => {
    const s = await login(freshMobile());
    const res = await as(customerHeaders(s))('POST', API_PATHS.addresses, { ...HOME, [field]: value });
    expect(res.statusCode).toBe(400);
    const err = json(res).errors.find((e: { field: string }) => e.field === `body.${field}`);
    expect(err).toBeDefined();
    if (message) expect(err.displayMsg).toBe(message);
  });

  it(`keeps ${SAVED_ADDRESSES_MAX}: a 4th is refused with a clear message, also when five are saved at once`, async () => {
    const s = await login(freshMobile());
    const call = as(customerHeaders(s));
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => call('POST', API_PATHS.addresses, { ...HOME, houseNo: String(n) })),
    );
    const bodies = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return json(r);
    });
    expect(bodies.filter((b) => b.status === 'SUCCESS')).toHaveLength(SAVED_ADDRESSES_MAX);
    for (const refused of bodies.filter((b) => b.status === 'FAILED'))
      expect(refused.errors[0]).toEqual({
        code: 'ADDRESS_LIMIT',
        displayMsg: 'You can save up to 3 addresses. Delete one to add another.',
      });
    const list = json(await call('GET', API_PATHS.addresses)).data.addresses;
    expect(list).toHaveLength(SAVED_ADDRESSES_MAX);
    // changing one of the three is not adding one
    const first = list[0].addressId;
    expect(json(await call('PUT', fillPath(API_PATHS.address, { addressId: first }), HOME)).status).toBe(
      'SUCCESS',
    );
    await call('DELETE', fillPath(API_PATHS.address, { addressId: first }));
    expect(json(await call('POST', API_PATHS.addresses, HOME)).status).toBe('SUCCESS');
    expect(json(await call('POST', API_PATHS.addresses, HOME)).status).toBe('FAILED');
  });

  it("answers 404 for another customer's address, and leaves it alone", async () => {
    const a = await login(freshMobile());
    const b = await login(freshMobile());
    const created = json(await as(customerHeaders(a))('POST', API_PATHS.addresses, HOME)).data;
    const url = fillPath(API_PATHS.address, { addressId: created.addressId });
    const other = as(customerHeaders(b));
    expect((await other('PUT', url, { ...HOME, houseNo: '99' })).statusCode).toBe(404);
    expect((await other('DELETE', url)).statusCode).toBe(404);
    expect(json(await other('GET', API_PATHS.addresses)).data.addresses).toEqual([]);
    const mine = json(await as(customerHeaders(a))('GET', API_PATHS.addresses)).data.addresses;
    expect(mine[0].houseNo).toBe('12B');
  });
});
