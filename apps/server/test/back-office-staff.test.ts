import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPageResponseSchema,
  StaffIssuedResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  type NewStaffBody,
  type StaffMember,
} from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { fillPath } from '@crust/contract/paths';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { CONSOLE_TEXTS as T } from '../src/modules/staff/texts.ts';
import { FARMHOUSE } from './cart-support.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

/**
 * Issue 30 §1 and §6: staff logins made, changed, turned off and reset from the back office; every call checked
 * against the caller's role and the stores it reaches; the last chain admin kept; stale saves refused; every change
 * in the audit log. Delhi's stores are 10xx, Mumbai's 20xx (seed).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const from = () => `10.60.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const errorOf = (res: { body: string }) =>
  json<{ errors: { code: string; displayMsg: string; field?: string }[] }>(res).errors[0]!;

interface Login {
  token: string;
  call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<{ statusCode: number; body: string }>;
}

async function logIn(username: string, password: string): Promise<Login> {
  const res = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffLogin,
    payload: { username, password },
    remoteAddress: from(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = StaffSessionResponseSchema.parse(json(res)).data;
  return loginOf(session.token);
}

function loginOf(token: string): Login {
  return {
    token,
    call: (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: from(),
        ...(payload ? { payload } : {}),
      }),
  };
}

/** A one-time password replaced, as the console makes its owner do at first login. */
async function firstLogin(username: string, oneTime: string): Promise<Login & { session: unknown }> {
  const once = await logIn(username, oneTime);
  const res = await once.call('POST', CONSOLE_PATHS.staffPassword, {
    currentPassword: oneTime,
    newPassword: `${username}-own-password`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = StaffSessionResponseSchema.parse(json(res)).data;
  return { ...loginOf(session.token), session };
}

const admin = () => logIn('chainadmin', 'pizza-admin');
const manager1001 = () => logIn('store1001', 'pizza1001');

let serial = 0;
const username = (stem: string) => `${stem}.${Date.now().toString(36)}${++serial}`;

async function create(by: Login, body: NewStaffBody) {
  const res = await by.call('POST', CONSOLE_PATHS.staffMembers, body);
  expect(res.statusCode, res.body).toBe(200);
  return StaffIssuedResponseSchema.parse(json(res)).data;
}
const change = (by: Login, m: StaffMember, body: object) =>
  by.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: m.id }), { version: m.version, ...body });
const storesOf = async (who: Login) => {
  const res = await who.call('GET', CONSOLE_PATHS.consoleStores);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { id: number }[] }>(res).data.map((s) => s.id);
};

describe('roles and the stores they reach', () => {
  it('a regional manager made by the chain admin reaches the stores of their cities, and no more', async () => {
    const a = await admin();
    const name = username('delhi.lead');
    const issued = await create(a, {
      username: name,
      name: 'Delhi lead',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    expect(issued.member).toMatchObject({
      role: 'REGIONAL',
      cities: ['delhi'],
      storeId: null,
      mustChangePassword: true,
    });
    const regional = await firstLogin(name, issued.oneTimePassword);
    const stores = await storesOf(regional);
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((id) => id >= 1000 && id < 1100)).toBe(true);

    expect(
      (await regional.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1001 }))).statusCode,
    ).toBe(200);
    const mumbai = await regional.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 2001 }));
    expect(mumbai.statusCode).toBe(404);
    // a store manager for a Delhi store: yes; for a Mumbai store, or another regional manager: no
    await create(regional, {
      username: username('cp.manager'),
      name: 'CP manager',
      role: 'MANAGER',
      storeId: 1002,
    });
    for (const body of [
      { username: username('x'), name: 'X', role: 'MANAGER' as const, storeId: 2001 },
      { username: username('y'), name: 'Y', role: 'REGIONAL' as const, cities: ['delhi'] },
      { username: username('z'), name: 'Z', role: 'ADMIN' as const },
    ]) {
      const res = await regional.call('POST', CONSOLE_PATHS.staffMembers, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'ROLE_NOT_ALLOWED', displayMsg: T.roleNotAllowed });
    }
    // the content is the chain admin's
    const content = await regional.call('GET', CONSOLE_PATHS.adminWidgets);
    expect(errorOf(content)).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it("a store manager makes their own store's staff only, and sees only their store's logins", async () => {
    const m = await manager1001();
    const made = await create(m, {
      username: username('till'),
      name: 'Till one',
      role: 'STAFF',
      storeId: 1001,
    });
    expect(made.member.storeId).toBe(1001);
    for (const body of [
      { username: username('a'), name: 'A', role: 'STAFF' as const, storeId: 1002 },
      { username: username('b'), name: 'B', role: 'MANAGER' as const, storeId: 1001 },
    ]) {
      const res = await m.call('POST', CONSOLE_PATHS.staffMembers, body);
      expect(res.statusCode, res.body).toBe(403);
    }
    const list = StaffListResponseSchema.parse(json(await m.call('GET', CONSOLE_PATHS.staffMembers))).data;
    expect(list.staff.map((s) => s.storeId)).toEqual(list.staff.map(() => 1001));
    expect(list.staff.map((s) => s.id)).toContain(made.member.id);
    expect(list.stores.map((s) => s.id)).toEqual([1001]);
    // another store's manager is not theirs to touch: the same 404 as a login that does not exist
    const other = await m.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: 'S1002' }), {
      version: 1,
      disabled: true,
    });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).displayMsg).toBe(T.notYourStaff);
  });

  it('store staff work the queue and nothing else', async () => {
    const m = await manager1001();
    const made = await create(m, {
      username: username('counter'),
      name: 'Counter',
      role: 'STAFF',
      storeId: 1001,
    });
    const staff = await firstLogin(made.member.username, made.oneTimePassword);
    expect(staff.session).toMatchObject({ staff: { role: 'STAFF', may: ['queue'] } });
    expect(
      (await staff.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1001 }))).statusCode,
    ).toBe(200);
    const refusals = await Promise.all([
      staff.call('GET', fillPath(CONSOLE_PATHS.consoleProducts, { storeId: 1001 })),
      staff.call('POST', fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 1001 }), { online: false }),
      staff.call(
        'GET',
        `${fillPath(CONSOLE_PATHS.consoleRatings, { storeId: 1001 })}?from=2026-11-01&to=2026-11-02`,
      ),
      staff.call('GET', CONSOLE_PATHS.staffMembers),
      staff.call('GET', CONSOLE_PATHS.auditLog),
    ]);
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('ROLE_NOT_ALLOWED');
    }
  });
});

