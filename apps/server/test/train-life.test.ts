import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { DELIVERY_CODE_ATTEMPTS, TRAIN_ORDER_TEXTS, trainOf } from '@crust/domain/train';
import * as orders from '../src/modules/orders/repo.ts';
import { json } from './helpers.ts';
import { FARMHOUSE, pizza, SIZE } from './cart-support.ts';
import {
  checkout,
  count,
  freshMobile,
  GIFT_CARD_MOBILE,
  lastSms,
  ok,
  orderClient,
  rows,
} from './order-support.ts';
import { partnerClient } from './partner-support.ts';
import { linkWallet, paytmBalanceOf, paytmClient, setPaytmBalance } from './paytm-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { railSwitches } from './rail-support.ts';
import { readTracker, storeStaff } from './tracking-support.ts';
import { TICKET, trainCart } from './train-support.ts';

/**
 * Issue 16 §3: a train order's life after it is paid. The demo ticket's train reaches Bhopal (store 5101, cut-off 30
 * minutes, prepaid only) 210 minutes after the PNR is first read and halts 5 minutes: the passenger may cancel until
 * 170 minutes (cut-off − 10), a payment must be learnt of by 175 (cut-off − 5), and the train has left at 215. The
 * app's clock is the test's, so the sandbox's train moves when it moves.
 */
const MINUTE = 60_000;
let t: GatewayTestApp;
let shift = 0;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: () => Date.now() + shift });
});
afterAll(() => t.close());
beforeEach(async () => {
  shift = 0;
  await railSwitches(() => t).reset();
});

const { payCard, follow, placeByCard } = checkout(() => t);

/** A train order to Bhopal paid by card and placed; its anchor (the moment the PNR was first read) is now. */
async function placedTrainOrder() {
  const train = await trainCart(t);
  const result = await placeByCard(train.c, train.body(TICKET));
  return { ...train, result, orderId: result.orderId };
}

const cancel = (headers: Record<string, string>, orderId: string) =>
  t.app.inject({ method: 'POST', url: API_PATHS.irctcCancel, headers, payload: { orderId } });
const watch = () => t.app.inject({ method: 'POST', url: '/sandbox/rail/watch' });
const paymentOf = async (orderId: string) => (await orders.findPayment(t.database.db, orderId))!;
const refundsOf = (orderId: string) =>
  rows<{ id: string }>(t, sql`select id from pg_refunds where receipt = ${`refund-${orderId}`}`);
const stageEvents = (orderId: string) =>
  rows<{ stage: string; staff_id: string | null }>(
    t,
    sql`select stage, staff_id from order_stage_events where order_id = ${orderId} order by id`,
  );
