import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { OrderNoticeSchema } from '@crust/contract/notifications';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { newVapidKeys } from '../src/config/push.ts';
import { MAX_SUBSCRIPTIONS_PER_ORDER, OrderNotifications } from '../src/modules/notifications/service.ts';
import { OrderQueries } from '../src/modules/orders/queries.ts';
import { WebPushSender } from '../src/providers/push/web-push.ts';
import { json } from './helpers.ts';
import { count, createOrderApp, lastSms, newGuest, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';

/**
 * Order status notifications (issue 31 §14): a browser subscribes on the thank-you page, and every stage the store
 * moves the order to is pushed to it through a real push protocol exchange: the server signs with VAPID and
 * encrypts with aes128gcm (web-push), the push sandbox checks the token and decrypts (RFC 8291/8292, its own code),
 * so what is read back here is the plaintext a service worker would get. Without a subscription, texts go out.
 */

let t: GatewayTestApp;
let base: string;
beforeAll(async () => {
  t = await createOrderApp();
  // the push sandbox's endpoints are this server's own URL, reached over HTTP as a push service is
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface SandboxSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a browser's pushManager.subscribe would give it, at the push sandbox. */
async function browserSubscription(): Promise<SandboxSubscription> {
  const res = await fetch(`${base}/sandbox/push/subscriptions`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as SandboxSubscription;
}

async function received(subscriptionId: string) {
  const res = await fetch(`${base}/sandbox/push/subscriptions/${subscriptionId}/messages`);
  const { messages } = (await res.json()) as {
    messages: { payload: string; subject: string; ttl: number }[];
  };
  return messages;
}

const noticesOf = async (subscriptionId: string) =>
  (await received(subscriptionId)).map((m) => OrderNoticeSchema.parse(JSON.parse(m.payload)));

function subscribe(
  orderId: string,
  headers: Record<string, string>,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.orderPushSubscriptions, { orderId }),
    headers,
    payload: { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null },
  });
}

async function subscribed(orderId: string, headers: Record<string, string>, sub: SandboxSubscription) {
  const res = await subscribe(orderId, headers, sub);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { id: string } }>(res).data.id;
}

/** The store moves the order, and every notice it starts is sent (or given up) before the test reads. */
async function move(orderId: string, to: 'BEING_BAKED' | 'DISPATCHED' | 'DELIVERED', rider?: string) {
  const staff = await storeStaff(t);
  await staff.move(orderId, to, rider);
  await t.app.deps.notifications.settled();
}

const orderTexts = (mobile: string) =>
  count(
    t,
    sql`select count(*) as n from sandbox_sms where mobile = ${mobile} and body like 'Crust: your order %'`,
  );

