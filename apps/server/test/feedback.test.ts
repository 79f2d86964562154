import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { FEEDBACK_TEXTS } from '@crust/domain/feedback';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import * as orders from '../src/modules/orders/repo.ts';
import { FEEDBACK_SERVER_TEXTS } from '../src/modules/feedback/texts.ts';
import { json } from './helpers.ts';
import { count, customers, newGuest, rows } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { chainAdmin, placeCash, storeStaff } from './tracking-support.ts';
import type { Guest } from './cart-support.ts';

/** Issue 17 §1: ratings of delivered orders, one per order, and the store console's Ratings tab. */
let t: GatewayTestApp;
/** the app's clock runs `offset` ms ahead of the wall clock (tokens keep the wall clock) */
let offset = 0;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => Date.now() + offset });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const newCustomer = customers(() => t);
const COMMENT = 'The pizza came hot and the rider was very polite today.';

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const DELIVERY: [OrderStage, string?][] = [['BEING_BAKED'], ['DISPATCHED', 'Ravi'], ['DELIVERED']];
const PICKUP: [OrderStage, string?][] = [['BEING_BAKED'], ['READY'], ['PICKED_UP']];

/** Moves an order along its stages as the store does. */
async function moveThrough(orderId: string, stages: [OrderStage, string?][]) {
  for (const [to, rider] of stages) {
    const row = (await orders.findOrder(t.database.db, orderId))!;
    await t.app.deps.lifecycle.move('S1001', row, to, rider);
  }
}

/** A cash order of `who` (a new customer by default), delivered (or picked up, for takeaway) unless told otherwise. */
async function delivered(who?: Guest, { deliver = true, storeId = 1001, type = 'D' } = {}) {
  const customer = who ?? (await newCustomer());
  const placed = await placeCash(t, {
    who: { ...customer, headers: { ...customer.headers, storeid: String(storeId), deliverytype: type } },
    details: { deliveryType: type as 'D' | 'T' },
  });
  if (deliver) await moveThrough(placed.orderId, type === 'D' ? DELIVERY : PICKUP);
  return { who: customer, orderId: placed.orderId, mobile: placed.mobile, cart: placed.cart };
}

const accountMobile = async (customerId: string) =>
  (await rows<{ mobile: string }>(t, sql`select mobile from customers where id = ${customerId}`))[0]!.mobile;

/** The in-house CSAT/NPS form, filled in well. */
const inHouse = (orderId: string, change: Record<string, unknown> = {}) => ({
  orderId,
  type: 'NPS',
  medium: 'TRACKER',
  overall: 4,
  food: [],
  delivery: 5,
  comments: { comment: COMMENT, raiseTicket: false },
  orderMode: 'ONLINE',
  tags: ['Tracking Order'],
  ratedTags: ['Good'],
  nps: { score: 9 },
  ...change,
});

const submit = (who: Guest, body: object, url: string = API_PATHS.feedbackSubmit) =>
  call('POST', url, who.headers, body);
const submitted = async (who: Guest, body: object, url?: string) => {
  const res = await submit(who, body, url);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
const orderView = async (who: Guest, orderId: string, mobileNo?: string) => {
  const res = await call(
    'GET',
    `${fillPath(API_PATHS.feedbackOrder, { orderId })}${mobileNo ? `?mobileNo=${mobileNo}` : ''}`,
    who.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};

describe('categories', () => {
  it('are open to anyone: areas, rating and topic tags, the SPEC §9 limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.feedbackCategories });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      areas: ['OVERALL', 'FOOD', 'DELIVERY', 'ORDERING', 'MONEY_VALUE', 'COMMENTS'],
      ratingTags: [
        { rating: 1, label: 'Very Bad' },
        { rating: 2, label: 'Bad' },
        { rating: 3, label: 'Average' },
        { rating: 4, label: 'Good' },
        { rating: 5, label: 'Very Good' },
      ],
      topicTags: ['Payment', 'Offers', 'Location', 'Tracking Order', 'Menu', 'Other'],
      limits: {
        commentMin: 30,
        commentMax: 250,
        ordersDurationSeconds: 5_184_000,
        shownLimitSeconds: 432_000,
      },
    });
  });
});

