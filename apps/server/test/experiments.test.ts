import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageResponseSchema } from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  AllocationResponseSchema,
  ExperimentAdminResponseSchema,
  ExperimentsAdminResponseSchema,
  VariationResponseSchema,
} from '@crust/contract/experiments';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { variantOf } from '@crust/domain/experiments';
import { json } from './helpers.ts';
import type { Guest } from './cart-support.ts';
import { customers, newGuest, rows } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { errorOf, staffLogins, type StaffLogin } from './staff-logins.ts';
import { DAY, settableClock } from './test-clock.ts';

/**
 * Issue 33 §2 through the API: SPEC §4's buckets at their edges, a guest's answer (the bucket only) against a
 * customer's (the variants), the variant stable across calls, a stopped or not yet started experiment without a
 * variant, and the chain admin's start/stop, audited and refused to everyone else.
 */
let t: GatewayTestApp;
const clock = settableClock();
beforeAll(async () => {
  clock.set(Date.parse('2026-11-28T12:00:00Z'));
  t = await createGatewayApp({}, { seed: true, clock: clock.now });
});
afterAll(() => t.close());

const logins = staffLogins(() => t, '10.81');
const newCustomer = customers(() => t);

async function allocation(clientId: string, who?: Guest) {
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.experimentAllocation,
    headers: who?.headers ?? {},
    payload: { clientId, accountId: 'crust', tenantId: 'crust-in', workspaceId: 'pwa' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return AllocationResponseSchema.parse(json(res)).data;
}

async function variation(name: string, clientId: string, who?: Guest) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${fillPath(API_PATHS.experimentVariation, { name })}?clientId=${clientId}`,
    headers: who?.headers ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return VariationResponseSchema.parse(json(res)).data;
}

const setWindow = (name: string, startsAt: number | null, stopsAt: number | null) =>
  rows(
    t,
    sql`update experiments set starts_at = ${startsAt === null ? null : new Date(startsAt).toISOString()},
        stops_at = ${stopsAt === null ? null : new Date(stopsAt).toISOString()}, enabled = true where name = ${name}`,
  );

describe('the defaults', () => {
  it('are written once, even by parallel first calls, and list voice, nextGenHome and menuReverseAB', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => allocation(`${1000 + i}.1`)));
    expect(answers.map((a) => a.bucket)).toEqual(Array(8).fill('none'));
    const names = await rows<{ name: string }>(t, sql`select name from experiments order by name`);
    expect(names.map((r) => r.name)).toEqual(['menuReverseAB', 'nextGenHome', 'voice']);
  });
});

describe('SPEC §4 buckets through the allocation: client id modulo 100', () => {
  it.each([
    ['1234567809.1764345600', 'none'],
    ['1234567810.1764345600', 'C'],
    ['1234567839.1764345600', 'C'],
    ['1234567840.1764345600', 'A'],
    ['1234567869.1764345600', 'A'],
    ['GA1.1.1234567870.1764345600', 'B'],
    ['1234567899.1764345600', 'B'],
    ['1234567900.1764345600', 'none'],
  ])('%s → %s', async (clientId, bucket) => {
    const a = await allocation(clientId);
    expect(a).toEqual({ bucket, variants: {}, abTest: { bucket } });
  });

  it('refuses what is not a GA-style client id (the device id of old)', async () => {
    for (const clientId of ['3f9a0c1e7b2d', '', '99999999999.1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.experimentAllocation,
        payload: { clientId },
      });
      expect(res.statusCode, `${clientId}: ${res.body}`).toBe(400);
    }
    // ten digits, past GA's 31 bits
    const big = await t.app.inject({
      method: 'POST',
      url: API_PATHS.experimentAllocation,
      payload: { clientId: '9999999999.1' },
    });
    expect(big.statusCode).toBe(400);
    expect(errorOf(big).code).toBe('BAD_CLIENT_ID');
  });
});

describe('variants: only for a logged-in customer, the same for the same client id', () => {
  let customer: Guest;
  let guest: Guest;
  beforeAll(async () => {
    customer = await newCustomer();
    guest = await newGuest(t);
  });

  it('a guest (or no session) gets the bucket only; a customer each experiment of the bucket', async () => {
    const clientId = '777777745.1764345600'; // 45: bucket A
    expect(await allocation(clientId, guest)).toEqual({ bucket: 'A', variants: {}, abTest: { bucket: 'A' } });
    expect((await allocation(clientId)).variants).toEqual({});
    const a = await allocation(clientId, customer);
    expect(a.bucket).toBe('A');
    expect(Object.keys(a.variants).sort()).toEqual(['nextGenHome', 'voice']);
    expect(['u', 'w', 'x', 'y', 's']).toContain(a.variants.voice);
    expect(a.abTest).toEqual({ bucket: 'A', ...a.variants });
    // menuReverseAB runs in bucket B only (its default)
    expect((await allocation('777777775.1764345600', customer)).variants.menuReverseAB).toBe('on');
    // the hold-out bucket has no experiment
    expect((await allocation('777777705.1764345600', customer)).variants).toEqual({});
  });

  it('the same client id gets the same variants across calls, in parallel too, and the variation call agrees', async () => {
    const clientId = '1357924680.1764345600'; // 80: bucket B
    const answers = await Promise.all(Array.from({ length: 6 }, () => allocation(clientId, customer)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    const v = await variation('nextGenHome', clientId, customer);
    expect(v).toEqual({ experiment: 'nextGenHome', bucket: 'B', variant: answers[0]!.variants.nextGenHome });
    expect(v.variant).toBe(
      variantOf(
        'nextGenHome',
        ['u', 'w', 'x', 'y', 's'].map((name) => ({ name, weight: 20 })),
        1357924680,
      ),
    );
    expect((await variation('nextGenHome', clientId, guest)).variant).toBeNull();
  });

  it('different clients are spread over the variants', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++)
      seen.add((await allocation(`${5000 + i * 100 + 45}.1`, customer)).variants.voice!);
    expect(seen.size).toBeGreaterThanOrEqual(4);
  });

  it('a stopped, not yet started, or switched-off experiment gives no variant', async () => {
    const clientId = '246813545.1764345600'; // A
    const now = clock.now();
    await setWindow('voice', now + DAY, null);
    expect((await allocation(clientId, customer)).variants.voice).toBeUndefined();
    expect((await variation('voice', clientId, customer)).variant).toBeNull();
    await setWindow('voice', now - 2 * DAY, now - DAY);
    expect((await allocation(clientId, customer)).variants.voice).toBeUndefined();
    await setWindow('voice', now - DAY, now + DAY);
    expect((await allocation(clientId, customer)).variants.voice).toBeDefined();
    // the app's clock, not the machine's: a day later the window has closed
    clock.set(now + DAY);
    expect((await allocation(clientId, customer)).variants.voice).toBeUndefined();
    clock.set(now);
    await setWindow('voice', null, null);
    await rows(t, sql`update experiments set enabled = false where name = 'voice'`);
    expect((await allocation(clientId, customer)).variants).toEqual({
      nextGenHome: expect.any(String),
    });
    await rows(t, sql`update experiments set enabled = true where name = 'voice'`);
  });

  it('the variation call of an unknown experiment is a 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${fillPath(API_PATHS.experimentVariation, { name: 'nothing' })}?clientId=1.1`,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('EXPERIMENT_NOT_FOUND');
  });
});

