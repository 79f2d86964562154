import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paise } from '@crust/domain/money';
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from '../src/providers/payments/outbox.ts';
import { WebhookEventSchema } from '../src/providers/payments/webhook.ts';
import { json } from './helpers.ts';
import { createGatewayApp, eventsOf, gatewayClient, type GatewayTestApp } from './pg-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp();
});
afterAll(() => t.close());
const c = gatewayClient(() => t);

/** Delivers everything already due, and forgets earlier deliveries, so each test sees its own. */
async function quiet() {
  await c.resetModes();
  t.answerWith(() => 200);
  await t.gateway.drainOutbox(new Date(Date.now() + 24 * 3600_000));
  t.deliveries.length = 0;
}
beforeEach(quiet);

/** A card payment paid to the end; answers its ids. */
async function paidByCard(amountPaise = 49_900) {
  const order = await c.createOrder({ amountPaise });
  const paymentId = await c.cardToOtp(order.gatewayOrderId);
  const res = await c.submitOtp(paymentId, '123456');
  return { order, paymentId, res };
}

const outboxOf = async (gatewayOrderId: string) =>
  json(await c.get(`/sandbox/pg/webhooks?gatewayOrderId=${gatewayOrderId}`)).items as {
    eventId: string;
    event: string;
    attempts: number;
    deliveredAt: string | null;
    nextAttemptAt: string | null;
    lastError: string | null;
  }[];

