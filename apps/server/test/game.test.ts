import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  GameAdminResponseSchema,
  GameDataResponseSchema,
  PrizeTableResponseSchema,
  SpinResponseSchema,
  type SpinResult,
} from '@crust/contract/game';
import { istDay, WHEEL_TEXTS } from '@crust/domain/wheel';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import { promoMessage } from '@crust/domain/promo-messages';
import * as orders from '../src/modules/orders/repo.ts';
import { takeCouponUse } from '../src/modules/orders/coupon-use.ts';
import { GAME_TEXTS } from '../src/modules/game/texts.ts';
import { json } from './helpers.ts';
import { count, customers, freshMobile, lastSms, newGuest, ok, orderClient, rows } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { chainAdmin, placeCash, storeStaff } from './tracking-support.ts';
import type { Guest } from './cart-support.ts';

/** Issue 33 §1: spin-the-wheel — who may spin, once per delivered order, budgets, and prizes granted once. */
let t: GatewayTestApp;
/** the app's clock runs `offset` ms ahead of the wall clock (tokens keep the wall clock) */
let offset = 0;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => Date.now() + offset });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const newCustomer = customers(() => t);
const DELIVERY: [OrderStage, string?][] = [['BEING_BAKED'], ['DISPATCHED', 'Ravi'], ['DELIVERED']];

async function moveThrough(orderId: string, stages: [OrderStage, string?][]) {
  for (const [to, rider] of stages) {
    const row = (await orders.findOrder(t.database.db, orderId))!;
    await t.app.deps.lifecycle.move('S1001', row, to, rider);
  }
}

/** A new customer's cash order, delivered unless told otherwise. */
async function delivered(who?: Guest, { deliver = true } = {}) {
  const customer = who ?? (await newCustomer());
  const placed = await placeCash(t, { who: customer });
  if (deliver) await moveThrough(placed.orderId, DELIVERY);
  return { who: customer, orderId: placed.orderId };
}

const spinRaw = (who: Guest | null, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.gameSpin,
    headers: who?.headers ?? {},
    payload: { orderId },
  });