/** The newest delivery code texted to `mobile`: the order's stages are texted to it too (issue 31 §14). */
async function codeIn(mobile: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` });
  const { messages } = json<{ messages: { body: string }[] }>(res);
  for (const m of messages) {
    const code = /(\d{4}) is your Crust delivery code/.exec(m.body)?.[1];
    if (code) return code;
  }
  return undefined;
}

describe('the passenger cancels', () => {
  it.each<[string, number, number, string]>([
    ['a minute before the cancellation cut-off: cancelled and refunded', 169, 200, 'CANCELLED'],
    ['a minute after it: refused', 171, 409, 'CANCEL_CLOSED'],
  ])('%s', async (_, minutes, statusCode, outcome) => {
    const { who, orderId } = await placedTrainOrder();
    shift = minutes * MINUTE;
    const res = await cancel(who.headers, orderId);
    expect(res.statusCode, res.body).toBe(statusCode);
    if (statusCode === 200) {
      expect(json<{ data: { status: string } }>(res).data.status).toBe(outcome);
      expect((await paymentOf(orderId)).state).toBe('refunded');
      expect(await refundsOf(orderId)).toHaveLength(1);
      const tracker = await readTracker(t, orderId, { headers: who.headers });
      expect(tracker.train).toMatchObject({ status: 'CANCELLED', statusCode: 6, canCancel: false });
      expect(tracker.cancelReason).toBe(TRAIN_ORDER_TEXTS.cancelled);
    } else {
      expect(json<{ errors: { code: string; displayMsg: string }[] }>(res).errors[0]).toEqual({
        code: outcome,
        displayMsg: TRAIN_ORDER_TEXTS.cancelClosed,
      });
      expect((await paymentOf(orderId)).state).toBe('success');
    }
  });

  it('only the order’s owner, and not once the rider has it', async () => {
    const { who, orderId } = await placedTrainOrder();
    const stranger = await trainCart(t);
    expect((await cancel(stranger.who.headers, orderId)).statusCode).toBe(404);
    const tracker = await readTracker(t, orderId, { headers: who.headers });
    expect(tracker.train).toMatchObject({ status: 'CONFIRMED', statusCode: 1, canCancel: true, berth: '34' });
    const staff = await storeStaff(t, 5101);
    await staff.move(orderId, 'BEING_BAKED');
    await staff.move(orderId, 'DISPATCHED', 'Ravi');
    expect((await cancel(who.headers, orderId)).statusCode).toBe(409);
    expect((await readTracker(t, orderId, { headers: who.headers })).train).toMatchObject({
      status: 'OUTFORDELIVERY',
      statusCode: 3,
      canCancel: false,
    });
  });

  it('a cancel and a dispatch at once: one of them happens', async () => {
    const { who, orderId } = await placedTrainOrder();
    const staff = await storeStaff(t, 5101);
    await staff.move(orderId, 'BEING_BAKED');
    const [cancelled, dispatched] = await Promise.all([
      cancel(who.headers, orderId),
      staff.moveRaw(orderId, 'DISPATCHED', 'Ravi'),
    ]);
    expect([cancelled.statusCode, dispatched.statusCode].sort()).toEqual([200, 409]);
    const row = (await orders.findOrder(t.database.db, orderId))!;
    expect(row.stage).toBe(cancelled.statusCode === 200 ? 'CANCELLED' : 'DISPATCHED');
    expect(await refundsOf(orderId)).toHaveLength(cancelled.statusCode === 200 ? 1 : 0);
  });
});

describe('the delivery code', () => {
  async function dispatched() {
    const placed = await placedTrainOrder();
    const staff = await storeStaff(t, 5101);
    await staff.move(placed.orderId, 'BEING_BAKED');
    await staff.move(placed.orderId, 'DISPATCHED', 'Ravi');
    const deliver = (deliveryCode?: string) =>
      staff.call('POST', `/api/v1/store/orders/${placed.orderId}/stage`, {
        to: 'DELIVERED',
        ...(deliveryCode === undefined ? {} : { deliveryCode }),
      });
    return { ...placed, staff, deliver };
  }
  const errorOf = (res: { body: string }) => json<{ errors: { code: string }[] }>(res).errors[0]!.code;

  it('is texted when the order is placed; the rider hands over only with it', async () => {
    const { deliver, orderId, who } = await dispatched();
    const code = await codeIn('9876500001');
    expect(code).toMatch(/^\d{4}$/);
    const stored = await rows<{ code_hash: string }>(
      t,
      sql`select code_hash from delivery_codes where order_id = ${orderId}`,
    );
    expect(stored[0]!.code_hash).not.toContain(code!);
    expect(errorOf(await deliver())).toBe('DELIVERY_CODE_REQUIRED');
    const wrong = code === '0000' ? '1111' : '0000';
    expect(errorOf(await deliver(wrong))).toBe('DELIVERY_CODE_WRONG');
    const done = await deliver(code);
    expect(done.statusCode, done.body).toBe(200);
    expect((await readTracker(t, orderId, { headers: who.headers })).train).toMatchObject({
      status: 'DELIVERED',
      statusCode: 4,
    });
  });

  it(`many wrong codes at once: only ${DELIVERY_CODE_ATTEMPTS} are checked, then even the right one is refused`, async () => {
    const { deliver, orderId } = await dispatched();
    const code = (await codeIn('9876500001'))!;
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(wrong)));
    const codes = answers.map(errorOf);
    expect(codes.filter((c) => c === 'DELIVERY_CODE_WRONG')).toHaveLength(DELIVERY_CODE_ATTEMPTS);
    expect(codes.filter((c) => c === 'DELIVERY_CODE_LOCKED')).toHaveLength(12 - DELIVERY_CODE_ATTEMPTS);
    expect(errorOf(await deliver(code))).toBe('DELIVERY_CODE_LOCKED');
    expect((await orders.findOrder(t.database.db, orderId))!.stage).toBe('DISPATCHED');
  });

  it('can be asked for again once a minute; the new one replaces the old', async () => {
    const { deliver, orderId, who } = await dispatched();
    const first = (await codeIn('9876500001'))!;
    const again = () =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.irctcDeliveryCode,
        headers: who.headers,
        payload: { orderId },
      });
    const refused = await again();
    expect(refused.statusCode).toBe(429);
    // the API's 429 (issue 28 §9): its code, no field, and when to ask again
    expect(json(refused).errors).toEqual([expect.objectContaining({ code: 'CODE_RESEND_WAIT' })]);
    expect(json(refused).errors[0]).not.toHaveProperty('field');
    expect(refused.headers['retry-after']).toBe('60');
    shift = 61_000;
    // asked five times at once: one new code is made and texted, the others wait their minute
    const asked = await Promise.all(Array.from({ length: 5 }, () => again()));
    expect(asked.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const second = (await codeIn('9876500001'))!;
    if (second !== first) expect(errorOf(await deliver(first))).toBe('DELIVERY_CODE_WRONG');
    expect((await deliver(second)).statusCode).toBe(200);
  });
});

describe('the train leaves first', () => {
  it('an order not handed over ends UNDELIVERED and is refunded once, however many watches, callbacks and reconciles run', async () => {
    const { who, orderId } = await placedTrainOrder();
    const staff = await storeStaff(t, 5101);
    await staff.move(orderId, 'BEING_BAKED');
    await staff.move(orderId, 'DISPATCHED', 'Ravi');
    // still coming: nothing happens
    expect(json<{ undelivered: number }>(await watch()).undelivered).toBe(0);
    // every train order still on its way goes to the same ticket's Bhopal halt (earlier tests' too)
    const onTheirWay = await rows<{ id: string }>(
      t,
      sql`select id from orders where delivery_type = 'IRCTC' and status = 'placed' and stage in ('CONFIRMED', 'BEING_BAKED', 'DISPATCHED')`,
    );
    shift = 216 * MINUTE;
    const [passes] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => watch())),
      ...Array.from({ length: 4 }, () => t.app.deps.orders.reconcile(Date.now() + shift)),
      ...Array.from({ length: 4 }, () => t.gateway.drainOutbox(new Date(Date.now() + shift))),
    ]);
    const undelivered = passes.reduce((n, r) => n + json<{ undelivered: number }>(r).undelivered, 0);
    expect(undelivered).toBe(onTheirWay.length);
    await t.gateway.drainOutbox(new Date(Date.now() + shift));
    await t.app.deps.orders.reconcile(Date.now() + shift + 3600_000);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await paymentOf(orderId)).state).toBe('refunded');
    expect((await stageEvents(orderId)).filter((e) => e.stage === 'UNDELIVERED')).toEqual([
      { stage: 'UNDELIVERED', staff_id: null },
    ]);
    const tracker = await readTracker(t, orderId, { headers: who.headers });
    expect(tracker.train).toMatchObject({ status: 'UNDELIVERED', statusCode: 5, canCancel: false });
    expect(tracker.cancelReason).toBe(TRAIN_ORDER_TEXTS.undelivered('Bhopal Junction'));
    // the rider's late code changes nothing
    expect(
      (
        await staff.call('POST', `/api/v1/store/orders/${orderId}/stage`, {
          to: 'DELIVERED',
          deliveryCode: '0000',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('an order handed over before the train left stays delivered', async () => {
    const { orderId } = await placedTrainOrder();
    const staff = await storeStaff(t, 5101);
    await staff.move(orderId, 'BEING_BAKED');
    await staff.move(orderId, 'DISPATCHED', 'Ravi');
    const code = (await codeIn('9876500001'))!;
    expect(
      (
        await staff.call('POST', `/api/v1/store/orders/${orderId}/stage`, {
          to: 'DELIVERED',
          deliveryCode: code,
        })
      ).statusCode,
    ).toBe(200);
    shift = 216 * MINUTE;
    expect(json<{ undelivered: number }>(await watch()).undelivered).toBe(0);
    expect((await orders.findOrder(t.database.db, orderId))!.stage).toBe('DELIVERED');
    expect(await refundsOf(orderId)).toHaveLength(0);
  });
});

describe('the payment cut-off', () => {
  it.each<[string, number, string]>([
    ['a minute before it: placed', 174, 'SUCCESS'],
    ['a minute after it: refunded, never placed', 176, 'FAILED'],
  ])('a card payment learnt of %s', async (_, minutes, status) => {
    const { c, body } = await trainCart(t);
    const result = ok(await c.confirm(body(TICKET)));
    shift = minutes * MINUTE;
    await follow((await payCard(result)).res);
    const answer = await c.status(result.transactionId);
    expect(answer.status).toBe(status);
    if (status === 'FAILED') {
      expect(answer.displayMsg).toBe(TRAIN_ORDER_TEXTS.payLate);
      await t.gateway.drainOutbox(new Date(Date.now() + shift));
      expect((await paymentOf(result.orderId)).state).toBe('refunded');
      expect(await refundsOf(result.orderId)).toHaveLength(1);
      expect((await paymentOf(result.orderId)).failureCode).toBe('TRAIN_PAY_LATE');
    }
  });
});

describe('the payment cut-off, whatever pays', () => {
  const EV = 'EVCRUST2000';
  const EV_PIN = '8642';
  const GC = 'GCCRUST2000';
  const balanceOf = async (code: string) => (await orders.findVoucher(t.database.db, code))!.balancePaise;

  /** A train order to Bhopal paid by an e-voucher or a gift card, waiting for its PIN or OTP. */
  async function voucherTrainOrder(code: string) {
    const train = await trainCart(t);
    const pay = {
      primaryPaymentId: code === GC ? ('CASHCRD' as const) : ('EVOUCHER' as const),
      instrumentDetails: { evoucherCode: code },
    };
    const result = ok(await train.c.confirm(train.body(TICKET, pay)));
    expect(result.nextAction).toBe(code === GC ? 'EV_OTP' : 'EV_PIN');
    return { ...train, result, orderId: result.orderId };
  }

  it.each<[string, number, boolean]>([
    ['a minute before it: placed, the voucher spent', 174, true],
    ['a minute after it: not placed, the voucher untouched', 176, false],
  ])('an e-voucher PIN submitted %s', async (_, minutes, placed) => {
    const { c, result, orderId } = await voucherTrainOrder(EV);
    const before = await balanceOf(EV);
    shift = minutes * MINUTE;
    // the PIN, three times at once (a double tap, a second tab): one decision
    const answers = await Promise.all([1, 2, 3].map(() => c.code(orderId, { code: EV_PIN })));
    const row = (await orders.findOrder(t.database.db, orderId))!;
    if (placed) {
      for (const a of answers) expect(ok(a).nextAction).toBe('THANKYOU');
      expect(row.status).toBe('placed');
      expect(await balanceOf(EV)).toBe(before - row.amountPaise);
      return;
    }
    for (const a of answers)
      expect(a).toMatchObject({
        status: 'FAILED',
        errors: [{ code: 'TRAIN_PAY_LATE', displayMsg: TRAIN_ORDER_TEXTS.payClosed }],
      });
    expect(row.status).toBe('failed');
    expect(await balanceOf(EV)).toBe(before);
    expect((await paymentOf(orderId)).failureCode).toBe('TRAIN_PAY_LATE');
    expect(await c.status(result.transactionId)).toMatchObject({
      status: 'FAILED',
      displayMsg: TRAIN_ORDER_TEXTS.payClosed,
    });
  });

  it("a gift card's OTP submitted a minute after it: not placed, the card untouched", async () => {
    const { c, orderId } = await voucherTrainOrder(GC);
    const before = await balanceOf(GC);
    const code = /(\d{6})/.exec(await lastSms(t, GIFT_CARD_MOBILE))![1]!;
    shift = 176 * MINUTE;
    expect(await c.code(orderId, { code })).toMatchObject({
      status: 'FAILED',
      errors: [{ code: 'TRAIN_PAY_LATE', displayMsg: TRAIN_ORDER_TEXTS.payClosed }],
    });
    expect((await orders.findOrder(t.database.db, orderId))!.status).toBe('failed');
    expect(await balanceOf(GC)).toBe(before);
  });
});

describe('the payment cut-off, the Paytm wallet', () => {
  it.each<[string, number, boolean]>([
    ['a minute before it: withdrawn once, placed', 174, true],
    ['a minute after it: never withdrawn, not placed', 176, false],
  ])('submits at once %s', async (_, minutes, placed) => {
    const { c, body, who, cart } = await trainCart(t);
    const result = ok(await c.confirm(body(TICKET, { primaryPaymentId: 'PAYTM_WALLET' })));
    const mobile = freshMobile();
    await setPaytmBalance(t, mobile, 500_000);
    await linkWallet(t, who, { transactionId: result.transactionId, cartId: cart.cartId }, mobile);
    shift = minutes * MINUTE;
    const p = paytmClient(() => t, who);
    const answers = await Promise.all([1, 2, 3].map(() => p.submit(result.transactionId)));
    const ref = (await paymentOf(result.orderId)).gatewayOrderId!;
    const withdraws = await count(
      t,
      sql`select count(*) as n from sandbox_paytm_txns where kind = 'withdraw' and ref = ${ref}`,
    );
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    if (placed) {
      for (const a of answers)
        expect(a).toMatchObject({ status: 'SUCCESS', data: { nextAction: 'THANKYOU' } });
      expect(withdraws).toBe(1);
      expect(row.status).toBe('placed');
      return;
    }
    for (const a of answers)
      expect(a).toMatchObject({
        status: 'SUCCESS',
        data: { nextAction: 'PAY_PAGE', displayMsg: TRAIN_ORDER_TEXTS.payClosed },
      });
    expect(withdraws).toBe(0);
    expect(await paytmBalanceOf(t, mobile)).toBe(500_000);
    expect(row.status).toBe('failed');
    expect((await paymentOf(result.orderId)).failureCode).toBe('TRAIN_PAY_LATE');
  });
});

describe("the payment cut-off, a partner's sheet", () => {
  it('paid a minute after it: never placed, refunded through the partner, and the mini-app told why', async () => {
    const partners = partnerClient(() => t);
    const { who } = await partners.session('GPAY');
    const passenger = { ...who, headers: { ...who.headers, storeid: '5101', deliverytype: 'IRCTC' } };
    const c = orderClient(t, passenger);
    const cart = await c.cart([pizza(FARMHOUSE, SIZE.M)]);
    const result = ok(
      await c.confirm(
        c.body(
          cart,
          { primaryPaymentId: 'UPI_WALLET' },
          { deliveryType: 'IRCTC', address: null, customerIrctcDetails: TICKET },
        ),
      ),
    );
    shift = 176 * MINUTE;
    const paid = await partners.sheet('GPAY', result.partnerPayment!.orderRef);
    expect(paid.status).toBe('captured');
    const answer = ok(
      await partners.miniAppPay(passenger, {
        transactionId: result.transactionId,
        paymentId: paid.paymentId,
        status: 'SUCCESS',
      }),
    );
    expect(answer).toMatchObject({ status: 'FAILED', displayMsg: TRAIN_ORDER_TEXTS.payLate });
    expect((await orders.findOrder(t.database.db, result.orderId))!.status).toBe('failed');
    const payment = await paymentOf(result.orderId);
    expect(payment.failureCode).toBe('TRAIN_PAY_LATE');
    expect(['refund_pending', 'refunded']).toContain(payment.state);
  });
});

describe("an unpaid order's cut-off follows the train", () => {
  /** A card order to Bhopal, confirmed and not paid yet; the train then runs `minutes` late (early if negative). */
  async function unpaidWhileTrainMoves(minutes: number) {
    const train = await trainCart(t);
    const result = ok(await train.c.confirm(train.body(TICKET)));
    const booked = trainOf((await orders.findOrder(t.database.db, result.orderId))!.snapshot)!;
    await railSwitches(() => t).delay('12622', minutes);
    // three watches at once (three processes): the booking moves once, by the train's delay
    const runs = await Promise.all([1, 2, 3].map(() => watch()));
    const moved = runs.map((r) => (JSON.parse(r.body) as { moved: number }).moved);
    expect(moved.reduce((n, m) => n + m, 0)).toBeGreaterThanOrEqual(1);
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    expect(row.status).toBe('payment_pending');
    expect(row.promisedAt).toBeNull();
    const now = trainOf(row.snapshot)!;
    for (const key of ['expectedArrival', 'bookBy', 'payBy', 'cancelBy'] as const)
      expect(Date.parse(now[key]) - Date.parse(booked[key])).toBe(minutes * MINUTE);
    return { ...train, result };
  }

  it('an hour late: a card payment a minute after the old cut-off is placed, promised for the new arrival', async () => {
    const { c, result } = await unpaidWhileTrainMoves(60);
    shift = 176 * MINUTE;
    await follow((await payCard(result)).res);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    const row = (await orders.findOrder(t.database.db, result.orderId))!;
    expect(row.promisedAt!.toISOString()).toBe(
      new Date(Date.parse(trainOf(row.snapshot)!.expectedArrival)).toISOString(),
    );
  });

  it('30 minutes caught up: a card payment a minute after the new cut-off is refunded, never placed', async () => {
    const { c, result } = await unpaidWhileTrainMoves(-30);
    shift = 146 * MINUTE;
    await follow((await payCard(result)).res);
    expect(await c.status(result.transactionId)).toMatchObject({
      status: 'FAILED',
      displayMsg: TRAIN_ORDER_TEXTS.payLate,
    });
    await t.gateway.drainOutbox(new Date(Date.now() + shift));
    expect((await paymentOf(result.orderId)).state).toBe('refunded');
    expect(await refundsOf(result.orderId)).toHaveLength(1);
  });
});