describe('webhooks', () => {
  it('are written with the outcome and delivered signed, with a unique event id each', async () => {
    const { order, paymentId } = await paidByCard();
    const queued = await outboxOf(order.gatewayOrderId);
    expect(queued.map((w) => w.event)).toEqual(['payment.authorized', 'payment.captured']);
    expect(t.deliveries).toEqual([]);

    expect(await t.gateway.drainOutbox(new Date())).toEqual({ delivered: 2, failed: 0 });
    expect(t.deliveries).toHaveLength(2);
    for (const d of t.deliveries) {
      expect(d.url).toBe(t.config.pgWebhookUrl);
      expect(d.headers['content-type']).toBe('application/json');
      const signature = d.headers['x-sandbox-signature']!;
      expect(signature).toBe(createHmac('sha256', t.config.pgWebhookSecret).update(d.body).digest('hex'));
      expect(t.gateway.verifySignature(d.body, signature)).toBe(true);
      expect(t.gateway.verifySignature(Buffer.from(d.body), signature)).toBe(true);
      const event = WebhookEventSchema.parse(JSON.parse(d.body));
      expect(d.headers['x-sandbox-event-id']).toBe(event.id);
    }
    const [authorized, captured] = eventsOf(t.deliveries);
    expect(authorized.event).toBe('payment.authorized');
    expect(authorized.payload.payment).toMatchObject({ paymentId, status: 'authorized', cardLast4: '1111' });
    expect(captured.event).toBe('payment.captured');
    expect(captured.payload.payment).toMatchObject({ paymentId, status: 'captured', amountPaise: 49_900 });
    expect(authorized.id).toMatch(/^evt_/);
    expect(authorized.id).not.toBe(captured.id);
    expect(
      (await outboxOf(order.gatewayOrderId)).every((w) => w.deliveredAt && w.nextAttemptAt === null),
    ).toBe(true);
    // delivered is delivered
    expect(await t.gateway.drainOutbox(new Date(Date.now() + 3600_000))).toEqual({ delivered: 0, failed: 0 });
  });

  it('sends payment.failed for a failed payment', async () => {
    const order = await c.createOrder();
    const paymentId = c.paymentIdOf(
      await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/netbanking`, { bank: 'UTIB' }),
    );
    await c.post(`/sandbox/pg/payments/${paymentId}/bank`, { outcome: 'failure' });
    await t.gateway.drainOutbox(new Date());
    const [failed] = eventsOf(t.deliveries);
    expect(failed.event).toBe('payment.failed');
    expect(failed.payload.payment).toMatchObject({ status: 'failed', errorCode: 'BANK_FAILURE' });
  });

  it('are retried with backoff until delivered', async () => {
    const { order } = await paidByCard();
    // the receiver is down for the first try of each, then answers
    t.answerWith((_, i) => (i === 0 ? new Error('connect ECONNREFUSED') : i === 1 ? 500 : 204));
    const now = new Date();
    expect(await t.gateway.drainOutbox(now)).toEqual({ delivered: 0, failed: 2 });
    let rows = await outboxOf(order.gatewayOrderId);
    expect(rows.map((r) => r.lastError)).toEqual(['connect ECONNREFUSED', 'HTTP 500']);
    expect(rows.every((r) => r.attempts === 1 && r.deliveredAt === null)).toBe(true);
    expect(rows[0]!.nextAttemptAt).toBe(new Date(now.getTime() + 1000).toISOString());

    // not due yet
    expect(await t.gateway.drainOutbox(new Date(now.getTime() + 500))).toEqual({ delivered: 0, failed: 0 });
    expect(await t.gateway.drainOutbox(new Date(now.getTime() + 1000))).toEqual({ delivered: 2, failed: 0 });
    rows = await outboxOf(order.gatewayOrderId);
    expect(rows.every((r) => r.attempts === 2 && r.deliveredAt !== null && r.lastError === null)).toBe(true);
    // the same event id and bytes on the retry
    expect(t.deliveries[2]!.body).toBe(t.deliveries[0]!.body);
  });

  it('back off from 1 s, doubling, to at most 5 minutes, and give up after the last attempt', async () => {
    expect([1, 2, 3, 4, 10, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 300_000, 300_000]);
    const { order } = await paidByCard();
    t.answerWith(() => 503);
    let now = Date.now();
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS + 2; i++) {
      await t.gateway.drainOutbox(new Date(now));
      now += 10 * 60_000;
    }
    const rows = await outboxOf(order.gatewayOrderId);
    expect(rows.map((r) => r.attempts)).toEqual([MAX_WEBHOOK_ATTEMPTS, MAX_WEBHOOK_ATTEMPTS]);
    expect(rows.every((r) => r.nextAttemptAt === null && r.deliveredAt === null)).toBe(true);
  });

  it('are delivered N times under one event id in duplicate mode', async () => {
    await c.setModes({ duplicateWebhooks: 3 });
    const { paymentId } = await paidByCard();
    await t.gateway.drainOutbox(new Date());
    const events = eventsOf(t.deliveries);
    expect(events).toHaveLength(6);
    const captured = events.filter((e) => e.event === 'payment.captured');
    expect(captured).toHaveLength(3);
    expect(new Set(captured.map((e) => e.id)).size).toBe(1);
    expect(captured.every((e) => e.payload.payment.paymentId === paymentId)).toBe(true);
    expect(new Set(t.deliveries.map((d) => d.headers['x-sandbox-signature'])).size).toBe(2);
  });

  it('arrive in another order in shuffle mode', async () => {
    await c.setModes({ shuffleWebhooks: true });
    const written: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { paymentId } = await paidByCard();
      written.push(`${paymentId}:payment.authorized`, `${paymentId}:payment.captured`);
    }
    const arrived = () => eventsOf(t.deliveries).map((e) => `${e.payload.payment.paymentId}:${e.event}`);

    await t.gateway.drainOutbox(new Date());
    expect(arrived()).toHaveLength(12);
    expect(new Set(arrived())).toEqual(new Set(written));
    // the very order of writing would be a 1 in 479 001 600 chance
    expect(arrived()).not.toEqual(written);

    // without the mode, the order of writing
    await quiet();
    written.length = 0;
    for (let i = 0; i < 3; i++) {
      const { paymentId } = await paidByCard();
      written.push(`${paymentId}:payment.authorized`, `${paymentId}:payment.captured`);
    }
    await t.gateway.drainOutbox(new Date());
    expect(arrived()).toEqual(written);
  });

  it('are delivered once by two processes draining at once', async () => {
    const { order } = await paidByCard();
    await Promise.all([t.gateway.drainOutbox(new Date()), t.gateway.drainOutbox(new Date())]);
    expect(t.deliveries).toHaveLength(2);
    expect((await outboxOf(order.gatewayOrderId)).every((r) => r.attempts === 1)).toBe(true);
  });

  it('are refused when tampered with', async () => {
    await paidByCard();
    await t.gateway.drainOutbox(new Date());
    const { body, headers } = t.deliveries[0]!;
    const signature = headers['x-sandbox-signature']!;
    expect(t.gateway.verifySignature(body, signature)).toBe(true);
    expect(t.gateway.verifySignature(body.replace('49900', '100'), signature)).toBe(false);
    expect(
      t.gateway.verifySignature(
        body,
        signature.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')),
      ),
    ).toBe(false);
    expect(t.gateway.verifySignature(body, signature.slice(0, 10))).toBe(false);
    expect(t.gateway.verifySignature(body, '')).toBe(false);
    const forged = createHmac('sha256', 'not-the-secret').update(body).digest('hex');
    expect(t.gateway.verifySignature(body, forged)).toBe(false);
  });
});

describe('callback signatures', () => {
  it('cover the order, the payment and the status', async () => {
    const { res } = await paidByCard();
    const params = c.callbackOf(res);
    expect(t.gateway.verifyCallback(params)).toBe(true);
    expect(t.gateway.verifyCallback({ ...params, status: 'failed' })).toBe(false);
    expect(t.gateway.verifyCallback({ ...params, paymentId: 'pay_AAAAAAAAAAAAAA' })).toBe(false);
    expect(t.gateway.verifyCallback({ ...params, signature: params.signature.toUpperCase() })).toBe(true);
    expect(t.gateway.verifyCallback({ ...params, signature: '' })).toBe(false);
  });
});

describe('refunds', () => {
  it('refund once per receipt and send refund.processed', async () => {
    const { paymentId } = await paidByCard(49_900);
    await t.gateway.drainOutbox(new Date());
    t.deliveries.length = 0;

    const receipt = `RF-${paymentId}`;
    const first = await t.gateway.refund(paymentId, paise(10_000), receipt);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^rfnd_/),
      paymentId,
      amountPaise: 10_000,
      receipt,
      status: 'processed',
      createdAt: expect.any(String),
    });
    const again = await t.gateway.refund(paymentId, paise(10_000), receipt);
    expect(again).toEqual(first);
    const raced = await Promise.all(
      Array.from({ length: 10 }, () => t.gateway.refund(paymentId, paise(10_000), receipt)),
    );
    expect(new Set(raced.map((r) => r.refundId))).toEqual(new Set([first.refundId]));
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amountRefundedPaise: 10_000,
    });

    await t.gateway.drainOutbox(new Date());
    const events = eventsOf(t.deliveries);
    expect(events.map((e) => e.event)).toEqual(['refund.processed']);
    expect(events[0].payload.refund).toEqual(first);
    expect(events[0].payload.payment).toMatchObject({ paymentId, amountRefundedPaise: 10_000 });
    expect(
      t.gateway.verifySignature(t.deliveries[0]!.body, t.deliveries[0]!.headers['x-sandbox-signature']!),
    ).toBe(true);
  });

  it('never refund more than was paid, even raced', async () => {
    const { paymentId } = await paidByCard(30_000);
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => t.gateway.refund(paymentId, paise(10_000), `RF-${paymentId}-${i}`)),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = tries.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual([
      'REFUND_EXCEEDS_PAYMENT',
      'REFUND_EXCEEDS_PAYMENT',
    ]);
    expect(await t.gateway.fetchPayment(paymentId)).toMatchObject({ amountRefundedPaise: 30_000 });
  });

  it('refuse unknown and unpaid payments and a receipt used for another refund', async () => {
    const { paymentId } = await paidByCard();
    await t.gateway.refund(paymentId, paise(100), `RF-${paymentId}`);
    await expect(t.gateway.refund(paymentId, paise(200), `RF-${paymentId}`)).rejects.toMatchObject({
      code: 'RECEIPT_IN_USE',
    });
    await expect(t.gateway.refund('pay_AAAAAAAAAAAAAA', paise(100), 'RF-x')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const order = await c.createOrder();
    const pending = await c.cardToOtp(order.gatewayOrderId);
    await expect(t.gateway.refund(pending, paise(100), `RF-${pending}`)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_CAPTURED',
    });
    // the refused refund left no receipt behind: it can be used once the payment is captured
    await c.submitOtp(pending, '123456');
    expect(await t.gateway.refund(pending, paise(100), `RF-${pending}`)).toMatchObject({
      status: 'processed',
    });
  });

  it('are there over HTTP too', async () => {
    const { paymentId } = await paidByCard();
    const body = { amountPaise: 5_000, receipt: `RF-${paymentId}` };
    const res = await c.api('POST', `/sandbox/pg/v1/payments/${paymentId}/refunds`, body);
    expect(res.statusCode, res.body).toBe(200);
    const again = await c.api('POST', `/sandbox/pg/v1/payments/${paymentId}/refunds`, body);
    expect(json(again).refundId).toBe(json(res).refundId);
    const over = await c.api('POST', `/sandbox/pg/v1/payments/${paymentId}/refunds`, {
      amountPaise: 1_00_000,
      receipt: `RF2-${paymentId}`,
    });
    expect(over.statusCode).toBe(400);
    expect(json(over).error.code).toBe('REFUND_EXCEEDS_PAYMENT');
    const anonymous = await c.api('POST', `/sandbox/pg/v1/payments/${paymentId}/refunds`, body, null);
    expect(anonymous.statusCode).toBe(401);
  });
});