async function spin(who: Guest, orderId: string) {
  const res = await spinRaw(who, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return SpinResponseSchema.parse(json(res));
}

const won = (o: Awaited<ReturnType<typeof spin>>): SpinResult => {
  if (o.status !== 'SUCCESS') throw new Error(`expected SUCCESS, got ${JSON.stringify(o.errors)}`);
  return o.data;
};

async function gameData(who: Guest | null) {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.gameData, headers: who?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return GameDataResponseSchema.parse(json(res)).data;
}

/** Only `position` can be drawn (its weight 1, the others 0); the day's counters start again. */
async function onlyWin(
  position: number,
  change: { dailyLimit?: number | null; budget?: number | null } = {},
) {
  const db = t.database.db;
  await db.execute(sql`update game_segments set weight = case when position = ${position} then 1 else 0 end`);
  if (change.dailyLimit !== undefined)
    await db.execute(
      sql`update game_segments set daily_limit = ${change.dailyLimit} where position = ${position}`,
    );
  await db.execute(sql`update game_rules set daily_budget_paise = ${change.budget ?? 5_000_000}`);
  await db.execute(sql`delete from game_day_counters`);
}

beforeEach(() => {
  offset = 0;
});

describe('game data (SPEC §7)', () => {
  it('a guest sees the wheel: 8 segments with their colour pairs and chances, and the rules', async () => {
    const data = await gameData(await newGuest(t));
    expect(data.loggedIn).toBe(false);
    expect(data.spinsAvailable).toEqual([]);
    expect(data.segments.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(data.segments.reduce((sum, s) => sum + s.chance, 0)).toBeCloseTo(1);
    expect(data.segments[1]).toMatchObject({
      label: 'Better luck next time',
      prizeKind: 'NONE',
      chanceText: '30%',
    });
    expect(new Set(data.segments.map((s) => s.background)).size).toBe(8);
    expect(data.rules.join(' ')).toContain('Better luck next time');
  });

  it("a customer's delivered order shows as a spin available until 7 days after delivery", async () => {
    const { who, orderId } = await delivered();
    const data = await gameData(who);
    expect(data.loggedIn).toBe(true);
    expect(data.spinsAvailable).toHaveLength(1);
    const [s] = data.spinsAvailable;
    expect(s!.orderId).toBe(orderId);
    expect(Date.parse(s!.spinBy) - Date.parse(s!.deliveredAt)).toBe(7 * DAY);
  });
});

describe('who may spin', () => {
  it('a guest is refused (login required)', async () => {
    const guest = await newGuest(t);
    const res = await spinRaw(guest, 'O' + '0'.repeat(20));
    expect(res.statusCode).toBe(403);
    expect(json(res).errors[0].code).toBe('LOGIN_REQUIRED');
    expect((await spinRaw(null, 'O' + '0'.repeat(20))).statusCode).toBe(403);
  });

  it('a customer without a delivered order is refused', async () => {
    const { who, orderId } = await delivered(undefined, { deliver: false });
    const out = await spin(who, orderId);
    expect(out).toEqual({
      status: 'FAILED',
      errors: [{ code: 'NOT_DELIVERED', displayMsg: GAME_TEXTS.notDelivered }],
    });
    expect((await gameData(who)).spinsAvailable).toEqual([]);
  });

  it("another customer's order is not found", async () => {
    const { orderId } = await delivered();
    const res = await spinRaw(await newCustomer(), orderId);
    expect(res.statusCode).toBe(404);
    expect(await count(t, sql`select count(*)::int as n from game_spins where order_id = ${orderId}`)).toBe(
      0,
    );
  });

  it('after 7 days the spin is refused', async () => {
    const { who, orderId } = await delivered();
    offset = 7 * DAY + 60_000;
    const out = await spin(who, orderId);
    expect(out).toEqual({
      status: 'FAILED',
      errors: [{ code: 'SPIN_EXPIRED', displayMsg: GAME_TEXTS.windowClosed(7) }],
    });
    expect((await gameData(who)).spinsAvailable).toEqual([]);
  });

  it('a second spin for the same order is refused with a clear message', async () => {
    await onlyWin(1);
    const { who, orderId } = await delivered();
    const first = won(await spin(who, orderId));
    expect(first).toMatchObject({ orderId, state: 'SUCCESS', segmentIndex: 1 });
    expect(first.prize).toMatchObject({ kind: 'NONE', couponCode: null, expiresAt: null });
    expect(await spin(who, orderId)).toEqual({
      status: 'FAILED',
      errors: [{ code: 'ALREADY_SPUN', displayMsg: GAME_TEXTS.alreadySpun }],
    });
    const data = await gameData(who);
    expect(data.spinsAvailable).toEqual([]);
    expect(data.recentSpins.map((s) => s.spinId)).toEqual([first.spinId]);
  });

  it('parallel spins for one order: one draws, the others are refused', async () => {
    await onlyWin(2);
    const { who, orderId } = await delivered();
    const outs = await Promise.all(Array.from({ length: 6 }, () => spin(who, orderId)));
    const wins = outs.filter((o) => o.status === 'SUCCESS');
    expect(wins).toHaveLength(1);
    for (const o of outs.filter((x) => x.status === 'FAILED'))
      expect(o.status === 'FAILED' && o.errors[0]!.code).toBe('ALREADY_SPUN');
    expect(await count(t, sql`select count(*)::int as n from game_spins where order_id = ${orderId}`)).toBe(
      1,
    );
    // the points prize was granted once
    expect(
      await count(
        t,
        sql`select count(*)::int as n from loyalty_points where customer_id = ${who.userId} and ref like 'spin-%'`,
      ),
    ).toBe(1);
  });
});

describe('prizes, granted once in the spin', () => {
  it('points go into the loyalty ledger once', async () => {
    await onlyWin(2);
    const { who, orderId } = await delivered();
    const before = (await t.app.deps.loyalty.balance(who.userId)).overall.points;
    const result = won(await spin(who, orderId));
    expect(result.prize).toMatchObject({ kind: 'POINTS', value: 50, expiresAt: null });
    const entries = await rows<{ kind: string; points: number; ref: string }>(
      t,
      sql`select kind, points, ref from loyalty_points where customer_id = ${who.userId} and ref = ${'spin-' + result.spinId}`,
    );
    expect(entries).toEqual([{ kind: 'goodwill', points: 50, ref: `spin-${result.spinId}` }]);
    expect((await t.app.deps.loyalty.balance(who.userId)).overall.points).toBe(before + 50);
  });

  it('a coupon works only in its winner’s account: the cart refuses it to anyone else, and so does confirm', async () => {
    await onlyWin(0);
    const { who, orderId } = await delivered();
    const result = won(await spin(who, orderId));
    const code = result.prize.couponCode!;
    expect(result.prize).toMatchObject({ kind: 'COUPON', value: 5_000 });
    expect(code).toMatch(/^SPIN[0-9A-F]+$/);
    expect(Date.parse(result.prize.expiresAt!) - Date.parse(result.spunAt)).toBe(14 * DAY);

    // another customer: a clear refusal in the cart
    const other = orderClient(t, await newCustomer());
    const otherCart = await other.cart();
    const refused = await other.carts.apply(otherCart.cartId, code);
    expect(refused.status).toBe('FAILED');
    expect(refused.status === 'FAILED' && refused.errors[0]!.displayMsg).toBe(
      promoMessage('NOT_YOUR_COUPON'),
    );

    // and the confirm's own check inside the order's transaction
    const verdict = await t.database.db.transaction((tx) =>
      takeCouponUse(tx, {
        code,
        customerId: other.who.userId,
        isCustomer: true,
        cartId: otherCart.cartId,
        orderId: 'O1',
      }),
    );
    expect(verdict?.code).toBe('NOT_YOUR_COUPON');

    // the winner: it applies, the order takes it, and it is spent
    const mine = orderClient(t, who);
    const cart = mine.carts.ok(await mine.carts.apply((await mine.cart()).cartId, code));
    expect(cart.appliedPromo).toMatchObject({ code, discount: 5_000 });
    const mobile = freshMobile();
    const body = mine.body(
      cart,
      {},
      {
        userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
      },
    );
    let placed = ok(await mine.confirm(body));
    if (placed.nextAction === 'COD_OTP') {
      const otp = /(\d{6})/.exec(await lastSms(t, mobile))![1]!;
      placed = ok(await mine.code(placed.orderId, { code: otp }));
    }
    expect(placed.nextAction).toBe('THANKYOU');
    expect(
      await count(
        t,
        sql`select count(*)::int as n from coupon_redemptions where code = ${code} and customer_id = ${who.userId}`,
      ),
    ).toBe(1);
    const again = await mine.carts.apply((await mine.cart()).cartId, code);
    // spent: the cart keeps no discount and says why
    const spent = mine.carts.ok(again);
    expect(spent.appliedPromo).toBeNull();
    expect(spent.notices).toContain(promoMessage('CUSTOMER_LIMIT'));
  });

  it('a free side is a personal free-item coupon for that side', async () => {
    await onlyWin(3);
    const { who, orderId } = await delivered();
    const result = won(await spin(who, orderId));
    expect(result.prize).toMatchObject({ kind: 'FREE_SIDE', label: 'Free Garlic Breadsticks' });
    const [coupon] = await rows<{ rule: { kind: string; productCodes: string[] }; owner_id: string }>(
      t,
      sql`select rule, owner_id from coupons where code = ${result.prize.couponCode}`,
    );
    expect(coupon).toEqual({
      rule: { kind: 'FREE_ITEM', productCodes: ['SID0401'], sizeIds: null },
      owner_id: who.userId,
    });
  });
});

describe('budgets', () => {
  it("a segment's daily limit holds under parallel spins: the rest is better luck next time", async () => {
    await onlyWin(0, { dailyLimit: 2 });
    const made = await Promise.all(Array.from({ length: 5 }, () => delivered()));
    const outs = (await Promise.all(made.map((m) => spin(m.who, m.orderId)))).map(won);
    expect(outs.filter((o) => o.prize.kind === 'COUPON')).toHaveLength(2);
    expect(outs.filter((o) => o.prize.kind === 'NONE').map((o) => o.segmentIndex)).toEqual([1, 1, 1]);
    await t.database.db.execute(sql`update game_segments set daily_limit = 200 where position = 0`);
  });

  it('the total daily budget holds under parallel spins', async () => {
    // each ₹50-off coupon costs ₹50: a ₹150 budget gives three
    await onlyWin(0, { dailyLimit: null, budget: 15_000 });
    const made = await Promise.all(Array.from({ length: 5 }, () => delivered()));
    const outs = (await Promise.all(made.map((m) => spin(m.who, m.orderId)))).map(won);
    expect(outs.filter((o) => o.prize.kind === 'COUPON')).toHaveLength(3);
    const [total] = await rows<{ cost_paise: number }>(
      t,
      sql`select cost_paise from game_day_counters where position = -1`,
    );
    expect(total!.cost_paise).toBe(15_000);
  });
});

describe('the back office (chain admin)', () => {
  const today = () => istDay(Date.now() + offset);

  it('only the chain admin reads the game and edits the prize table', async () => {
    const staff = await storeStaff(t);
    const url = `${CONSOLE_PATHS.gameAdmin}?from=${today()}&to=${today()}`;
    expect((await staff.call('GET', url)).statusCode).toBe(403);
    const admin = await chainAdmin(t);
    const read = await admin.call('GET', url);
    expect(read.statusCode).toBe(200);
    const { table } = GameAdminResponseSchema.parse(json(read)).data;
    // a well-formed save from a store login: refused for its role
    expect((await staff.call('PUT', CONSOLE_PATHS.gamePrizeTable, table)).statusCode).toBe(403);
  });

  it("shows each day's spins, prizes by kind and their cost", async () => {
    await onlyWin(0);
    const made = await Promise.all(Array.from({ length: 2 }, () => delivered()));
    for (const m of made) won(await spin(m.who, m.orderId));
    const admin = await chainAdmin(t);
    const res = await admin.call('GET', `${CONSOLE_PATHS.gameAdmin}?from=${today()}&to=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = GameAdminResponseSchema.parse(json(res)).data;
    const [day] = view.days;
    const [expected] = await rows<{ spins: number; coupons: number; cost: number }>(
      t,
      sql`select count(*)::int as spins, count(*) filter (where prize->>'kind' = 'COUPON')::int as coupons,
        sum(cost_paise)::int as cost from game_spins where day = ${today()} and state = 'SUCCESS'`,
    );
    expect(day).toMatchObject({ day: today(), spins: expected!.spins, costPaise: expected!.cost });
    expect(day!.byKind.COUPON).toBe(expected!.coupons);
    expect(day!.byKind.COUPON).toBeGreaterThanOrEqual(2);
    expect(view.table.segments).toHaveLength(8);
  });

  it('saves the prize table over the version read, audited; refuses a table without a fallback and a stale save', async () => {
    const admin = await chainAdmin(t);
    const read = async () =>
      GameAdminResponseSchema.parse(
        json(await admin.call('GET', `${CONSOLE_PATHS.gameAdmin}?from=${today()}&to=${today()}`)),
      ).data.table;
    const table = await read();
    const noFallback = {
      ...table,
      segments: table.segments.map((s) =>
        s.prize.kind === 'NONE'
          ? { ...s, prize: { kind: 'POINTS' as const, value: 10, minOrderPaise: 0, productCode: null } }
          : s,
      ),
    };
    const bad = await admin.call('PUT', CONSOLE_PATHS.gamePrizeTable, noFallback);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toContainEqual({
      code: 'BAD_REQUEST',
      displayMsg: WHEEL_TEXTS.noFallback,
      field: 'body.segments',
    });

    const changed = {
      ...table,
      segments: table.segments.map((s) => (s.position === 4 ? { ...s, label: '₹120 off', weight: 9 } : s)),
      rules: { ...table.rules, dailyBudgetPaise: 123_400 },
    };
    const saved = await admin.call('PUT', CONSOLE_PATHS.gamePrizeTable, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = PrizeTableResponseSchema.parse(json(saved)).data;
    expect(after.version).toBe(table.version + 1);
    expect(after.segments[4]).toMatchObject({ label: '₹120 off', weight: 9 });
    expect(after.rules.dailyBudgetPaise).toBe(123_400);
    const data = await gameData(null);
    expect(data.segments[4]!.label).toBe('₹120 off');
    const audits = await rows<{ action: string }>(
      t,
      sql`select action from audit_events where entity = 'game' and entity_id = 'prize-table'`,
    );
    expect(audits.map((a) => a.action)).toContain('game.prizeTable');

    // a second save made on the copy read before the first
    const stale = await admin.call('PUT', CONSOLE_PATHS.gamePrizeTable, changed);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).errors[0].displayMsg).toBe(GAME_TEXTS.stale);
  });
});
