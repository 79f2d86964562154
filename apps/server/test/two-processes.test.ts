import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmOrderResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { StoreInfoResponseSchema } from '@crust/contract/stores';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { StaffIssuedResponseSchema } from '@crust/contract/back-office';
import { REPORT_PATHS, SalesReportResponseSchema } from '@crust/contract/reports';
import { SAVED_ADDRESSES_MAX } from '@crust/domain/constants';
import { istDayOf } from '@crust/domain/report-periods';
import type { Tracker } from '@crust/contract/tracking';
import { walletBalance } from '@crust/domain/wallet-ledger';
import { openDatabase, type Database } from '../src/db/client.ts';
import { PASSWORD_ATTEMPTS } from '../src/modules/auth/limits.ts';
import { UPI_VERIFIES_PER_SESSION } from '../src/modules/paytm/limits.ts';
import { TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR } from '../src/modules/tracking/limits.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { MAX_SUBSCRIPTIONS_PER_ORDER } from '../src/modules/notifications/service.ts';
import { newGuest, pizza, side, BREADSTICKS, FARMHOUSE, SIZE } from './cart-support.ts';
import { cartStorm } from './cart-storm.ts';
import { json, scratchDatabase } from './helpers.ts';
import { REDIS_URL, twoProcessesUnavailable } from './two-process-support.ts';
import { freePort, overHttp, startServer, type LiveServer } from './live-server.ts';
import { checkout, customers, gatewayOrderIdOf, ok, orderClient } from './order-support.ts';
import { upiOrder, upiVerifyRaw } from './paytm-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { readEvents } from './sse-reader.ts';
import { chainAdmin, placeCash, readTracker, staffClient, storeStaff } from './tracking-support.ts';

/**
 * Issue 12 §4 (decision 012): two real server processes on one PostgreSQL database and one Redis, every storm
 * split between them. Once per run: in the PostgreSQL project (CI sets DATABASE_URL), with Redis at REDIS_URL
 * or 127.0.0.1:6379.
 */
const whyNot = await twoProcessesUnavailable();

interface Request {
  method: string;
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}
interface Injector {
  inject(request: Request): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}
const send = (t: GatewayTestApp, request: Request) => (t.app as unknown as Injector).inject(request);

/** The test clients speak app.inject; over HTTP a client address becomes X-Forwarded-For (TRUST_PROXY=loopback). */
function clientOf(server: LiveServer): GatewayTestApp {
  const http = overHttp(() => server).app as unknown as Injector;
  const inject = ({ remoteAddress, ...request }: Request) =>
    http.inject({
      ...request,
      headers: { ...(remoteAddress ? { 'x-forwarded-for': remoteAddress } : {}), ...request.headers },
    });
  return { app: { inject } } as unknown as GatewayTestApp;
}

let servers: LiveServer[] = [];
let a: GatewayTestApp;
let b: GatewayTestApp;
let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (whyNot) return;
  const scratch = await scratchDatabase('crust_two');
  dropDatabase = scratch.drop;
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL,
    // this run's own part of the Redis: two runs at once must not share rate limits or hear each other's changes
    REDIS_KEY_PREFIX: `crust-test-${randomBytes(6).toString('hex')}:`,
    SESSION_SECRET: `two-processes-${randomBytes(16).toString('hex')}`,
    SEED: 'true',
    TRUST_PROXY: 'loopback',
  };
  // one after the other: the first migrates and seeds a fresh database, the second finds it done
  const first = await startServer(await freePort(), env);
  servers.push(first);
  servers.push(await startServer(await freePort(), env));
  a = clientOf(first);
  b = clientOf(servers[1]!);
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', migrate: false });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await database?.close();
  await dropDatabase();
});

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
/** One OTP client for the file: each gets its own run of fresh mobiles and addresses. */
const newCustomer = customers(() => a);
const both = <T>(n: number, call: (t: GatewayTestApp, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 === 0 ? a : b, i)));
const parsed = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ConfirmOrderResponseSchema.parse(json(res));
};

