import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AdminWidgetResponseSchema,
  AdminWidgetsResponseSchema,
  AlertsResponseSchema,
  InfoIndexResponseSchema,
  InfoPageResponseSchema,
  StaticWidgetResponseSchema,
  WidgetContentResponseSchema,
  WidgetListResponseSchema,
  type AdminWidget,
  type WidgetInput,
} from '@crust/contract/content';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { MARKUP_PROBLEMS } from '@crust/domain/content';
import { CONSOLE_TEXTS } from '../src/modules/staff/texts.ts';
import { CONTENT_TEXTS } from '../src/modules/content/service.ts';
import { json } from './helpers.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { newGuest, rows } from './order-support.ts';
import { chainAdmin, storeStaff } from './tracking-support.ts';

const MIN = 60_000;
/** 27 November 2026, 12:00 IST */
const NOON = Date.parse('2026-11-27T06:30:00Z');
let now = NOON;

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, clock: () => now });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function landing(deliveryType = 'D', placement = 'LANDING') {
  const res = await get(`${API_PATHS.widgets}?placement=${placement}&deliveryType=${deliveryType}`);
  expect(res.statusCode, res.body).toBe(200);
  return WidgetListResponseSchema.parse(json(res)).data.widgets;
}
const landingIds = async (deliveryType = 'D', placement = 'LANDING') =>
  (await landing(deliveryType, placement)).map((w) => w.id);

/** An admin call with the chain admin's token (or another's headers). */
async function admin(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) {
  const h = headers ?? (await chainAdmin(t)).headers;
  return t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
}

const input = (over: Partial<WidgetInput> = {}): WidgetInput => ({
  placement: 'LANDING',
  kind: 'web_view',
  title: 'A test widget',
  subtitle: 'Its line',
  body: 'Its **body**',
  image: null,
  startsAt: null,
  endsAt: null,
  deliveryTypes: ['D', 'P'],
  lang: null,
  platform: null,
  page: null,
  site: null,
  ...over,
});

async function create(over: Partial<WidgetInput> = {}): Promise<AdminWidget> {
  const res = await admin('POST', CONSOLE_PATHS.adminWidgets, input(over));
  expect(res.statusCode, res.body).toBe(200);
  return AdminWidgetResponseSchema.parse(json(res)).data;
}

const edit = (w: AdminWidget, over: Partial<WidgetInput> & { version?: number } = {}) => {
  const { id, placement, kind, title, subtitle, body, image, startsAt, endsAt, deliveryTypes } = w;
  const { lang, platform, page, site, version } = w;
  return admin('PUT', fillPath(CONSOLE_PATHS.adminWidget, { widgetId: id }), {
    ...{ placement, kind, title, subtitle, body, image, startsAt, endsAt, deliveryTypes },
    ...{ lang, platform, page, site, version },
    ...over,
  });
};

const retire = (w: AdminWidget, version = w.version) =>
  admin('POST', fillPath(CONSOLE_PATHS.adminWidgetRetire, { widgetId: w.id }), { version });

async function adminList(): Promise<AdminWidget[]> {
  const res = await admin('GET', CONSOLE_PATHS.adminWidgets);
  expect(res.statusCode, res.body).toBe(200);
  return AdminWidgetsResponseSchema.parse(json(res)).data.widgets;
}

/** A placement's widgets that are not retired, in order: what a reorder must name. */
const orderOf = async (placement = 'LANDING') =>
  (await adminList())
    .filter((w) => w.placement === placement && w.state !== 'retired')
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))
    .map((w) => w.id);

const errorOf = (res: { body: string }) =>
  json<{ errors: { code: string; displayMsg: string }[] }>(res).errors[0]!;