describe('the back office: the chain admin lists, starts and stops; every switch is audited', () => {
  let admin: StaffLogin;
  beforeAll(async () => {
    admin = await logins.logIn('chainadmin', 'pizza-admin');
  });

  it('lists every experiment with its buckets, variants, window and switch', async () => {
    const res = await admin.call('GET', CONSOLE_PATHS.experiments);
    expect(res.statusCode, res.body).toBe(200);
    const { experiments } = ExperimentsAdminResponseSchema.parse(json(res)).data;
    expect(experiments.map((e) => e.name)).toEqual(['menuReverseAB', 'nextGenHome', 'voice']);
    expect(experiments.find((e) => e.name === 'voice')).toMatchObject({
      buckets: ['C', 'A', 'B'],
      variants: ['u', 'w', 'x', 'y', 's'].map((name) => ({ name, weight: 20 })),
      enabled: true,
      running: true,
    });
  });

  it('a stop ends the variants at once; a start brings them back; both are in the audit log', async () => {
    const clientId = '112233450.1764345600'; // 50: A
    const customer = await newCustomer();
    const stop = await admin.call('POST', fillPath(CONSOLE_PATHS.experimentSwitch, { name: 'nextGenHome' }), {
      action: 'stop',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(ExperimentAdminResponseSchema.parse(json(stop)).data).toMatchObject({
      enabled: false,
      running: false,
    });
    expect((await allocation(clientId, customer)).variants.nextGenHome).toBeUndefined();

    // a start of an experiment whose start is ahead runs it from now
    await setWindow('nextGenHome', clock.now() + DAY, null);
    await rows(t, sql`update experiments set enabled = false where name = 'nextGenHome'`);
    const start = await admin.call(
      'POST',
      fillPath(CONSOLE_PATHS.experimentSwitch, { name: 'nextGenHome' }),
      {
        action: 'start',
      },
    );
    expect(start.statusCode, start.body).toBe(200);
    const started = ExperimentAdminResponseSchema.parse(json(start)).data;
    expect(started).toMatchObject({ enabled: true, running: true });
    expect(Math.abs(Date.parse(started.startsAt!) - clock.now())).toBeLessThan(60_000);
    expect((await allocation(clientId, customer)).variants.nextGenHome).toBeDefined();

    const log = await admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=experiment&entityId=nextGenHome`);
    const { events } = AuditPageResponseSchema.parse(json(log)).data;
    expect(events.map((e) => e.action)).toEqual(['experiment.start', 'experiment.stop']);
    expect(events[1]).toMatchObject({
      staffName: 'Chain admin',
      storeId: null,
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('parallel switches each take the row in turn: one entry each, the last one wins', async () => {
    const url = fillPath(CONSOLE_PATHS.experimentSwitch, { name: 'menuReverseAB' });
    const answers = await Promise.all(
      ['stop', 'start', 'stop', 'start', 'stop'].map((action) => admin.call('POST', url, { action })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const log = await admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=experiment&entityId=menuReverseAB`);
    const { events } = AuditPageResponseSchema.parse(json(log)).data;
    expect(events).toHaveLength(5);
    // each entry's "before" is the previous entry's "after": no switch read a state another was changing
    const chrono = [...events].reverse();
    for (let i = 1; i < chrono.length; i++)
      expect((chrono[i]!.before as { enabled: boolean }).enabled).toBe(
        (chrono[i - 1]!.after as { enabled: boolean }).enabled,
      );
    const [row] = await rows<{ enabled: boolean }>(
      t,
      sql`select enabled from experiments where name = 'menuReverseAB'`,
    );
    expect(row!.enabled).toBe(events[0]!.action === 'experiment.start');
  });

  it('a store manager is refused (ADMIN_ONLY), an unknown experiment is a 404', async () => {
    const manager = await logins.logIn('store1001', 'pizza1001');
    const res = await manager.call('GET', CONSOLE_PATHS.experiments);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('ADMIN_ONLY');
    const none = await admin.call('POST', fillPath(CONSOLE_PATHS.experimentSwitch, { name: 'nothing' }), {
      action: 'start',
    });
    expect(none.statusCode).toBe(404);
  });
});