describe('the server key and subscriptions', () => {
  it("answers the VAPID public key browsers subscribe with: the configuration's", async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.pushKey });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.publicKey).toBe(t.config.push.vapid!.publicKey);
    expect(Buffer.from(json<{ data: { publicKey: string } }>(res).data.publicKey, 'base64url')).toHaveLength(
      65,
    );
  });

  it("keeps one subscription per browser; someone else's order is not found, a session is needed", async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    const first = await subscribed(placed.orderId, placed.who.headers, sub);
    expect(await subscribed(placed.orderId, placed.who.headers, sub)).toBe(first);
    const stranger = await newGuest(t);
    const theirs = await subscribe(placed.orderId, stranger.headers, sub);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).errors[0].code).toBe('ORDER_NOT_FOUND');
    expect((await subscribe(placed.orderId, {}, sub)).statusCode).toBe(401);
    const dropForeign = await t.app.inject({
      method: 'DELETE',
      url: fillPath(API_PATHS.orderPushSubscription, { orderId: placed.orderId, subscriptionId: first }),
      headers: stranger.headers,
    });
    expect(dropForeign.statusCode).toBe(404);
    expect(
      await count(t, sql`select count(*) as n from push_subscriptions where order_id = ${placed.orderId}`),
    ).toBe(1);
  });

  it.each([
    ['plain http to another machine', 'http://push.example.com/send/abc'],
    ['https to a host that is no push service', 'https://internal.example.com/admin'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
  ])('refuses an endpoint that is %s: the server would call it', async (_what, endpoint) => {
    const placed = await placeCash(t);
    const { keys } = await browserSubscription();
    const res = await subscribe(placed.orderId, placed.who.headers, { endpoint, keys });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].code).toBe('PUSH_ENDPOINT_REFUSED');
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_ORDER} browsers per order, even when a dozen subscribe at once`, async () => {
    const placed = await placeCash(t);
    const { keys } = await browserSubscription();
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/limit-${placed.orderId}-${i}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        subscribe(placed.orderId, placed.who.headers, { endpoint: endpoint(i), keys }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_SUBSCRIPTIONS_PER_ORDER);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => json(r).errors[0].code)).toEqual(
      Array(12 - MAX_SUBSCRIPTIONS_PER_ORDER).fill('PUSH_SUBSCRIPTIONS_FULL'),
    );
    expect(
      await count(t, sql`select count(*) as n from push_subscriptions where order_id = ${placed.orderId}`),
    ).toBe(MAX_SUBSCRIPTIONS_PER_ORDER);
    // a browser already kept may still renew its keys when the order is full
    const keptAt = answers.findIndex((r) => r.statusCode === 200);
    expect(
      (await subscribe(placed.orderId, placed.who.headers, { endpoint: endpoint(keptAt), keys })).statusCode,
    ).toBe(200);
  });

  it('takes the push services browsers use, over https', async () => {
    const placed = await placeCash(t);
    const { keys } = await browserSubscription();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ])
      expect((await subscribe(placed.orderId, placed.who.headers, { endpoint, keys })).statusCode).toBe(200);
    // no stage is moved here: nothing is sent to those hosts
  });
});

describe('each stage, pushed end to end', () => {
  it('reaches the browser as the title and words of its stage, decrypted by the push sandbox', async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    await subscribed(placed.orderId, placed.who.headers, sub);

    await move(placed.orderId, 'BEING_BAKED');
    await move(placed.orderId, 'DISPATCHED', 'Ravi Kumar');
    await move(placed.orderId, 'DELIVERED');

    const [row] = await rows<{ number: number }>(
      t,
      sql`select number from orders where id = ${placed.orderId}`,
    );
    const number = row!.number;
    const url = `/trackOrder?orderHistoryId=${placed.orderId}`;
    expect(await noticesOf(sub.id)).toEqual([
      {
        title: 'Being baked',
        body: `Order ${number} is in the oven.`,
        url,
        tag: placed.orderId,
        stage: 'BEING_BAKED',
      },
      {
        title: 'Out for delivery',
        body: `Ravi Kumar is on the way with order ${number}.`,
        url,
        tag: placed.orderId,
        stage: 'DISPATCHED',
      },
      {
        title: 'Delivered',
        body: `Order ${number} has been delivered. Enjoy your meal!`,
        url,
        tag: placed.orderId,
        stage: 'DELIVERED',
      },
    ]);
    // signed as the configured sender, for an hour
    for (const m of await received(sub.id))
      expect(m).toMatchObject({ subject: t.config.push.subject, ttl: 3600 });
    // pushed, so not texted
    expect(await orderTexts(placed.mobile)).toBe(0);
  });

  it('goes to every browser that subscribed to the order', async () => {
    const placed = await placeCash(t);
    const phone = await browserSubscription();
    const laptop = await browserSubscription();
    await subscribed(placed.orderId, placed.who.headers, phone);
    await subscribed(placed.orderId, placed.who.headers, laptop);
    await move(placed.orderId, 'BEING_BAKED');
    expect((await noticesOf(phone.id)).map((n) => n.title)).toEqual(['Being baked']);
    expect((await noticesOf(laptop.id)).map((n) => n.title)).toEqual(['Being baked']);
  });

  it('drops a subscription the push service answers 410 Gone for; the next stage is texted', async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    await subscribed(placed.orderId, placed.who.headers, sub);
    const gone = await fetch(`${base}/sandbox/push/subscriptions/${sub.id}/gone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gone: true }),
    });
    expect(gone.status).toBe(200);

    await move(placed.orderId, 'BEING_BAKED');
    expect(await received(sub.id)).toEqual([]);
    expect(
      await count(t, sql`select count(*) as n from push_subscriptions where order_id = ${placed.orderId}`),
    ).toBe(0);
    expect(await rows(t, sql`select outcome from order_notices where order_id = ${placed.orderId}`)).toEqual([
      { outcome: 'gone' },
    ]);

    await move(placed.orderId, 'DISPATCHED', 'Ravi Kumar');
    expect(await lastSms(t, placed.mobile)).toMatch(
      /^Crust: your order \d{8} is out for delivery with Ravi\. Track it in the app\.$/,
    );
  });

  it('stops after the customer opts out', async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    const id = await subscribed(placed.orderId, placed.who.headers, sub);
    const out = await t.app.inject({
      method: 'DELETE',
      url: fillPath(API_PATHS.orderPushSubscription, { orderId: placed.orderId, subscriptionId: id }),
      headers: placed.who.headers,
    });
    expect(out.statusCode, out.body).toBe(200);
    await move(placed.orderId, 'BEING_BAKED');
    expect(await received(sub.id)).toEqual([]);
  });
});