describe('submitting', () => {
  it('the in-house form rates a delivered order: SUCCESS, one row, the order now rated', async () => {
    const { who, orderId, cart } = await delivered();
    const view = (await orderView(who, orderId)).data;
    expect(view).toMatchObject({ orderMode: 'ONLINE', rateability: 'RATEABLE', rated: false });
    const item = view.items[0];
    expect(cart.validItems.map((i: { product: { code: string } }) => i.product.code)).toContain(
      item.productId,
    );
    const body = inHouse(orderId, {
      food: [
        { productId: item.productId, productName: item.productName, rating: 5, menuCode: item.menuCode },
      ],
    });
    const answer = await submitted(who, body);
    expect(answer).toMatchObject({
      status: 'SUCCESS',
      data: { orderId, processing: 'SUCCESS', ticketOpen: false, message: FEEDBACK_SERVER_TEXTS.thanks },
    });
    const [row] = await rows(t, sql`select * from feedback where order_id = ${orderId}`);
    expect(row).toMatchObject({
      customer_id: who.userId,
      store_id: 1001,
      form: 'IN_HOUSE',
      variant: 'STANDARD',
      order_mode: 'ONLINE',
      overall: 4,
      nps: 9,
      comment: COMMENT,
      state: 'SUBMITTED',
      tags: ['Tracking Order'],
    });
    expect((await orderView(who, orderId)).data.rated).toBe(true);
  });

  it("the simple form (SPEC §3) rates with the account's mobile", async () => {
    const { who, orderId } = await delivered();
    const answer = await submitted(who, {
      email: 'asha@example.com',
      firstName: 'Asha',
      lastName: 'Verma',
      mobileNo: await accountMobile(who.userId),
      feedback: { comment: COMMENT, orderId, rating: 5, tags: ['Menu'] },
    });
    expect(answer.data.processing).toBe('SUCCESS');
    const [row] = await rows(t, sql`select form, overall, nps from feedback where order_id = ${orderId}`);
    expect(row).toEqual({ form: 'SIMPLE', overall: 5, nps: null });
  });

  it('a takeaway order picked up may be rated', async () => {
    const { who, orderId } = await delivered(undefined, { type: 'T' });
    expect((await submitted(who, inHouse(orderId))).status).toBe('SUCCESS');
  });

  it('needs a logged-in customer: a guest or no session is refused (403 LOGIN_REQUIRED)', async () => {
    const { orderId } = await delivered();
    const guest = await newGuest(t);
    expect((await submit(guest, inHouse(orderId))).statusCode).toBe(403);
    const anonymous = await submit({ userId: '', headers: {} }, inHouse(orderId));
    expect(anonymous.statusCode).toBe(403);
    expect(json(anonymous).errors[0].code).toBe('LOGIN_REQUIRED');
    expect(await count(t, sql`select count(*) as n from feedback where order_id = ${orderId}`)).toBe(0);
  });

  it("another customer's order is not found (404), whatever the form; nothing is written", async () => {
    const { orderId, mobile } = await delivered();
    const other = await newCustomer();
    expect((await submit(other, inHouse(orderId))).statusCode).toBe(404);
    // knowing the order's mobile does not open another customer's order
    expect(
      (await submit(other, inHouse(orderId, { orderMode: 'OFFLINE', mobileNo: mobile }))).statusCode,
    ).toBe(404);
    const view = await call('GET', fillPath(API_PATHS.feedbackOrder, { orderId }), other.headers);
    expect(view.statusCode).toBe(404);
    expect(view.body).not.toContain('items');
    expect(await count(t, sql`select count(*) as n from feedback where order_id = ${orderId}`)).toBe(0);
  });

  it("a guest's order is the offline flow: OFFLINE without a mobile, MOBILE_NOT_MATCHED with another, rated with its own", async () => {
    const guest = await newGuest(t);
    const { orderId, mobile } = await delivered(guest);
    const who = await newCustomer();
    expect(await orderView(who, orderId)).toMatchObject({ status: 'FAILED', errors: [{ code: 'OFFLINE' }] });
    expect(await submitted(who, inHouse(orderId))).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'OFFLINE' }],
    });
    const wrong = await submitted(who, inHouse(orderId, { orderMode: 'OFFLINE', mobileNo: '9999999999' }));
    expect(wrong).toMatchObject({
      status: 'FAILED',
      errors: [
        { code: 'MOBILE_NOT_MATCHED', displayMsg: FEEDBACK_SERVER_TEXTS.mobileNotMatched, field: 'mobileNo' },
      ],
    });
    expect((await orderView(who, orderId, mobile)).data).toMatchObject({
      orderMode: 'OFFLINE',
      rateability: 'RATEABLE',
    });
    const ok = await submitted(who, inHouse(orderId, { orderMode: 'OFFLINE', mobileNo: mobile }));
    expect(ok.status).toBe('SUCCESS');
    const [row] = await rows(
      t,
      sql`select order_mode, customer_id from feedback where order_id = ${orderId}`,
    );
    expect(row).toEqual({ order_mode: 'OFFLINE', customer_id: who.userId });
  });

  it("MOBILE_NOT_MATCHED: a mobile that is neither the account's nor the order's", async () => {
    const { who, orderId, mobile } = await delivered();
    const simple = (mobileNo: string) => ({ mobileNo, feedback: { comment: COMMENT, orderId, rating: 4 } });
    expect(await submitted(who, simple('9812345678'))).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'MOBILE_NOT_MATCHED' }],
    });
    expect(await submitted(who, inHouse(orderId, { mobileNo: '9812345678' }))).toMatchObject({
      errors: [{ code: 'MOBILE_NOT_MATCHED' }],
    });
    expect(await count(t, sql`select count(*) as n from feedback where order_id = ${orderId}`)).toBe(0);
    // the order's own mobile is right too
    expect((await submitted(who, simple(mobile))).status).toBe('SUCCESS');
  });

  it('an order not delivered yet, or cancelled, cannot be rated', async () => {
    const who = await newCustomer();
    const { orderId } = await delivered(who, { deliver: false });
    expect(await submitted(who, inHouse(orderId))).toMatchObject({ errors: [{ code: 'NOT_DELIVERED' }] });
    await moveThrough(orderId, [['BEING_BAKED'], ['DISPATCHED', 'Ravi']]);
    expect((await orderView(who, orderId)).data.rateability).toBe('NOT_DELIVERED');
    expect(await submitted(who, inHouse(orderId))).toMatchObject({ errors: [{ code: 'NOT_DELIVERED' }] });
    const cancelled = await delivered(who, { deliver: false });
    const row = (await orders.findOrder(t.database.db, cancelled.orderId))!;
    await t.app.deps.lifecycle.cancel('S1001', row, 'Out of dough');
    expect(await submitted(who, inHouse(cancelled.orderId))).toMatchObject({
      errors: [{ code: 'NOT_DELIVERED' }],
    });
  });

  it('an order may be rated until 60 days after its delivery, not a second later', async () => {
    const { who, orderId } = await delivered();
    const other = await delivered(who);
    const deliveredAt = (await orders.findOrder(t.database.db, orderId))!.deliveredAt!.getTime();
    try {
      offset = deliveredAt + 5_184_000_000 - Date.now() - 5_000;
      expect((await orderView(who, orderId)).data.rateability).toBe('RATEABLE');
      expect((await submitted(who, inHouse(orderId))).status).toBe('SUCCESS');
      offset = deliveredAt + 5_184_000_000 - Date.now() + 10_000;
      expect((await orderView(who, other.orderId)).data.rateability).toBe('WINDOW_CLOSED');
      expect(await submitted(who, inHouse(other.orderId))).toMatchObject({
        errors: [{ code: 'WINDOW_CLOSED', displayMsg: FEEDBACK_SERVER_TEXTS.windowClosed }],
      });
    } finally {
      offset = 0;
    }
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a short comment',
      { comments: { comment: 'Nice', raiseTicket: false } },
      'body.comments.comment',
      FEEDBACK_TEXTS.commentTooShort,
    ],
    [
      'a long comment',
      { comments: { comment: 'x'.repeat(251) } },
      'body.comments.comment',
      FEEDBACK_TEXTS.commentTooLong,
    ],
    ['no NPS', { nps: { score: null } }, 'body.nps.score', FEEDBACK_TEXTS.npsRequired],
    ['no overall rating', { overall: null }, 'body.overall', FEEDBACK_TEXTS.overallRequired],
    ['an offline order without a mobile', { orderMode: 'OFFLINE' }, 'body.mobileNo', 'Enter Mobile Number'],
    [
      'an offline order with 9 digits',
      { orderMode: 'OFFLINE', mobileNo: '987654321' },
      'body.mobileNo',
      'Mobile Number should be of 10 digits',
    ],
  ])('%s is a 400 with the SPEC text', async (_name, change, field, text) => {
    const { who, orderId } = await delivered();
    const res = await submit(who, inHouse(orderId, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).errors).toContainEqual(expect.objectContaining({ field, displayMsg: text }));
    expect(await count(t, sql`select count(*) as n from feedback where order_id = ${orderId}`)).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an NPS of 11', { nps: { score: 11 } }],
    ['an overall of 6', { overall: 6 }],
    ['an unknown tag', { tags: ['Pizza'] }],
    ['an unknown field', { price: 0 }],
  ])('%s is a 400', async (_name, change) => {
    const { who, orderId } = await delivered();
    expect((await submit(who, inHouse(orderId, change))).statusCode).toBe(400);
  });

  it("food ratings must be the order's own products", async () => {
    const { who, orderId } = await delivered();
    const res = await submit(who, inHouse(orderId, { food: [{ productId: 'NOT-IN-ORDER', rating: 3 }] }));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0]).toMatchObject({
      field: 'body.food.0.productId',
      displayMsg: FEEDBACK_SERVER_TEXTS.notInOrder,
    });
  });
});