describe('the seeded content', () => {
  it('the landing lists the banners that were in code, in the chain order, each with its content link', async () => {
    const widgets = await landing();
    expect(widgets.map((w) => w.kind)).toEqual([
      'edv',
      'world_pizza_league',
      'offers',
      'favourite',
      'reward',
      'irctc',
      'hygiene',
      'web_view',
    ]);
    expect(widgets.find((w) => w.id === 'edv-199')).toMatchObject({
      title: 'Everyday Value',
      subtitle: 'Any 2 medium pizzas at ₹199 each',
    });
    // SPEC §7: each widget is fetched through links[0].href
    for (const w of widgets) {
      expect(w.links[0]!.href).toBe(fillPath(API_PATHS.widget, { widgetId: w.id }));
      const res = await get(w.links[0]!.href);
      expect(res.statusCode, w.id).toBe(200);
      const content = WidgetContentResponseSchema.parse(json(res)).data;
      expect(content).toMatchObject({ id: w.id, kind: w.kind, title: w.title });
    }
  });

  it("serves a body as the server's own parse, never the source", async () => {
    const res = await get(fillPath(API_PATHS.widget, { widgetId: 'inside-our-kitchens' }));
    const { body } = WidgetContentResponseSchema.parse(json(res)).data;
    expect(body[1]).toMatchObject({ t: 'ul' });
    expect(JSON.stringify(body)).toContain(
      '{"t":"link","v":"hygiene & safety notice","href":"/notification"}',
    );
  });

  it('answers alerts, the cart widget and the info pages', async () => {
    const alerts = AlertsResponseSchema.parse(json(await get(`${API_PATHS.alerts}?deliveryType=D`))).data
      .alerts;
    expect(alerts.map((a) => a.id)).toEqual(['alert-pasta-pizza-party']);
    expect(alerts[0]!.body[0]).toMatchObject({ t: 'p' });

    const cart = StaticWidgetResponseSchema.parse(
      json(await get(`${API_PATHS.staticWidget}?lang=en&platform=PWA&page=cart&deliveryType=D&site=crust`)),
    ).data.widget;
    expect(cart).toMatchObject({ id: 'cart-save-more', kind: 'deals' });

    const index = InfoIndexResponseSchema.parse(json(await get(API_PATHS.infoPages))).data.pages;
    expect(index.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['about', 'allergens', 'contact', 'notification', 'world-pizza-league']),
    );
    for (const p of index) {
      const res = await get(p.links[0]!.href);
      expect(res.statusCode, p.slug).toBe(200);
      expect(InfoPageResponseSchema.parse(json(res)).data.title).toBe(p.title);
    }
    const missing = await get(fillPath(API_PATHS.infoPage, { slug: 'no-such-page' }));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      code: 'PAGE_NOT_FOUND',
      displayMsg: CONTENT_TEXTS.pageNotFound,
    });
  });

  it('answers with an ETag to revalidate: a repeat costs a 304, a change shows at once', async () => {
    const first = await get(`${API_PATHS.widgets}?placement=LANDING&deliveryType=D`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(`${API_PATHS.widgets}?placement=LANDING&deliveryType=D`, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const w = await create({ title: 'Changes the list' });
    const changed = await get(`${API_PATHS.widgets}?placement=LANDING&deliveryType=D`, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect((await retire(w)).statusCode).toBe(200);
  });
});

describe('schedule, targeting, order and retiring', () => {
  it('shows a widget from its start to its end, a minute either side', async () => {
    const startsAt = NOON + 60 * MIN;
    const endsAt = startsAt + 120 * MIN;
    const w = await create({
      title: 'Dinner deal',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    });
    const content = fillPath(API_PATHS.widget, { widgetId: w.id });
    const cases: [number, boolean, AdminWidget['state']][] = [
      [startsAt - MIN, false, 'scheduled'],
      [startsAt, true, 'live'],
      [startsAt + MIN, true, 'live'],
      [endsAt - MIN, true, 'live'],
      [endsAt, false, 'ended'],
      [endsAt + MIN, false, 'ended'],
    ];
    try {
      for (const [at, shown, state] of cases) {
        now = at;
        expect((await landingIds()).includes(w.id), new Date(at).toISOString()).toBe(shown);
        expect((await get(content)).statusCode).toBe(shown ? 200 : 404);
        expect((await adminList()).find((a) => a.id === w.id)?.state).toBe(state);
      }
    } finally {
      now = NOON;
    }
  });

  it('shows a widget only to the delivery types it targets', async () => {
    const w = await create({ title: 'Drive-n-Pick only', deliveryTypes: ['CURB'] });
    expect(await landingIds('CURB')).toContain(w.id);
    expect(await landingIds('D')).not.toContain(w.id);
    expect(await landingIds('IRCTC')).not.toContain(w.id);
    expect((await retire(w)).statusCode).toBe(200);
  });

  it('keeps the order the admin sets; a new widget goes last', async () => {
    const before = await landingIds();
    const w = await create({ title: 'Goes first' });
    expect((await landingIds()).at(-1)).toBe(w.id);
    const all = await orderOf();
    const order = [w.id, ...all.filter((id) => id !== w.id)];
    const res = await admin('PUT', CONSOLE_PATHS.adminWidgetOrder, { placement: 'LANDING', ids: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(await landingIds()).toEqual([w.id, ...before]);
    // a list that is not the placement's (one left out) is refused
    const partial = await admin('PUT', CONSOLE_PATHS.adminWidgetOrder, {
      placement: 'LANDING',
      ids: order.slice(1),
    });
    expect(partial.statusCode).toBe(409);
    expect(errorOf(partial).displayMsg).toBe(CONTENT_TEXTS.listChanged);
    expect((await retire(w)).statusCode).toBe(200);
    expect(await landingIds()).toEqual(before);
  });

  it('hides a retired widget from lists and its link, and the admin still sees it', async () => {
    const w = await create({ title: 'Short lived' });
    expect(await landingIds()).toContain(w.id);
    const res = await retire(w);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminWidgetResponseSchema.parse(json(res)).data).toMatchObject({ state: 'retired', version: 1 });
    expect(await landingIds()).not.toContain(w.id);
    expect((await get(fillPath(API_PATHS.widget, { widgetId: w.id }))).statusCode).toBe(404);
    expect((await adminList()).find((a) => a.id === w.id)).toMatchObject({ state: 'retired' });
  });

  it('matches the cart widget on lang, platform, page, site and delivery type, the most specific first', async () => {
    const ask = (q: string) =>
      get(`${API_PATHS.staticWidget}?${q}`).then(
        (r) => StaticWidgetResponseSchema.parse(json(r)).data.widget?.id ?? null,
      );
    expect(await ask('lang=en&platform=PWA&page=cart&deliveryType=P&site=crust')).toBe('cart-save-more');
    expect(await ask('lang=hi&platform=PWA&page=cart&deliveryType=D&site=crust')).toBeNull();
    expect(await ask('lang=en&platform=PWA&page=checkout&deliveryType=D&site=crust')).toBeNull();
    const specific = await create({
      placement: 'CART',
      kind: 'none',
      title: 'Dine-in at our Pune site',
      deliveryTypes: ['DINEIN'],
      lang: 'en',
      platform: 'PWA',
      page: 'cart',
      site: 'pune',
    });
    expect(await ask('lang=en&platform=PWA&page=cart&deliveryType=DINEIN&site=pune')).toBe(specific.id);
    expect(await ask('lang=en&platform=PWA&page=cart&deliveryType=DINEIN&site=crust')).toBe('cart-save-more');
    expect(await ask('lang=en&platform=PWA&page=cart&deliveryType=D&site=pune')).toBe('cart-save-more');
    expect((await retire(specific)).statusCode).toBe(200);
  });
});

describe('who may change content', () => {
  const w = () => fillPath(CONSOLE_PATHS.adminWidget, { widgetId: 'hygiene' });
  const calls = (): [string, 'GET' | 'POST' | 'PUT', string, object | undefined][] => [
    ['list', 'GET', CONSOLE_PATHS.adminWidgets, undefined],
    ['create', 'POST', CONSOLE_PATHS.adminWidgets, input()],
    ['update', 'PUT', w(), { ...input(), version: 0 }],
    ['retire', 'POST', fillPath(CONSOLE_PATHS.adminWidgetRetire, { widgetId: 'hygiene' }), { version: 0 }],
    [
      'reorder',
      'PUT',
      CONSOLE_PATHS.adminWidgetOrder,
      { placement: 'ALERT', ids: ['alert-pasta-pizza-party'] },
    ],
    ['pages', 'GET', CONSOLE_PATHS.adminInfoPages, undefined],
    ['new page', 'POST', CONSOLE_PATHS.adminInfoPages, { slug: 'refused', title: 'x', body: '' }],
    [
      'edit page',
      'PUT',
      fillPath(CONSOLE_PATHS.adminInfoPage, { slug: 'about' }),
      { title: 'x', body: '', version: 0 },
    ],
  ];

  it('refuses store staff (403), customers and guests (401), and anyone without a token (401)', async () => {
    const store = await storeStaff(t, 1001);
    const guest = await newGuest(t);
    for (const [name, method, url, payload] of calls()) {
      const asStore = await admin(method, url, payload, store.headers);
      expect(asStore.statusCode, `${name} as store staff`).toBe(403);
      expect(errorOf(asStore)).toMatchObject({ code: 'ADMIN_ONLY', displayMsg: CONSOLE_TEXTS.adminOnly });
      expect((await admin(method, url, payload, guest.headers)).statusCode, `${name} as a guest`).toBe(401);
      const customerBearer = { authorization: `Bearer ${guest.headers.sessiontoken}` };
      expect((await admin(method, url, payload, customerBearer)).statusCode, `${name} bearer`).toBe(401);
      expect((await admin(method, url, payload, {})).statusCode, `${name} without a token`).toBe(401);
    }
    // nothing was changed by the refused calls
    const [hygiene] = await rows<{ version: number }>(
      t,
      sql`select version from widgets where id = 'hygiene'`,
    );
    expect(hygiene!.version).toBe(0);
    expect(await rows(t, sql`select slug from info_pages where slug = 'refused'`)).toEqual([]);
  });

  it('lets the chain admin in, and records who changed what', async () => {
    const w = await create({ title: 'By the admin' });
    expect(w).toMatchObject({ createdBy: 'SADMIN', updatedBy: 'SADMIN', state: 'live', version: 0 });
    expect((await retire(w)).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it.each<[string, Partial<WidgetInput>, string]>([
    ['an empty title', { title: '   ' }, 'body.title'],
    ['an unknown placement', { placement: 'POPUP' as 'LANDING' }, 'body.placement'],
    ['an unknown kind', { kind: 'javascript' as 'none' }, 'body.kind'],
    ['no delivery type', { deliveryTypes: [] }, 'body.deliveryTypes'],
    ['an unknown delivery type', { deliveryTypes: ['X' as 'D'] }, 'body.deliveryTypes.0'],
    ['an image from elsewhere', { image: 'https://evil.example/x.png' }, 'body.image'],
    ['an image path that climbs', { image: '/menu-img/../../etc/passwd' }, 'body.image'],
    [
      'an end before the start',
      { startsAt: '2026-12-01T10:00:00+05:30', endsAt: '2026-12-01T09:00:00+05:30' },
      'body.endsAt',
    ],
    ['a start that is not a time', { startsAt: 'tomorrow' }, 'body.startsAt'],
    ['a control character in the body', { body: 'a\u0000b' }, 'body.body'],
    ['a right-to-left override in the title', { title: 'gnp.\u202eexe' }, 'body.title'],
    // issue 28 §9: the tag characters spell a hidden text
    ['tag characters in the title', { title: 'Offer\u{e0049}\u{e0047}\u{e004e}' }, 'body.title'],
    ['a body too long', { body: 'x'.repeat(4001) }, 'body.body'],
    ['a cart key that is not a word', { lang: 'en us' }, 'body.lang'],
  ])('refuses %s', async (_, over, field) => {
    const res = await admin('POST', CONSOLE_PATHS.adminWidgets, input(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ field });
  });

  it('says why an invisible character is refused', async () => {
    const res = await admin('POST', CONSOLE_PATHS.adminWidgets, input({ body: 'pay\u200bment' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).displayMsg).toContain(MARKUP_PROBLEMS.bidi);
  });

  it('keeps HTML, entities and unsafe links an admin types as text', async () => {
    const body =
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1)) &lt;b&gt;';
    const w = await create({ title: '<b onmouseover=alert(1)>Hi</b>', body });
    const res = await get(fillPath(API_PATHS.widget, { widgetId: w.id }));
    const content = WidgetContentResponseSchema.parse(json(res)).data;
    expect(content.title).toBe('<b onmouseover=alert(1)>Hi</b>');
    expect(content.body).toEqual([
      { t: 'p', c: [{ t: 'text', v: '<script>alert(1)</script>' }] },
      { t: 'p', c: [{ t: 'text', v: '<img src=x onerror=alert(1)> [x](javascript:alert(1)) &lt;b&gt;' }] },
    ]);
    expect((await retire(w)).statusCode).toBe(200);
  });
});

describe('concurrent edits', () => {
  it('two edits made on the same version: one lands, the other is told (409), nothing is half-written', async () => {
    const w = await create({ title: 'Original' });
    const [a, b] = await Promise.all([
      edit(w, { title: 'Edit A' }),
      edit(w, { title: 'Edit B', body: 'B body' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(errorOf(loser)).toMatchObject({ code: 'CONTENT_CHANGED', displayMsg: CONTENT_TEXTS.changed });
    const winner = AdminWidgetResponseSchema.parse(json(a.statusCode === 200 ? a : b)).data;
    const stored = (await adminList()).find((x) => x.id === w.id)!;
    expect(stored).toMatchObject({ title: winner.title, body: winner.body, version: 1 });
    // the loser edits again on what it now sees, and lands
    const again = await edit(stored, { title: 'Edit C' });
    expect(again.statusCode).toBe(200);
    expect((await retire(stored)).statusCode).toBe(409);
    expect((await retire(stored, 2)).statusCode).toBe(200);
  });

  it('a reorder racing an edit keeps both', async () => {
    const w = await create({ title: 'Racing' });
    const ids = await orderOf();
    const order = [w.id, ...ids.filter((id) => id !== w.id)];
    const [moved, edited] = await Promise.all([
      admin('PUT', CONSOLE_PATHS.adminWidgetOrder, { placement: 'LANDING', ids: order }),
      edit(w, { title: 'Racing, edited' }),
    ]);
    expect([moved.statusCode, edited.statusCode]).toEqual([200, 200]);
    expect(await orderOf()).toEqual(order);
    const list = await landing();
    expect(list[0]).toMatchObject({ id: w.id, title: 'Racing, edited' });
    expect((await retire(w, 1)).statusCode).toBe(200);
  });

  it('concurrent reorders: each a whole order, the last one stands, no widget lost or doubled', async () => {
    const ids = await orderOf();
    const reversed = [...ids].reverse();
    const results = await Promise.all([
      admin('PUT', CONSOLE_PATHS.adminWidgetOrder, { placement: 'LANDING', ids: reversed }),
      admin('PUT', CONSOLE_PATHS.adminWidgetOrder, { placement: 'LANDING', ids }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = await orderOf();
    expect([ids, reversed]).toContainEqual(after);
    const positions = await rows<{ position: number }>(
      t,
      sql`select position from widgets where placement = 'LANDING' and retired_at is null order by position`,
    );
    expect(positions.map((p) => p.position)).toEqual(ids.map((_, i) => i));
    // the seeded order back, for whoever reads next
    expect(
      (await admin('PUT', CONSOLE_PATHS.adminWidgetOrder, { placement: 'LANDING', ids })).statusCode,
    ).toBe(200);
  });

  it('info pages: an edit on a stale version is refused; a taken slug is refused', async () => {
    const url = fillPath(CONSOLE_PATHS.adminInfoPage, { slug: 'contact' });
    const [a, b] = await Promise.all([
      admin('PUT', url, { title: 'Contact A', body: 'A', version: 0 }),
      admin('PUT', url, { title: 'Contact B', body: 'B', version: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const taken = await admin('POST', CONSOLE_PATHS.adminInfoPages, {
      slug: 'about',
      title: 'Again',
      body: '',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('PAGE_EXISTS');
    const fresh = await admin('POST', CONSOLE_PATHS.adminInfoPages, {
      slug: 'careers',
      title: 'Careers',
      body: 'Join **us**',
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const page = InfoPageResponseSchema.parse(
      json(await get(fillPath(API_PATHS.infoPage, { slug: 'careers' }))),
    ).data;
    expect(page.body).toEqual([
      {
        t: 'p',
        c: [
          { t: 'text', v: 'Join ' },
          { t: 'strong', v: 'us' },
        ],
      },
    ]);
  });
});