describe.skipIf(whyNot !== null)(
  `two server processes, one database, one Redis${whyNot ? ` (skipped: ${whyNot})` : ''}`,
  () => {
    it('the same Idempotency-Key confirmed at both at once makes one order and one payment', async () => {
      const who = await newCustomer();
      const cart = await orderClient(a, who).cart();
      const body = orderClient(a, who).body(cart, { primaryPaymentId: 'CC' });
      const key = randomUUID();
      const answers = (await both(20, (t) => orderClient(t, who).confirmRaw(body, key))).map(parsed);
      const first = ok(answers[0]!);
      expect(first.nextAction).toBe('PROCESS_PAYMENT');
      for (const answer of answers) expect(ok(answer)).toEqual(first);
      const orders = await rows<{ id: string }>(sql`select id from orders where cart_id = ${cart.cartId}`);
      expect(orders).toEqual([{ id: first.orderId }]);
      const payments = await rows<{ n: number }>(
        sql`select count(*)::int as n from payments where order_id = ${first.orderId}`,
      );
      const gatewayOrders = await rows<{ n: number }>(
        sql`select count(*)::int as n from pg_orders where receipt = ${first.orderId}`,
      );
      expect([payments[0]!.n, gatewayOrders[0]!.n]).toEqual([1, 1]);
    });

    it('thirty writes at once on one cart, split between both, all succeed and land', async () => {
      const guest = await newGuest(a);
      await cartStorm(guest, (i) => (i % 2 === 0 ? a : b));
    });

    it('a changed cart whose open order is replaced at both at once ends in one new order, no error to any', async () => {
      const who = await newCustomer();
      const c = orderClient(a, who);
      const cart = await c.cart();
      const first = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
      const changed = c.carts.ok(await c.carts.add(cart.cartId, side(BREADSTICKS)));
      const body = c.body(changed, { primaryPaymentId: 'CC' });
      const answers = (await both(8, (t) => orderClient(t, who).confirmRaw(body))).map(parsed).map(ok);
      const ids = new Set(answers.map((r) => r.orderId));
      expect(ids.size).toBe(1);
      expect(ids.has(first.orderId)).toBe(false);
      expect(answers.every((r) => r.amountPaise === changed.price)).toBe(true);
      const orders = await rows<{ status: string }>(
        sql`select status from orders where cart_id = ${cart.cartId} order by created_at`,
      );
      expect(orders.map((o) => o.status)).toEqual(['failed', 'payment_pending']);
    });

    it('a once-per-customer coupon confirmed on four carts across both is redeemed once', async () => {
      const who = await newCustomer();
      const c = orderClient(a, who);
      const carts = [await c.cart(), await c.cart(), await c.cart(), await c.cart()];
      for (const cart of carts) c.carts.ok(await c.carts.apply(cart.cartId, 'ONCE50'));
      const priced = await Promise.all(carts.map((x) => c.carts.get(x.cartId)));
      for (const p of priced) expect(p.appliedPromo?.code).toBe('ONCE50');
      const answers = (
        await both(priced.length, (t, i) =>
          orderClient(t, who).confirmRaw(c.body(priced[i]!, { primaryPaymentId: 'CC' })),
        )
      ).map(parsed);
      const redemptions = await rows<{ order_id: string }>(
        sql`select order_id from coupon_redemptions where code = 'ONCE50' and customer_id = ${who.userId}`,
      );
      expect(redemptions).toHaveLength(1);
      const kept = await rows<{ n: number }>(
        sql`select count(*)::int as n from orders where owner_id = ${who.userId} and promo_code = 'ONCE50'
          and status in ('payment_pending', 'placed')`,
      );
      expect(kept).toEqual([{ n: 1 }]);
      expect(answers.filter((x) => x.status === 'SUCCESS').map((x) => ok(x).orderId)).toEqual([
        redemptions[0]!.order_id,
      ]);
    });

    it('wallet-only orders racing across both spend the balance at most once: never below 0, equal to its ledger', async () => {
      const who = await newCustomer();
      const c = orderClient(a, who);
      const items = [pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS)];
      const carts = await Promise.all(Array.from({ length: 6 }, () => c.cart(items)));
      const price = carts[0]!.price;
      // room for two of the six orders and a half
      const credit = Math.floor(price * 2.5);
      const [customer] = await rows<{ mobile: string }>(
        sql`select mobile from customers where id = ${who.userId}`,
      );
      const topUp = await a.app.inject({
        method: 'POST',
        url: '/sandbox/wallet/credit',
        payload: { mobile: customer!.mobile, amountPaise: credit },
      });
      expect(topUp.statusCode, topUp.body).toBe(200);
      const answers = (
        await both(carts.length, (t, i) =>
          orderClient(t, who).confirmRaw(
            c.body(carts[i]!, { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' }),
          ),
        )
      ).map(parsed);
      const placed = answers.filter((x) => x.status === 'SUCCESS' && x.data.nextAction === 'THANKYOU');
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(placed.length).toBeLessThanOrEqual(2);
      const wallet = new WalletService(database.db);
      const cached = await wallet.balance(who.userId);
      expect(cached).toBeGreaterThanOrEqual(0);
      expect(cached).toBe(walletBalance(await wallet.ledger(who.userId)).available);
      expect(cached).toBe(credit - placed.length * price);
    });

    it('free pizzas confirmed on four carts across both spend 600 points once', async () => {
      const who = await newCustomer();
      const [customer] = await rows<{ mobile: string }>(
        sql`select mobile from customers where id = ${who.userId}`,
      );
      const grant = await a.app.inject({
        method: 'POST',
        url: '/sandbox/loyalty/goodwill',
        payload: { mobile: customer!.mobile, points: 600 },
      });
      expect(grant.statusCode, grant.body).toBe(200);
      const c = orderClient(a, who);
      const free = { ...pizza(FARMHOUSE, SIZE.R), menuType: 'LOYALTY' as const };
      const carts = await Promise.all(Array.from({ length: 4 }, () => c.cart([free, side(BREADSTICKS)])));
      const answers = (
        await both(carts.length, (t, i) =>
          orderClient(t, who).confirmRaw(c.body(carts[i]!, { primaryPaymentId: 'CC' })),
        )
      ).map(parsed);
      expect(answers.filter((x) => x.status === 'SUCCESS')).toHaveLength(1);
      for (const refused of answers.filter((x) => x.status === 'FAILED'))
        expect(refused.errors?.[0]?.code).toBe('LOYALTY_POINTS');
      const spent = await rows<{ n: number }>(
        sql`select count(*)::int as n from loyalty_points where customer_id = ${who.userId} and kind = 'redeem'`,
      );
      expect(spent).toEqual([{ n: 1 }]);
    });

    it('the loyalty credit job run by both at once credits each due earning once', async () => {
      const due = await Promise.all(Array.from({ length: 5 }, () => newCustomer()));
      for (const [i, who] of due.entries())
        await database.db.execute(
          sql`insert into loyalty_points (customer_id, kind, ref, points, earn_day, credit_due_at, at)
              values (${who.userId}, 'earn_pending', ${`O-two-${i}`}, 100, now(), now() - interval '1 hour', now())`,
        );
      const passes = await both(10, (t) =>
        t.app.inject({ method: 'POST', url: '/sandbox/loyalty/credit', payload: {} }),
      );
      const credited = passes.reduce((n, res) => {
        expect(res.statusCode, res.body).toBe(200);
        return n + (json<{ credited: number }>(res).credited ?? 0);
      }, 0);
      const ids = due.map((w) => w.userId);
      const rowsCredited = await rows<{ n: number }>(
        sql`select count(*)::int as n from loyalty_points where kind = 'earn_credited'
            and customer_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      expect(rowsCredited).toEqual([{ n: 5 }]);
      // other earnings (earlier tests' orders) may fall due too; these five are credited once in all
      expect(credited).toBeGreaterThanOrEqual(5);
    });

    it('the guest-session limit of one address holds across both (counted in Redis)', async () => {
      // an address no earlier run has counted in Redis (its window is a minute)
      const address = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const statuses = await both(80, (t) =>
        send(t, { method: 'POST', url: API_PATHS.anonymousSession, payload: {}, remoteAddress: address }),
      );
      const codes = statuses.map((r) => r.statusCode);
      // SESSION_RATE_LIMIT is 30 a minute: each process alone would let 30 through, 60 in all
      expect(codes.filter((s) => s === 200)).toHaveLength(30);
      expect(codes.filter((s) => s === 429)).toHaveLength(50);
    });

    it(`a customer's ${SAVED_ADDRESSES_MAX}-address cap holds across both: eight saves at once leave ${SAVED_ADDRESSES_MAX}`, async () => {
      const who = await newCustomer();
      const answers = await both(8, (t, i) =>
        send(t, {
          method: 'POST',
          url: API_PATHS.addresses,
          headers: who.headers,
          payload: {
            type: 'Home',
            fName: 'Asha',
            lName: 'Rao',
            mobNo: '9876543210',
            houseNo: String(i + 1),
            address: '5th Cross, Jyoti Nivas Road',
            locality: 'Koramangala 5th Block',
            city: 'Bengaluru',
            latitude: 12.9352,
            longitude: 77.6245,
          },
        }),
      );
      const statuses = answers.map((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return json<{ status: string }>(r).status;
      });
      expect(statuses.filter((s) => s === 'SUCCESS')).toHaveLength(SAVED_ADDRESSES_MAX);
      const [saved] = await rows<{ n: number | string }>(
        sql`select count(*) as n from addresses where customer_id = ${who.userId}`,
      );
      expect(Number(saved!.n)).toBe(SAVED_ADDRESSES_MAX);
    });

    it('the UPI verify limit of one session holds across both (counted in the database)', async () => {
      const who = await newGuest(a);
      const { transactionId } = await upiOrder(a, who);
      const address = `2001:db8::5:${randomBytes(2).toString('hex')}`;
      const answers = await both(UPI_VERIFIES_PER_SESSION + 10, (t, i) =>
        upiVerifyRaw(
          t,
          who,
          { vpa: `98${String(i).padStart(8, '0')}@paytm`, orderTransactionId: transactionId },
          address,
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      // each process alone would let 10 through, 20 in all
      expect(codes.filter((s) => s === 200)).toHaveLength(UPI_VERIFIES_PER_SESSION);
      expect(codes.filter((s) => s === 429)).toHaveLength(10);
    });

    it('a stranger’s wrong staff passwords from one address, split across both, are checked 5 times and keep only that address out', async () => {
      const stranger = `2001:db8::7:${randomBytes(2).toString('hex')}`;
      const login = (t: GatewayTestApp, password: string, remoteAddress: string) =>
        send(t, {
          method: 'POST',
          url: CONSOLE_PATHS.staffLogin,
          payload: { username: 'store1005', password },
          remoteAddress,
        });
      const answers = await both(8, (t, i) => login(t, `guess-${i}`, stranger));
      const codes = answers.map((r) => r.statusCode);
      // each process alone would check 5, 8 in all
      expect(codes.filter((s) => s === 401)).toHaveLength(PASSWORD_ATTEMPTS);
      expect(codes.filter((s) => s === 429)).toHaveLength(8 - PASSWORD_ATTEMPTS);
      expect((await login(b, 'pizza1005', stranger)).statusCode).toBe(429);
      const tablet = `2001:db8::8:${randomBytes(2).toString('hex')}`;
      expect((await login(a, 'pizza1005', tablet)).statusCode).toBe(200);
    });

    it('a stranger’s "track your order" misses for one mobile from one address, split across both, count 10', async () => {
      const placed = await placeCash(a);
      const [order] = await rows<{ number: number }>(
        sql`select number from orders where id = ${placed.orderId}`,
      );
      const lookup = (t: GatewayTestApp, orderNumber: string, remoteAddress: string) =>
        send(t, {
          method: 'POST',
          url: API_PATHS.trackLookup,
          payload: { mobile: placed.mobile, orderNumber },
          remoteAddress,
        });
      const stranger = `2001:db8::9:${randomBytes(2).toString('hex')}`;
      const answers = await both(16, (t, i) => lookup(t, String(10_000_000 + i * 7919 + 1), stranger));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 404)).toHaveLength(TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR);
      expect(codes.filter((s) => s === 429)).toHaveLength(16 - TRACK_LOOKUPS_PER_MOBILE_PER_ADDRESS_PER_HOUR);
      const owner = `2001:db8::a:${randomBytes(2).toString('hex')}`;
      expect((await lookup(b, String(order!.number), owner)).statusCode).toBe(200);
    });

    it('a store going offline on one process is seen at once on the other (its cached store list is dropped)', async () => {
      const info = async (t: GatewayTestApp) => {
        const res = await t.app.inject({
          method: 'POST',
          url: API_PATHS.storeInfo,
          payload: { storeId: 3001 },
        });
        return StoreInfoResponseSchema.parse(json(res)).data?.online;
      };
      expect(await info(a)).toBe(1);
      const admin = await chainAdmin(b);
      const set = async (online: boolean) => {
        const res = await admin.call('POST', fillPath(CONSOLE_PATHS.consoleOnline, { storeId: 3001 }), {
          online,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await set(false);
      try {
        // well inside the store list's 15 s life: only the invalidation can explain it
        await expect.poll(() => info(a), { timeout: 60_000, interval: 100 }).toBe(0);
      } finally {
        await set(true);
      }
      await expect.poll(() => info(a), { timeout: 60_000, interval: 100 }).toBe(1);
    });

    it('a pizza the chain admin publishes on one process is on the other’s menu at once (its cached menu dropped)', async () => {
      const menuCodes = async (t: GatewayTestApp) => {
        const res = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId: 1001 }) });
        expect(res.statusCode, res.body).toBe(200);
        return json<{ data: { products: { menuCode: string }[] } }>(res).data.products.map((p) => p.menuCode);
      };
      const code = 'PIZ0980';
      expect(await menuCodes(a)).not.toContain(code); // cached on a now, for 30 s
      const admin = await chainAdmin(b);
      const call = async (method: 'POST' | 'PUT', url: string, body: object) => {
        const res = await admin.call(method, url, body);
        expect(res.statusCode, res.body).toBe(200);
        return json<{ data: { product: { version: number } } }>(res).data.product;
      };
      await call('POST', CONSOLE_PATHS.menuProducts, {
        code,
        name: 'Two Process Tikka',
        foodType: 'VEG',
        productType: 'PIZZA',
        categoryIds: [2],
      });
      await call('POST', fillPath(CONSOLE_PATHS.menuProductVariants, { productCode: code }), {
        crustId: 1,
        sizeId: 1,
        pricePaise: 19_900,
      });
      const ready = await call(
        'PUT',
        fillPath(CONSOLE_PATHS.menuNutrition, { productCode: code, sizeId: 1 }),
        {
          servingSizeG: 240,
          energyKcal: 600,
          proteinG: 24,
          carbohydrateG: 75,
          sugarG: 8,
          fatG: 21,
          sodiumMg: 1100,
          allergens: ['GLUTEN', 'MILK'],
        },
      );
      await call('POST', fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: code }), {
        version: ready.version,
        status: 'PUBLISHED',
      });
      // well inside the menu cache's 30 s life: only the invalidation can explain it
      await expect.poll(() => menuCodes(a), { timeout: 10_000, interval: 100 }).toContain(code);
    });

    it('a product the chain admin takes off a store on one process leaves that store’s menu on the other at once', async () => {
      const menuCodes = async (t: GatewayTestApp) => {
        const res = await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId: 1002 }) });
        expect(res.statusCode, res.body).toBe(200);
        return json<{ data: { products: { menuCode: string }[] } }>(res).data.products.map((p) => p.menuCode);
      };
      expect(await menuCodes(a)).toContain('PIZ0102'); // cached on a now, for 30 s
      const admin = await chainAdmin(b);
      const res = await admin.call(
        'PUT',
        fillPath(CONSOLE_PATHS.menuProductStore, { productCode: 'PIZ0102', storeId: 1002 }),
        { available: false },
      );
      expect(res.statusCode, res.body).toBe(200);
      // well inside the menu cache's 30 s life: only the invalidation can explain it
      await expect.poll(() => menuCodes(a), { timeout: 10_000, interval: 100 }).not.toContain('PIZ0102');
    });

    it(`a dozen browsers subscribing to one order's notifications across both keep at most ${MAX_SUBSCRIPTIONS_PER_ORDER}`, async () => {
      const placed = await placeCash(a);
      const ecdh = createECDH('prime256v1');
      const keys = { p256dh: ecdh.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
      const answers = await both(12, (t, i) =>
        send(t, {
          method: 'POST',
          url: fillPath(API_PATHS.orderPushSubscriptions, { orderId: placed.orderId }),
          headers: placed.who.headers,
          payload: {
            endpoint: `https://fcm.googleapis.com/fcm/send/two-${placed.orderId}-${i}`,
            keys,
            expirationTime: null,
          },
        }),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_SUBSCRIPTIONS_PER_ORDER);
      const kept = await rows<{ n: number }>(
        sql`select count(*)::int as n from push_subscriptions where order_id = ${placed.orderId}`,
      );
      expect(kept).toEqual([{ n: MAX_SUBSCRIPTIONS_PER_ORDER }]);
    });

    it('a tracker following an order on one process hears the moves the store makes on the other', async () => {
      const placed = await placeCash(a);
      const { eventsUrl } = await readTracker(a, placed.orderId, { headers: placed.who.headers });
      const stream = readEvents(servers[0]!.base + eventsUrl);
      try {
        const stageOf = async () => {
          const e = await stream.next();
          expect(e.event).toBe('tracker');
          return (e.data as Tracker).tracker.stage;
        };
        expect(await stageOf()).toBe('CONFIRMED');
        const staff = await storeStaff(b, 1001);
        await staff.move(placed.orderId, 'BEING_BAKED');
        expect(await stageOf()).toBe('BEING_BAKED');
        await staff.move(placed.orderId, 'DISPATCHED', 'Ravi');
        expect(await stageOf()).toBe('DISPATCHED');
      } finally {
        stream.close();
      }
    });

    it('callbacks and status calls for an order paid twice, split between both, refund the second capture once', async () => {
      const c = orderClient(a, await newGuest(a));
      const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
      const gatewayOrderId = gatewayOrderIdOf(result);
      const { pg } = checkout(() => a);
      const card = await pg.cardToOtp(gatewayOrderId);
      const upi = pg.paymentIdOf(
        await pg.post(`/sandbox/pg/pay/${gatewayOrderId}/upi_collect`, { vpa: 'asha@okaxis' }),
      );
      await pg.post(`/sandbox/pg/upi/collect/${upi}`, { decision: 'approve' });
      const callbacks = [
        String((await pg.submitOtp(card, '123456')).headers.location),
        String((await pg.get(`/sandbox/pg/payments/${upi}`)).headers.location),
      ];
      const storm = () =>
        both(24, async (t, i): Promise<unknown> =>
          i % 3 === 2
            ? orderClient(t, c.who).status(result.transactionId)
            : send(t, { method: 'GET', url: callbacks[i % 2]! }),
        );
      await storm();
      await storm();
      const refunds = () =>
        rows<{ payment_id: string; receipt: string }>(
          sql`select payment_id, receipt from pg_refunds where payment_id in (${card}, ${upi})`,
        );
      const [payment] = await rows<{ gateway_payment_id: string; state: string }>(
        sql`select gateway_payment_id, state from payments where order_id = ${result.orderId}`,
      );
      expect(payment!.state).toBe('success');
      const other = payment!.gateway_payment_id === card ? upi : card;
      expect(await refunds()).toEqual([{ payment_id: other, receipt: `extra-${other}` }]);
      expect(await rows(sql`select state from extra_captures where order_id = ${result.orderId}`)).toEqual([
        { state: 'refunded' },
      ]);
    });

    it('orders placed across both at once, then reports read at both at once: each order is in the rollups once', async () => {
      const day = istDayOf(Date.now());
      const sales = async (t: GatewayTestApp) => {
        const admin = await chainAdmin(t);
        const q = new URLSearchParams({ from: day, to: day, by: 'store' });
        const res = await admin.call('GET', `${REPORT_PATHS.sales}?${q.toString()}`);
        expect(res.statusCode, res.body).toBe(200);
        return (
          SalesReportResponseSchema.parse(json(res)).data.rows.find((r) => r.groupId === '1001')?.orders ?? 0
        );
      };
      const before = await sales(a);
      await both(12, (t) => placeCash(t));
      // each read folds what is pending first: the two processes' folds race for the same facts
      const [atA, atB] = await Promise.all([sales(a), sales(b)]);
      expect([atA, atB]).toEqual([before + 12, before + 12]);
      expect(await rows<{ n: number }>(sql`select count(*)::int as n from report_pending`)).toEqual([
        { n: 0 },
      ]);
      const [dayRow] = await rows<{ orders: number }>(
        sql`select orders from report_sales where store_id = 1001 and grain = 'D' and day = ${day}::date`,
      );
      expect(dayRow?.orders).toBe(before + 12);
    });

    it('a login turned off at one process is refused at the other at once', async () => {
      const admin = await chainAdmin(a);
      const made = await admin.call('POST', CONSOLE_PATHS.staffMembers, {
        username: `two.${randomBytes(4).toString('hex')}`,
        name: 'Two processes',
        role: 'STAFF',
        storeId: 1001,
      });
      expect(made.statusCode, made.body).toBe(200);
      const issued = StaffIssuedResponseSchema.parse(json(made)).data;
      const first = await staffClient(b, issued.member.username, issued.oneTimePassword);
      const own = await first.call('POST', CONSOLE_PATHS.staffPassword, {
        currentPassword: issued.oneTimePassword,
        newPassword: 'two-processes-own-password',
      });
      expect(own.statusCode, own.body).toBe(200);
      const token = StaffSessionResponseSchema.parse(json(own)).data.token;
      const queue = () =>
        send(b, {
          method: 'GET',
          url: fillPath(CONSOLE_PATHS.consoleQueue, { storeId: 1001 }),
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await queue()).statusCode).toBe(200);
      const off = await admin.call(
        'PATCH',
        fillPath(CONSOLE_PATHS.staffMember, { staffId: issued.member.id }),
        {
          version: issued.member.version,
          disabled: true,
        },
      );
      expect(off.statusCode, off.body).toBe(200);
      expect((await queue()).statusCode).toBe(401);
    });

    it("spin-the-wheel across both: a prize's daily limit holds, and one order spins once", async () => {
      // only the ₹50-off coupon (position 0) can be drawn, 3 a day
      await database.db.execute(
        sql`update game_segments set weight = case when position = 0 then 1 else 0 end,
          daily_limit = case when position = 0 then 3 else daily_limit end`,
      );
      await database.db.execute(sql`delete from game_day_counters`);
      const spinners = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const who = await newCustomer();
          const { orderId } = await placeCash(a, { who });
          await database.db.execute(
            sql`update orders set stage = 'DELIVERED', delivered_at = now() where id = ${orderId}`,
          );
          return { who, orderId };
        }),
      );
      const spin = (t: GatewayTestApp, i: number) =>
        send(t, {
          method: 'POST',
          url: API_PATHS.gameSpin,
          headers: spinners[i]!.who.headers,
          payload: { orderId: spinners[i]!.orderId },
        });
      const outs = (await both(spinners.length, spin)).map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return json<{ status: string; data: { prize: { kind: string } } }>(res);
      });
      expect(outs.filter((o) => o.data.prize.kind === 'COUPON')).toHaveLength(3);
      expect(outs.filter((o) => o.data.prize.kind === 'NONE')).toHaveLength(5);
      // the same order at both at once: one spin
      const who = await newCustomer();
      const { orderId } = await placeCash(a, { who });
      await database.db.execute(
        sql`update orders set stage = 'DELIVERED', delivered_at = now() where id = ${orderId}`,
      );
      const again = await both(6, (t) =>
        send(t, { method: 'POST', url: API_PATHS.gameSpin, headers: who.headers, payload: { orderId } }),
      );
      expect(again.map((r) => json<{ status: string }>(r).status).sort()).toEqual([
        'FAILED',
        'FAILED',
        'FAILED',
        'FAILED',
        'FAILED',
        'SUCCESS',
      ]);
      expect(
        await rows<{ n: number }>(sql`select count(*)::int as n from game_spins where order_id = ${orderId}`),
      ).toEqual([{ n: 1 }]);
    });
  },
);