describe('by SMS when the order has no push subscription', () => {
  it('texts each stage to the mobile on the order, with the DLT templates', async () => {
    const placed = await placeCash(t);
    await move(placed.orderId, 'BEING_BAKED');
    expect(await lastSms(t, placed.mobile)).toMatch(
      /^Crust: your order \d{8} is being baked\. Track it in the app\.$/,
    );
    // the rider's first name: a DLT value is at most 30 characters
    await move(placed.orderId, 'DISPATCHED', 'Sunita Devi');
    expect(await lastSms(t, placed.mobile)).toMatch(
      /^Crust: your order \d{8} is out for delivery with Sunita\. Track it in the app\.$/,
    );
    await move(placed.orderId, 'DELIVERED');
    expect(await lastSms(t, placed.mobile)).toMatch(
      /^Crust: your order \d{8} has been delivered\. Enjoy your meal!$/,
    );
    expect(await orderTexts(placed.mobile)).toBe(3);
  });

  it('never holds up or fails the move when the text cannot be sent', async () => {
    const placed = await placeCash(t);
    // a provider that refuses the text (as SmsProvider.send throws an SmsError)
    {
      const failing = new OrderNotifications({
        db: t.database.db,
        orders: new OrderQueries(t.database.db),
        push: new WebPushSender(t.config.push, t.app.log),
        sms: {
          send: () => Promise.reject(new Error('provider down')),
        },
        config: t.config.push,
        log: t.app.log,
      });
      const order = (await new OrderQueries(t.database.db).find(placed.orderId))!;
      // after() returns at once and throws nothing; the failure is logged and the notice marked failed
      expect(failing.follow().after!({ kind: 'moved', order, to: 'BEING_BAKED' })).toBeUndefined();
      await failing.settled();
      expect(
        await rows(t, sql`select outcome from order_notices where order_id = ${placed.orderId}`),
      ).toEqual([{ outcome: 'failed' }]);
    }
  });
});