describe('the order history asks for a rating', () => {
  it('RATE within 5 days of delivery, RATED once rated, nothing after 5 days or before delivery; no field for guests', async () => {
    const who = await newCustomer();
    const rated = await delivered(who);
    const unrated = await delivered(who);
    const moving = await delivered(who, { deliver: false });
    await submitted(who, inHouse(rated.orderId));
    const prompts = async () => {
      const res = await call('GET', API_PATHS.orderHistory, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        json(res).data.orders.map((o: { id: string; feedback: unknown }) => [o.id, o.feedback]),
      );
    };
    expect(await prompts()).toEqual({
      [rated.orderId]: 'RATED',
      [unrated.orderId]: 'RATE',
      [moving.orderId]: null,
    });
    try {
      offset = 5 * DAY + 60_000;
      expect(await prompts()).toEqual({
        [rated.orderId]: 'RATED',
        [unrated.orderId]: null,
        [moving.orderId]: null,
      });
    } finally {
      offset = 0;
    }
    const guest = await newGuest(t);
    await delivered(guest);
    const res = await call('GET', API_PATHS.orderHistory, guest.headers);
    expect(json(res).data.orders[0]).not.toHaveProperty('feedback');
  });
});

describe('one rating per order', () => {
  it('six submits at once make one row: one SUCCESS, five FEEDBACK_EXISTS', async () => {
    const { who, orderId } = await delivered();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => submitted(who, inHouse(orderId, { overall: 1 + (i % 5) }))),
    );
    expect(answers.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 'FAILED');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.errors[0]).toMatchObject({ code: 'FEEDBACK_EXISTS' });
    expect(await count(t, sql`select count(*) as n from feedback where order_id = ${orderId}`)).toBe(1);
    // and later too, by the other form
    const again = await submitted(who, {
      mobileNo: await accountMobile(who.userId),
      feedback: { comment: COMMENT, orderId, rating: 1 },
    });
    expect(again).toMatchObject({ errors: [{ code: 'FEEDBACK_EXISTS' }] });
  });
});