describe('turning off and resetting a login', () => {
  it('a login turned off loses its sessions at once, cannot log in, and works again when turned on', async () => {
    const a = await admin();
    const made = await create(a, {
      username: username('night'),
      name: 'Night shift',
      role: 'STAFF',
      storeId: 1003,
    });
    const staff = await firstLogin(made.member.username, made.oneTimePassword);
    const queue = fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1003 });
    expect((await staff.call('GET', queue)).statusCode).toBe(200);
    const list = StaffListResponseSchema.parse(json(await a.call('GET', CONSOLE_PATHS.staffMembers))).data;
    const member = list.staff.find((s) => s.id === made.member.id)!;

    const off = await change(a, member, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    const offMember = StaffMemberResponseSchema.parse(json(off)).data.member;
    expect(offMember.disabled).toBe(true);
    const refused = await staff.call('GET', queue);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toMatchObject({ code: 'STAFF_UNAUTHORIZED', displayMsg: T.ended });
    const relogin = await t.app.inject({
      method: 'POST',
      url: CONSOLE_PATHS.staffLogin,
      payload: { username: made.member.username, password: `${made.member.username}-own-password` },
      remoteAddress: from(),
    });
    expect(relogin.statusCode).toBe(403);
    expect(errorOf(relogin)).toMatchObject({ code: 'STAFF_DISABLED', displayMsg: T.disabled });

    expect((await change(a, offMember, { disabled: false })).statusCode).toBe(200);
    const back = await logIn(made.member.username, `${made.member.username}-own-password`);
    expect((await back.call('GET', queue)).statusCode).toBe(200);
  });

  it('a reset ends every session of the login and asks for a new password at the next login', async () => {
    const a = await admin();
    const made = await create(a, {
      username: username('late'),
      name: 'Late shift',
      role: 'STAFF',
      storeId: 1003,
    });
    const staff = await firstLogin(made.member.username, made.oneTimePassword);
    const list = StaffListResponseSchema.parse(json(await a.call('GET', CONSOLE_PATHS.staffMembers))).data;
    const member = list.staff.find((s) => s.id === made.member.id)!;
    const reset = await a.call('POST', fillPath(CONSOLE_PATHS.staffMemberReset, { staffId: member.id }), {
      version: member.version,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const issued = StaffIssuedResponseSchema.parse(json(reset)).data;
    expect(issued.oneTimePassword).not.toBe(made.oneTimePassword);
    expect(
      (await staff.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1003 }))).statusCode,
    ).toBe(401);
    const again = await firstLogin(made.member.username, issued.oneTimePassword);
    expect(
      (await again.call('GET', fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1003 }))).statusCode,
    ).toBe(200);
  });

  it('the last chain admin cannot be turned off or demoted; two admins turning each other off at once leave one', async () => {
    const a = await admin();
    const self = StaffListResponseSchema.parse(
      json(await a.call('GET', CONSOLE_PATHS.staffMembers)),
    ).data.staff.find((s) => s.username === 'chainadmin')!;
    const own = await change(a, self, { disabled: true });
    expect(own.statusCode).toBe(409);
    expect(errorOf(own)).toMatchObject({ code: 'NOT_YOURSELF', displayMsg: T.notYourself });

    const second = await create(a, { username: username('ops'), name: 'Ops', role: 'ADMIN' });
    const other = await firstLogin(second.member.username, second.oneTimePassword);
    const members = StaffListResponseSchema.parse(json(await a.call('GET', CONSOLE_PATHS.staffMembers))).data
      .staff;
    const activeAdmins = members.filter((s) => s.role === 'ADMIN' && !s.disabled);
    // every other active admin made by earlier tests is turned off first, so these two are the last
    for (const extra of activeAdmins.filter((s) => s.id !== self.id && s.id !== second.member.id))
      expect((await change(a, extra, { disabled: true })).statusCode).toBe(200);
    const secondNow = members.find((s) => s.id === second.member.id)!;
    const [one, two] = await Promise.all([
      change(a, secondNow, { disabled: true }),
      change(other, self, { role: 'MANAGER', storeId: 1001 }),
    ]);
    expect(
      [one, two].filter((r) => r.statusCode === 200),
      `${one.body} ${two.body}`,
    ).toHaveLength(1);
    const refusal = [one, two].find((r) => r.statusCode !== 200)!;
    // the loser is told why: the other change left its target the last admin, or turned the loser's own login off
    expect(['LAST_ADMIN', 'STAFF_UNAUTHORIZED']).toContain(errorOf(refusal).code);
    const after = StaffListResponseSchema.parse(
      json(await (one.statusCode === 200 ? a : other).call('GET', CONSOLE_PATHS.staffMembers)),
    ).data.staff;
    expect(after.filter((s) => s.role === 'ADMIN' && !s.disabled)).toHaveLength(1);
  });
});