describe('exactly once per stage and browser', () => {
  it('sends nothing more when the event is told again, or told to two processes at once', async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    await subscribed(placed.orderId, placed.who.headers, sub);
    const textless = await placeCash(t);
    await move(placed.orderId, 'BEING_BAKED');
    await move(textless.orderId, 'BEING_BAKED');

    // a second process's follower, on the same database
    const other = new OrderNotifications({
      db: t.database.db,
      orders: new OrderQueries(t.database.db),
      push: new WebPushSender(t.config.push, t.app.log),
      sms: t.app.deps.sms,
      config: t.config.push,
      log: t.app.log,
    });
    const queries = new OrderQueries(t.database.db);
    for (const orderId of [placed.orderId, textless.orderId]) {
      const order = (await queries.find(orderId))!;
      const event = { kind: 'moved', order, to: 'BEING_BAKED' } as const;
      // told again here, and at the same moment in the other process
      void t.app.deps.notifications.follow().after!(event);
      void other.follow().after!(event);
      void other.follow().after!(event);
    }
    await Promise.all([t.app.deps.notifications.settled(), other.settled()]);
    expect(await received(sub.id)).toHaveLength(1);
    expect(await orderTexts(textless.mobile)).toBe(1);
  });

  it('sends a stage that is told for the first time in two processes at once exactly once', async () => {
    const placed = await placeCash(t);
    const sub = await browserSubscription();
    await subscribed(placed.orderId, placed.who.headers, sub);
    const followers = [0, 1, 2].map(
      () =>
        new OrderNotifications({
          db: t.database.db,
          orders: new OrderQueries(t.database.db),
          push: new WebPushSender(t.config.push, t.app.log),
          sms: t.app.deps.sms,
          config: t.config.push,
          log: t.app.log,
        }),
    );
    const order = (await new OrderQueries(t.database.db).find(placed.orderId))!;
    for (const f of followers) void f.follow().after!({ kind: 'moved', order, to: 'BEING_BAKED' });
    await Promise.all(followers.map((f) => f.settled()));
    expect(await received(sub.id)).toHaveLength(1);
  });
});

describe('the push sandbox checks what a push service and a browser would', () => {
  async function sendRaw(sub: SandboxSubscription, options: webpush.RequestOptions, keys = sub.keys) {
    const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys }, 'hello', {
      contentEncoding: 'aes128gcm',
      TTL: 60,
      ...options,
    });
    return fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body,
    });
  }
  const vapid = (audienceKeys = newVapidKeys()) => ({
    vapidDetails: { subject: 'mailto:ops@example.com', ...audienceKeys },
  });

  it('takes a message signed and encrypted for the subscription: 201 Created, kept decrypted', async () => {
    const sub = await browserSubscription();
    const res = await sendRaw(sub, vapid());
    expect(res.status).toBe(201);
    expect((await received(sub.id)).map((m) => m.payload)).toEqual(['hello']);
  });

  it('refuses a message without VAPID (401), or with a token signed by another key than k= (403)', async () => {
    const sub = await browserSubscription();
    const unsigned = webpush.generateRequestDetails(sub, 'hello', { contentEncoding: 'aes128gcm' });
    const res = await fetch(unsigned.endpoint, {
      method: 'POST',
      headers: unsigned.headers as Record<string, string>,
      body: unsigned.body,
    });
    expect(res.status).toBe(401);

    const signed = webpush.generateRequestDetails(sub, 'hello', { contentEncoding: 'aes128gcm', ...vapid() });
    const headers = signed.headers as Record<string, string>;
    const forged = headers.Authorization!.replace(/k=[A-Za-z0-9_-]+/, `k=${newVapidKeys().publicKey}`);
    const res2 = await fetch(signed.endpoint, {
      method: 'POST',
      headers: { ...headers, Authorization: forged },
      body: signed.body,
    });
    expect(res2.status).toBe(403);
    expect(await received(sub.id)).toEqual([]);
  });

  it('refuses a message encrypted to another browser’s keys (400)', async () => {
    const sub = await browserSubscription();
    const someoneElse = await browserSubscription();
    const res = await sendRaw(sub, vapid(), someoneElse.keys);
    expect(res.status).toBe(400);
    expect(await received(sub.id)).toEqual([]);
  });

  it('answers 404 for a subscription it never made', async () => {
    const sub = await browserSubscription();
    const res = await sendRaw({ ...sub, endpoint: `${base}/sandbox/push/send/AAAAAAAAAAAAAAAA` }, vapid());
    expect(res.status).toBe(404);
  });
});