describe('count (SPEC §7 intervalcount)', () => {
  it("counts the caller's ratings in the interval, nobody else's", async () => {
    const who = await newCustomer();
    const countOf = async (interval?: number) => {
      const res = await call(
        'GET',
        `${API_PATHS.feedbackCount}${interval ? `?interval=${interval}` : ''}`,
        who.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return json(res).data;
    };
    expect(await countOf()).toEqual({ interval: 5_184_000, intervalCount: 0 });
    for (let i = 0; i < 2; i++) {
      const { orderId } = await delivered(who);
      await submitted(who, inHouse(orderId));
    }
    await delivered(); // someone else's order, unrated
    expect(await countOf()).toEqual({ interval: 5_184_000, intervalCount: 2 });
    try {
      offset = 2 * DAY;
      expect(await countOf(DAY / 1000)).toEqual({ interval: 86_400, intervalCount: 0 });
      expect(await countOf(3 * (DAY / 1000))).toMatchObject({ intervalCount: 2 });
    } finally {
      offset = 0;
    }
    expect((await call('GET', API_PATHS.feedbackCount, (await newGuest(t)).headers)).statusCode).toBe(403);
    expect((await call('GET', `${API_PATHS.feedbackCount}?interval=-5`, who.headers)).statusCode).toBe(400);
  });
});

describe("the first-time rider's endpoint (FTR)", () => {
  it("takes the customer's first delivered order, the comment optional, and answers a welcome", async () => {
    const who = await newCustomer();
    const first = await delivered(who);
    const second = await delivered(who);
    expect((await orderView(who, first.orderId)).data.firstTime).toBe(true);
    expect((await orderView(who, second.orderId)).data.firstTime).toBe(false);
    const short = { comments: { comment: '', raiseTicket: false } };
    expect(await submitted(who, inHouse(second.orderId, short), API_PATHS.feedbackSubmitFtr)).toMatchObject({
      errors: [{ code: 'NOT_FIRST_ORDER' }],
    });
    // the regular form wants its comment
    expect((await submit(who, inHouse(first.orderId, short))).statusCode).toBe(400);
    const answer = await submitted(who, inHouse(first.orderId, short), API_PATHS.feedbackSubmitFtr);
    expect(answer).toMatchObject({
      status: 'SUCCESS',
      data: { firstTime: true, processing: 'SUCCESS', message: FEEDBACK_SERVER_TEXTS.welcome },
    });
    const [row] = await rows(t, sql`select variant, comment from feedback where order_id = ${first.orderId}`);
    expect(row).toEqual({ variant: 'FTR', comment: '' });
    // the short form still needs the NPS and the overall rating, and a comment given is checked
    const third = await newCustomer();
    const only = await delivered(third);
    for (const change of [
      { ...short, nps: { score: null } },
      { ...short, overall: null },
      { comments: { comment: 'meh' } },
    ])
      expect(
        (await submit(third, inHouse(only.orderId, change), API_PATHS.feedbackSubmitFtr)).statusCode,
      ).toBe(400);
  });
});

describe('low ratings and tickets', () => {
  it('a low rating with raiseTicket opens a ticket (PROCESSING); the store closes it once, with a reply', async () => {
    const { who, orderId } = await delivered();
    const answer = await submitted(
      who,
      inHouse(orderId, { overall: 2, nps: { score: 3 }, comments: { comment: COMMENT, raiseTicket: true } }),
    );
    expect(answer.data).toMatchObject({
      processing: 'PROCESSING',
      ticketOpen: true,
      message: FEEDBACK_SERVER_TEXTS.thanksTicket,
    });
    const staff = await storeStaff(t, 1001);
    const tickets = json(await staff.call('GET', fillPath(CONSOLE_PATHS.consoleTickets, { storeId: 1001 })))
      .data.tickets;
    const mine = tickets.find((x: { orderId: string }) => x.orderId === orderId);
    expect(mine).toMatchObject({ state: 'TICKET_OPEN', overall: 2, nps: 3, reply: null });
    // open tickets come first
    const states = tickets.map((x: { state: string }) => x.state);
    expect(
      states.indexOf('CLOSED') === -1 || states.lastIndexOf('TICKET_OPEN') < states.indexOf('CLOSED'),
    ).toBe(true);

    const close = (reply: string) =>
      staff.call('POST', fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId: mine.feedbackId }), {
        reply,
      });
    const closed = await close('Sorry! We have refunded the delivery charge.');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).data).toMatchObject({
      state: 'CLOSED',
      reply: 'Sorry! We have refunded the delivery charge.',
      closedBy: staff.session.staff.id,
    });
    expect(json(closed).data.closedAt).toEqual(expect.any(String));
    const again = await close('Again');
    expect(again.statusCode).toBe(409);
    expect(json(again).errors[0].code).toBe('TICKET_CLOSED');
  });

  it('two closes at once: one wins, the other is a 409, the first reply stays', async () => {
    const { who, orderId } = await delivered();
    await submitted(who, inHouse(orderId, { overall: 1, comments: { comment: COMMENT, raiseTicket: true } }));
    const id = (await rows<{ id: string }>(t, sql`select id from feedback where order_id = ${orderId}`))[0]!
      .id;
    const [staff, admin] = [await storeStaff(t, 1001), await chainAdmin(t)];
    const url = fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId: id });
    const results = await Promise.all([
      staff.call('POST', url, { reply: 'From the store' }),
      admin.call('POST', url, { reply: 'From the chain' }),
      staff.call('POST', url, { reply: 'From the store again' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = json(results.find((r) => r.statusCode === 200)!).data.reply;
    const [row] = await rows(t, sql`select state, reply from feedback where id = ${id}`);
    expect(row).toEqual({ state: 'CLOSED', reply: winner });
  });

  it('no ticket without raiseTicket, nor for a rating above 2', async () => {
    for (const [overall, raiseTicket] of [
      [1, false],
      [3, true],
    ] as const) {
      const { who, orderId } = await delivered();
      const answer = await submitted(
        who,
        inHouse(orderId, { overall, comments: { comment: COMMENT, raiseTicket } }),
      );
      expect(answer.data).toMatchObject({ processing: 'SUCCESS', ticketOpen: false });
      const [row] = await rows(
        t,
        sql`select state, ticket_opened_at from feedback where order_id = ${orderId}`,
      );
      expect(row).toEqual({ state: 'SUBMITTED', ticket_opened_at: null });
    }
  });

  it("a store's login cannot close another store's ticket, nor a rating with no ticket", async () => {
    const { who, orderId } = await delivered();
    await submitted(who, inHouse(orderId, { overall: 1, comments: { comment: COMMENT, raiseTicket: true } }));
    const id = (await rows<{ id: string }>(t, sql`select id from feedback where order_id = ${orderId}`))[0]!
      .id;
    const other = await storeStaff(t, 3001);
    const res = await other.call('POST', fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId: id }), {
      reply: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).errors[0].code).toBe('NOT_FOUND');
    const plain = await delivered();
    await submitted(plain.who, inHouse(plain.orderId));
    const noTicket = (
      await rows<{ id: string }>(t, sql`select id from feedback where order_id = ${plain.orderId}`)
    )[0]!.id;
    const staff = await storeStaff(t, 1001);
    expect(
      (
        await staff.call('POST', fillPath(CONSOLE_PATHS.consoleTicketClose, { feedbackId: noTicket }), {
          reply: 'x',
        })
      ).statusCode,
    ).toBe(409);
    const [row] = await rows(t, sql`select state from feedback where id = ${id}`);
    expect(row).toEqual({ state: 'TICKET_OPEN' });
  });
});

