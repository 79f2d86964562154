import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunnelResponseSchema, MAX_EVENTS_PER_CALL, type UserActivityEvent } from '@crust/contract/analytics';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { ACTION_TYPE_OF, type EventAction } from '@crust/domain/funnel';
import { istDayOf } from '@crust/domain/report-periods';
import { analyticsDeviceFacts, analyticsEvents, auditEvents } from '../src/db/schema.ts';
import {
  EVENT_CALLS_PER_ADDRESS_PER_MINUTE,
  EVENT_CALLS_PER_CLIENT_PER_MINUTE,
} from '../src/modules/analytics/routes.ts';
import { json } from './helpers.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { DAY, settableClock } from './test-clock.ts';
import { chainAdmin, storeStaff } from './tracking-support.ts';

/**
 * Issue 33 §3 (docs/analytics.md): POST user-activity behind the remote config's switch, validated, refusing
 * personal data, rate limited per client under parallel calls, stored append-only with the ab_test assignment;
 * device facts; the chain admin's funnel per day and variant; the retention pass.
 */
const clock = settableClock();
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, clock: clock.now });
});
afterAll(() => t.close());

let clients = 0;
const newClientId = () => `test-client-${process.pid}-${++clients}-abcdef`;
let addresses = 0;
const newAddress = () => `10.33.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function event(action: EventAction, pageName: string, properties: UserActivityEvent['properties'] = {}) {
  return {
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
    platform: 'PWA' as const,
    userId: null,
    timestamp: clock.now(),
    pageName,
    referrer: '',
    action,
    actionType: ACTION_TYPE_OF[action],
    properties,
  };
}

interface Send {
  clientId?: string | null;
  ab?: string;
  address?: string;
}
const send = (data: unknown, { clientId = newClientId(), ab, address = newAddress() }: Send = {}) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.userActivity,
    payload: { data },
    remoteAddress: address,
    headers: {
      ...(clientId ? { [HEADERS.gaClientId]: clientId } : {}),
      ...(ab !== undefined ? { [HEADERS.abTest]: ab } : {}),
    },
  });

const eventsOf = (clientId: string) =>
  t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.clientId, clientId));

async function setTracking(on: boolean) {
  const admin = await chainAdmin(t);
  const res = await admin.call('PUT', CONSOLE_PATHS.analyticsTracking, { on });
  expect(res.statusCode, res.body).toBe(200);
}

const configTracking = async () =>
  json<{ data: { userActivityTracking: boolean } }>(
    await t.app.inject({ method: 'GET', url: API_PATHS.config }),
  ).data.userActivityTracking;

describe('the switch', () => {
  it('is off by default: events are answered but dropped', async () => {
    expect(await configTracking()).toBe(false);
    const clientId = newClientId();
    const res = await send([event('page_view', 'landing')], { clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ stored: 0, tracking: false });
    expect(await eventsOf(clientId)).toHaveLength(0);
  });

  it('only the chain admin turns it on, and the change log records it', async () => {
    const manager = await storeStaff(t);
    const refused = await manager.call('PUT', CONSOLE_PATHS.analyticsTracking, { on: true });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).errors[0].code).toBe('ADMIN_ONLY');
    expect(await configTracking()).toBe(false);

    await setTracking(true);
    expect(await configTracking()).toBe(true);
    const logged = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'analytics.tracking'), eq(auditEvents.entityId, 'userActivityTracking')),
      );
    expect(logged.at(-1)?.after).toEqual({ userActivityTracking: true });
    expect(logged.at(-1)?.before).toEqual({ userActivityTracking: false });
  });
});

describe('POST user-activity', () => {
  beforeAll(() => setTracking(true));

  it('stores a batch append-only with the client id, the ab_test assignment and the IST day; steps ranked', async () => {
    const clientId = newClientId();
    const res = await send(
      [
        event('page_view', 'landing'),
        event('page_view', 'menu'),
        event('add_to_cart', 'menu', { productId: 'P101', quantity: 1 }),
        event('coupon_failed', 'cart', { code: 'PIZZA50', reason: 'MIN_ORDER_NOT_MET' }),
      ],
      { clientId, ab: '{"bucket":"A","voice":"u"}' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ stored: 4, tracking: true });
    const rows = (await eventsOf(clientId)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.action, r.pageName, r.stepRank])).toEqual([
      ['page_view', 'landing', 0],
      ['page_view', 'menu', 1],
      ['add_to_cart', 'menu', 2],
      ['coupon_failed', 'cart', null],
    ]);
    for (const r of rows) {
      expect(r.abTest).toEqual({ bucket: 'A', voice: 'u' });
      expect(r.day).toBe(istDayOf(clock.now()));
      expect(r.loggedIn).toBe(false);
    }
    expect(rows[3]!.properties).toEqual({ code: 'PIZZA50', reason: 'MIN_ORDER_NOT_MET' });
  });

  it('takes one event as well as a batch; an unparsable ab_test is no assignment', async () => {
    const clientId = newClientId();
    const res = await send(event('page_view', 'cart'), { clientId, ab: 'not json' });
    expect(json(res).data).toEqual({ stored: 1, tracking: true });
    expect((await eventsOf(clientId))[0]!.abTest).toEqual({});
  });

  it('keeps only the host of an outside referrer, and never the user agent or the userId', async () => {
    const clientId = newClientId();
    await send(
      [
        {
          ...event('page_view', 'landing'),
          referrer: 'https://www.google.com/search?q=meera+9876543210',
          userId: 'C123',
        },
      ],
      { clientId },
    );
    const [row] = await eventsOf(clientId);
    expect(row!.referrer).toBe('www.google.com');
    expect(JSON.stringify(row)).not.toContain('Mozilla');
    expect(JSON.stringify(row)).not.toContain('C123');
  });

  it.each([
    [{ mobile: '9876543210' }, 'body.data[1].properties.mobile', 'names personal data'],
    [{ productName: 'Farmhouse' }, 'body.data[1].properties.productName', 'names personal data'],
    [{ note: '+91 98765 43210' }, 'body.data[1].properties.note', 'a mobile number'],
    [{ note: 'meera@example.com' }, 'body.data[1].properties.note', 'an e-mail address'],
    [{ note: '4111 1111 1111 1111' }, 'body.data[1].properties.note', 'a card number'],
  ])('refuses the whole batch when a property carries personal data: %j', async (properties, field, says) => {
    const clientId = newClientId();
    const res = await send([event('page_view', 'landing'), event('add_to_cart', 'menu', properties)], {
      clientId,
    });
    expect(res.statusCode).toBe(400);
    const [error] = json(res).errors;
    expect(error.code).toBe('PERSONAL_DATA');
    expect(error.field).toBe(field);
    expect(error.displayMsg).toContain(says);
    expect(error.displayMsg).toContain('Events must not carry personal data.');
    expect(await eventsOf(clientId)).toHaveLength(0);
  });

  it.each([
    ['an empty batch', []],
    [
      'a batch over the limit',
      Array.from({ length: MAX_EVENTS_PER_CALL + 1 }, () => event('page_view', 'menu')),
    ],
    ['an unknown action', [{ ...event('page_view', 'menu'), action: 'login' }]],
    ['an action type not the action’s', [{ ...event('page_view', 'menu'), actionType: 'TAP' }]],
    ['another platform', [{ ...event('page_view', 'menu'), platform: 'IOS' }]],
    ['a page name with a path', [{ ...event('page_view', 'menu'), pageName: '/trackOrder/O123' }]],
    ['nested properties', [{ ...event('page_view', 'menu'), properties: { a: { b: 1 } } }]],
    ['a long property', [{ ...event('page_view', 'menu'), properties: { reason: 'x'.repeat(121) } }]],
    [
      'too many properties',
      [
        {
          ...event('page_view', 'menu'),
          properties: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`p${i}`, i])),
        },
      ],
    ],
  ])('refuses %s with 400', async (_what, data) => {
    const clientId = newClientId();
    const res = await send(data, { clientId });
    expect(res.statusCode, res.body).toBe(400);
    expect(await eventsOf(clientId)).toHaveLength(0);
  });

  it('needs the ga_client_id header', async () => {
    const res = await send([event('page_view', 'menu')], { clientId: null });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].code).toBe('CLIENT_ID_REQUIRED');
  });

  it('refuses a body over 64 KB with 413', async () => {
    const big = [{ ...event('page_view', 'menu'), userAgent: 'x'.repeat(400) }];
    const res = await send({ data: big, padding: 'y'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
  });
});

describe('rate limits', () => {
  beforeAll(() => setTracking(true));

  it('a client gets exactly its calls a minute when they arrive together', async () => {
    const clientId = newClientId();
    const address = newAddress();
    const codes = (
      await Promise.all(
        Array.from({ length: EVENT_CALLS_PER_CLIENT_PER_MINUTE + 6 }, () =>
          send([event('page_view', 'menu')], { clientId, address }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(EVENT_CALLS_PER_CLIENT_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    expect(await eventsOf(clientId)).toHaveLength(EVENT_CALLS_PER_CLIENT_PER_MINUTE);
    // another client on the same address is not held up
    expect((await send([event('page_view', 'menu')], { address })).statusCode).toBe(200);
  });

  it('an address making up a new client id per call is stopped at its own limit', async () => {
    const address = newAddress();
    const codes: number[] = [];
    // in parallel waves of 50 (more at once and the load shedding answers 503 first)
    for (let sent = 0; sent < EVENT_CALLS_PER_ADDRESS_PER_MINUTE + 4; sent += 50) {
      const wave = Math.min(50, EVENT_CALLS_PER_ADDRESS_PER_MINUTE + 4 - sent);
      const answers = await Promise.all(
        Array.from({ length: wave }, () => send([event('page_view', 'menu')], { address })),
      );
      codes.push(...answers.map((r) => r.statusCode));
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(EVENT_CALLS_PER_ADDRESS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});

describe('POST fingerprint: coarse device facts', () => {
  const facts = {
    screen: 'small',
    touch: true,
    cores: 8,
    memoryGb: 4,
    utcOffsetMinutes: 330,
    language: 'en',
    standalone: false,
    automated: true,
  };
  const post = (data: unknown, clientId = newClientId()) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.fingerprint,
      payload: { data },
      remoteAddress: newAddress(),
      headers: { [HEADERS.gaClientId]: clientId },
    });

  it('keeps one row a day per client, the latest', async () => {
    const clientId = newClientId();
    expect(json(await post(facts, clientId)).data).toEqual({ stored: true });
    expect(json(await post({ ...facts, automated: false }, clientId)).data).toEqual({ stored: true });
    const rows = await t.database.db
      .select()
      .from(analyticsDeviceFacts)
      .where(eq(analyticsDeviceFacts.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.automated).toBe(false);
  });

  it.each([
    ['a user agent', { ...facts, userAgent: 'Mozilla/5.0' }],
    ['a canvas hash', { ...facts, canvas: 'a1b2c3' }],
    ['an exact screen width', { ...facts, screen: 412 }],
    ['an exact core count', { ...facts, cores: 6 }],
    ['a full language tag', { ...facts, language: 'en-IN' }],
  ])('refuses %s', async (_what, data) => {
    expect((await post(data)).statusCode).toBe(400);
  });
});

describe('the funnel', () => {
  beforeAll(() => setTracking(true));

  it('counts distinct clients per step, per day and per variant, with each variant against C', async () => {
    const day = istDayOf(clock.now());
    const admin = await chainAdmin(t);
    const read = async () => {
      const res = await admin.call('GET', `${CONSOLE_PATHS.analyticsFunnel}?from=${day}&to=${day}`);
      expect(res.statusCode, res.body).toBe(200);
      return FunnelResponseSchema.parse(json(res)).data;
    };
    const before = await read();
    const bucketOf = (r: typeof before, variant: string) =>
      r.range.experiments
        .find((e) => e.experiment === 'funnelTest')
        ?.variants.find((v) => v.variant === variant)?.counts ?? [0, 0, 0, 0, 0, 0];

    const journey = [
      event('page_view', 'landing'),
      event('page_view', 'menu'),
      event('add_to_cart', 'menu', { productId: 'P1' }),
      event('page_view', 'cart'),
      event('checkout_started', 'cart'),
      event('purchase', 'thankyou', { orderId: 'O1', products: 'P1' }),
    ];
    // variant w: two paid (one in two calls, and again: still one client), one left at the menu
    const paid = newClientId();
    await send(journey.slice(0, 3), { clientId: paid, ab: '{"funnelTest":"w"}' });
    await send(journey.slice(3), { clientId: paid, ab: '{"funnelTest":"w"}' });
    await send(journey, { clientId: paid, ab: '{"funnelTest":"w"}' });
    await send(journey, { ab: '{"funnelTest":"w"}' });
    await send(journey.slice(0, 2), { ab: '{"funnelTest":"w"}' });
    // variant C: one deep link straight to the cart, nothing else (counts at landing, menu, add and cart)
    await send([event('page_view', 'cart')], { ab: '{"funnelTest":"C"}' });

    const after = await read();
    expect(after.tracking).toBe(true);
    expect(after.steps).toEqual(['landing', 'menu', 'add', 'cart', 'checkout', 'paid']);
    const diff = (v: string) => bucketOf(after, v).map((n, i) => n - bucketOf(before, v)[i]!);
    expect(diff('w')).toEqual([3, 3, 2, 2, 2, 2]);
    expect(diff('C')).toEqual([1, 1, 1, 1, 0, 0]);
    const experiment = after.range.experiments.find((e) => e.experiment === 'funnelTest')!;
    expect(experiment.reference).toBe('C');
    const w = experiment.variants.find((v) => v.variant === 'w')!;
    expect(w.conversion).toBeCloseTo(2 / 3, 9);
    // 2/3 against 0/1: pooled 2/4, z = (2/3)/√(0.25·(1/3 + 1)) = 1.1547
    expect(w.vsReference!.z).toBeCloseTo(1.1547005, 6);
    expect(w.vsReference!.significant).toBe(false);
    expect(after.days.map((d) => d.day)).toEqual([day]);
    expect(after.days[0]!.counts[0]! - (before.days[0]?.counts[0] ?? 0)).toBe(4);
  });

  it('is for the chain admin only, and refuses a backward or too long range', async () => {
    const manager = await storeStaff(t);
    const refused = await manager.call(
      'GET',
      `${CONSOLE_PATHS.analyticsFunnel}?from=2026-01-01&to=2026-01-02`,
    );
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_PATHS.analyticsFunnel}?from=2026-01-01&to=2026-01-02`,
    });
    expect(anonymous.statusCode).toBe(401);
    const admin = await chainAdmin(t);
    for (const q of [
      'from=2026-01-02&to=2026-01-01',
      'from=2026-01-01&to=2026-04-03',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await admin.call('GET', `${CONSOLE_PATHS.analyticsFunnel}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).errors[0].code).toBe('BAD_RANGE');
    }
  });
});

describe('retention', () => {
  it('the pass deletes events and device facts older than the retention, nothing newer', async () => {
    await setTracking(true);
    const old = newClientId();
    const fresh = newClientId();
    const start = clock.now();
    clock.set(start - (t.config.analyticsRetentionDays + 1) * DAY);
    try {
      await send([event('page_view', 'landing')], { clientId: old });
    } finally {
      clock.set(start);
    }
    await send([event('page_view', 'landing')], { clientId: fresh });
    expect(await eventsOf(old)).toHaveLength(1);
    expect(await t.app.deps.analytics.prune()).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(old)).toHaveLength(0);
    expect(await eventsOf(fresh)).toHaveLength(1);
  });

  it('runs by itself in a process with ANALYTICS_PRUNE_INTERVAL_MS set', async () => {
    const own = settableClock();
    const other = await createGatewayApp(
      { analyticsPruneIntervalMs: 50, analyticsRetentionDays: 1 },
      { seed: true, clock: own.now },
    );
    try {
      const admin = await chainAdmin(other);
      expect((await admin.call('PUT', CONSOLE_PATHS.analyticsTracking, { on: true })).statusCode).toBe(200);
      own.set(Date.now() - 2 * DAY);
      const clientId = newClientId();
      const res = await other.app.inject({
        method: 'POST',
        url: API_PATHS.userActivity,
        payload: { data: [event('page_view', 'landing')] },
        headers: { [HEADERS.gaClientId]: clientId },
      });
      expect(json(res).data.stored).toBe(1);
      own.set(Date.now());
      await expect
        .poll(
          async () =>
            (
              await other.database.db
                .select()
                .from(analyticsEvents)
                .where(eq(analyticsEvents.clientId, clientId))
            ).length,
          { timeout: 5_000 },
        )
        .toBe(0);
    } finally {
      await other.close();
    }
  });
});