describe('saves and bad input', () => {
  it('two saves made on the same version: one wins, the other is told to reload, nothing of it is saved', async () => {
    const m = await manager1001();
    const made = await create(m, { username: username('pair'), name: 'Pair', role: 'STAFF', storeId: 1001 });
    const [x, y] = await Promise.all([
      change(m, made.member, { name: 'Pair X' }),
      change(m, made.member, { name: 'Pair Y' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const winner = [x, y].find((r) => r.statusCode === 200)!;
    const loser = [x, y].find((r) => r.statusCode === 409)!;
    expect(errorOf(loser)).toMatchObject({ code: 'STALE', displayMsg: T.stale });
    const saved = StaffMemberResponseSchema.parse(json(winner)).data.member;
    expect(saved.version).toBe(made.member.version + 1);
    const list = StaffListResponseSchema.parse(json(await m.call('GET', CONSOLE_PATHS.staffMembers))).data
      .staff;
    expect(list.find((s) => s.id === made.member.id)?.name).toBe(saved.name);
  });

  it.each([
    [{ username: 'A b', name: 'X', role: 'STAFF', storeId: 1001 }, 400, 'body.username'],
    [{ username: 'store1002', name: 'X', role: 'STAFF', storeId: 1001 }, 409, 'body.username'],
    [{ username: 'nostore.x', name: 'X', role: 'MANAGER', storeId: null }, 400, 'body.storeId'],
    [{ username: 'nocity.x', name: 'X', role: 'REGIONAL', cities: [] }, 400, 'body.cities'],
    [{ username: 'badcity.x', name: 'X', role: 'REGIONAL', cities: ['atlantis'] }, 400, 'body.cities'],
    [{ username: 'badstore.x', name: 'X', role: 'STAFF', storeId: 99999 }, 400, 'body.storeId'],
    [{ username: 'admstore.x', name: 'X', role: 'ADMIN', storeId: 1001 }, 400, 'body.storeId'],
    [{ username: 'mob.x', name: 'X', role: 'STAFF', storeId: 1001, mobile: '12345' }, 400, 'body.mobile'],
    [
      { username: 'mobtaken.x', name: 'X', role: 'STAFF', storeId: 1001, mobile: '9000001001' },
      409,
      'body.mobile',
    ],
    [{ username: 'noname.x', name: ' ', role: 'STAFF', storeId: 1001 }, 400, 'body.name'],
  ])('refuses %j with %i on %s, and makes nothing', async (body, status, field) => {
    const a = await admin();
    const res = await a.call('POST', CONSOLE_PATHS.staffMembers, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).field).toBe(field);
    const list = StaffListResponseSchema.parse(json(await a.call('GET', CONSOLE_PATHS.staffMembers))).data
      .staff;
    expect(list.filter((s) => s.username === body.username.toLowerCase() && s.storeId !== 1002)).toEqual([]);
  });
});

describe('the change log', () => {
  it('records who made, changed and reset a login, before and after, without the password', async () => {
    const m = await manager1001();
    const made = await create(m, {
      username: username('logged'),
      name: 'Logged',
      role: 'STAFF',
      storeId: 1001,
    });
    const renamed = StaffMemberResponseSchema.parse(
      json(await change(m, made.member, { name: 'Logged Two' })),
    ).data.member;
    await m.call('POST', fillPath(CONSOLE_PATHS.staffMemberReset, { staffId: renamed.id }), {
      version: renamed.version,
    });
    const res = await m.call('GET', `${CONSOLE_PATHS.auditLog}?entity=staff&entityId=${made.member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { events } = AuditPageResponseSchema.parse(json(res)).data;
    expect(events.map((e) => e.action)).toEqual(['staff.reset', 'staff.change', 'staff.create']);
    expect(events.every((e) => e.staffId === 'S1001' && e.storeId === 1001)).toBe(true);
    expect(events[1]).toMatchObject({ before: { name: 'Logged' }, after: { name: 'Logged Two' } });
    expect(JSON.stringify(events)).not.toMatch(/scrypt|password_hash|passwordHash/);
  });

  it("a manager reads their store's entries only; the chain admin reads every one", async () => {
    const a = await admin();
    const far = await create(a, {
      username: username('mumbai'),
      name: 'Mumbai till',
      role: 'STAFF',
      storeId: 2001,
    });
    const m = await manager1001();
    const mine = AuditPageResponseSchema.parse(
      json(await m.call('GET', `${CONSOLE_PATHS.auditLog}?limit=200`)),
    ).data;
    expect(mine.events.every((e) => e.storeId === 1001)).toBe(true);
    expect(mine.events.some((e) => e.entityId === far.member.id)).toBe(false);
    const asked = await m.call('GET', `${CONSOLE_PATHS.auditLog}?storeId=2001`);
    expect(AuditPageResponseSchema.parse(json(asked)).data.events).toEqual([]);
    const all = AuditPageResponseSchema.parse(
      json(await a.call('GET', `${CONSOLE_PATHS.auditLog}?entityId=${far.member.id}`)),
    ).data;
    expect(all.events.map((e) => e.action)).toEqual(['staff.create']);
  });

  it('pages newest first with a cursor, and refuses a period that ends before it starts', async () => {
    const a = await admin();
    const first = AuditPageResponseSchema.parse(
      json(await a.call('GET', `${CONSOLE_PATHS.auditLog}?limit=2`)),
    ).data;
    expect(first.events).toHaveLength(2);
    expect(first.next).toBe(first.events[1]!.id);
    const second = AuditPageResponseSchema.parse(
      json(await a.call('GET', `${CONSOLE_PATHS.auditLog}?limit=2&before=${first.next}`)),
    ).data;
    expect(second.events.every((e) => e.id < first.next!)).toBe(true);
    const bad = await a.call('GET', `${CONSOLE_PATHS.auditLog}?from=2026-11-02&to=2026-11-01`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('querystring.to');
  });

  it("a store's online switch and a product's stock are recorded with their store", async () => {
    const m = await manager1001();
    const online = fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 1001 });
    expect((await m.call('POST', online, { online: false })).statusCode).toBe(200);
    expect((await m.call('POST', online, { online: true })).statusCode).toBe(200);
    const product = fillPath(CONSOLE_PATHS.consoleProduct, { storeId: 1001, productCode: FARMHOUSE });
    const stock = await m.call('POST', product, { inStock: false });
    expect(stock.statusCode, stock.body).toBe(200);
    await m.call('POST', product, { inStock: true });
    const store = AuditPageResponseSchema.parse(
      json(await m.call('GET', `${CONSOLE_PATHS.auditLog}?entity=store&entityId=1001&limit=2`)),
    ).data.events;
    expect(store.map((e) => [e.action, e.before, e.after])).toEqual([
      ['store.online', { online: false }, { online: true }],
      ['store.online', { online: true }, { online: false }],
    ]);
    const products = AuditPageResponseSchema.parse(
      json(await m.call('GET', `${CONSOLE_PATHS.auditLog}?entity=product&entityId=${FARMHOUSE}&limit=2`)),
    ).data.events;
    expect(products.map((e) => [e.action, e.after, e.storeId, e.staffName])).toEqual([
      ['product.stock', { inStock: true }, 1001, expect.any(String)],
      ['product.stock', { inStock: false }, 1001, expect.any(String)],
    ]);
  });
});