describe("the store console's ratings", () => {
  /** today in India, YYYY-MM-DD */
  const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

  it("a period's CSAT average, NPS and groups, the newest first; only the login's own store", async () => {
    // store 3001's takeaway orders (open round the clock): only this test rates them
    const url = (storeId: number, from = istToday(), to = istToday()) =>
      `${fillPath(CONSOLE_PATHS.consoleRatings, { storeId })}?from=${from}&to=${to}`;
    const admin = await chainAdmin(t);
    const scores: [number, number][] = [
      [5, 10],
      [4, 9],
      [3, 7],
      [1, 2],
      [2, 8],
    ];
    for (const [overall, nps] of scores) {
      const { who, orderId } = await delivered(undefined, { storeId: 3001, type: 'T' });
      await submitted(who, inHouse(orderId, { overall, nps: { score: nps } }));
    }
    const staff = await storeStaff(t, 3001);
    const res = await staff.call('GET', url(3001));
    expect(res.statusCode, res.body).toBe(200);
    const { summary, recent } = json(res).data;
    // CSAT (5 + 4 + 3 + 1 + 2) / 5 = 3; NPS 2 promoters, 2 passives, 1 detractor of 5: (2 − 1) / 5 = 20
    expect(summary).toEqual({ count: 5, csatAverage: 3, nps: 20, promoters: 2, passives: 2, detractors: 1 });
    expect(recent.map((r: { overall: number }) => r.overall)).toEqual([2, 1, 3, 4, 5]);
    expect(recent[0]).toMatchObject({
      nps: 8,
      comment: COMMENT,
      state: 'SUBMITTED',
      customerName: expect.any(String),
    });
    expect(recent[0].dominosOrderId).toMatch(/^\d{6,8}$/);
    // yesterday has none of them
    const yesterday = new Date(Date.now() + 330 * 60_000 - DAY).toISOString().slice(0, 10);
    const earlier = json(await staff.call('GET', url(3001, yesterday, yesterday))).data.summary;
    expect(earlier).toMatchObject({ count: 0, csatAverage: null, nps: null });

    // a store's login reads only its store; the chain admin any
    const own = await storeStaff(t, 1001);
    const refused = await own.call('GET', url(3001));
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('csatAverage');
    expect((await admin.call('GET', url(3001))).statusCode).toBe(200);
    expect(
      (await own.call('GET', fillPath(CONSOLE_PATHS.consoleTickets, { storeId: 3001 }))).statusCode,
    ).toBe(404);
    // no staff token: 401; a bad period: 400
    expect((await t.app.inject({ method: 'GET', url: url(3001) })).statusCode).toBe(401);
    expect((await staff.call('GET', url(3001, istToday(), '2020-01-01'))).statusCode).toBe(400);
    expect((await staff.call('GET', url(3001, '2026-02-30', istToday()))).statusCode).toBe(400);
  });
});
