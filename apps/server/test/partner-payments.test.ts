import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { hmacHex } from '../src/providers/payments/signatures.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { json } from './helpers.ts';
import { count, freshMobile, ok, orderClient, orderRow, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { createPartnerApp, hostMobile, partnerClient } from './partner-support.ts';

/**
 * Issue 18 §2, §4: a partner session pays through its host's sheet (decision 017: the partner's payments are a
 * gateway). The order is placed from the partner's own word (a status call, its signed notification), exactly
 * once, never from the browser's; a partner session cannot pay by Crust's wallet.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createPartnerApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await partners.reset('PAYTM');
  await partners.reset('GPAY');
  t.answerWith(() => 200);
  await partners.drain();
  t.deliveries.length = 0;
});

const partners = partnerClient(() => t);
const PRIMARY: Record<PartnerVendor, 'PAYTM_WALLET' | 'UPI_WALLET'> = {
  PAYTM: 'PAYTM_WALLET',
  GPAY: 'UPI_WALLET',
};
const PAYMENT_FAILED = 'Payment Failed. Please try again.';

/** A partner session with a cart, confirmed by its vendor's way to pay: the PROCESS_PAYMENT answer. */
async function partnerOrder(vendor: PartnerVendor) {
  const { who, session } = await partners.session(vendor);
  const c = orderClient(t, who);
  const cart = await c.cart();
  const mobile = freshMobile();
  const result = ok(
    await c.confirm(
      c.body(
        cart,
        { primaryPaymentId: PRIMARY[vendor] },
        {
          userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
        },
      ),
    ),
  );
  return { who, session, c, cart, result };
}

const paymentRow = async (orderId: string) =>
  (
    await rows<{
      gateway: string;
      state: string;
      gateway_payment_id: string | null;
      gateway_order_id: string;
    }>(
      t,
      sql`select gateway, state, gateway_payment_id, gateway_order_id from payments where order_id = ${orderId}`,
    )
  )[0]!;

describe('a partner session paying by its host', () => {
  for (const vendor of ['PAYTM', 'GPAY'] as const) {
    it(`${vendor}: PROCESS_PAYMENT with the host's sheet, then the sheet's payment places the order`, async () => {
      const { who, c, result } = await partnerOrder(vendor);
      expect(result.nextAction).toBe('PROCESS_PAYMENT');
      const pp = result.partnerPayment!;
      expect(pp).toMatchObject({
        vendor,
        transactionId: result.transactionId,
        amountPaise: result.amountPaise,
        merchantId: t.config.partners.accounts[vendor]!.merchantId,
      });
      expect(result.formPostUrl).toBeUndefined();
      const row = await paymentRow(result.orderId);
      expect(row).toMatchObject({ gateway: `${vendor}_MINIAPP`, gateway_order_id: pp.orderRef });
      // the sheet reads the amount from the partner's server, which Crust's server set
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/sandbox/partner/${vendor === 'PAYTM' ? 'paytm' : 'gpay'}/api/host/orders/${pp.orderRef}`,
      });
      expect(json(sheet)).toMatchObject({ amountPaise: result.amountPaise, paid: null });

      const paid = await partners.sheet(vendor, pp.orderRef);
      expect(paid.status).toBe('captured');
      const answer = ok(
        await partners.miniAppPay(who, {
          transactionId: result.transactionId,
          paymentId: paid.paymentId,
          status: 'SUCCESS',
        }),
      );
      expect(answer).toEqual({
        status: 'SUCCESS',
        action: 'THANKYOU',
        paymentId: paid.paymentId,
        transactionId: result.transactionId,
      });
      expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
      expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
      // asked again: the same answer, nothing moves
      expect(
        ok(
          await partners.miniAppPay(who, { transactionId: result.transactionId, paymentId: paid.paymentId }),
        ),
      ).toEqual(answer);
    });
  }

  it("is placed by the partner's signed notification alone (the app never calls back)", async () => {
    const { result } = await partnerOrder('PAYTM');
    // the host posts its notification as soon as the user paid
    await partners.sheet('PAYTM', result.partnerPayment!.orderRef);
    expect(t.deliveries.at(-1)?.url).toMatch(/\/api\/v1\/payments\/webhook\/paytm_miniapp$/);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'placed', state: 'success' });
  });

  it('a declined payment fails the order with the payment failure text', async () => {
    const { who, result } = await partnerOrder('GPAY');
    await partners.switches('GPAY', { decline: true });
    const declined = await partners.sheet('GPAY', result.partnerPayment!.orderRef);
    expect(declined.status).toBe('failed');
    const answer = ok(
      await partners.miniAppPay(who, {
        transactionId: result.transactionId,
        paymentId: declined.paymentId,
        status: 'SUCCESS',
      }),
    );
    expect(answer).toMatchObject({ status: 'FAILED', action: 'FAILED', displayMsg: PAYMENT_FAILED });
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed' });
  });
});

describe('changing the way to pay', () => {
  it("a card order switched to the host's own way to pay is replaced, and the new one goes to the host's sheet", async () => {
    const { who } = await partners.session('PAYTM');
    const c = orderClient(t, who);
    const cart = await c.cart();
    const card = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    expect(card.partnerPayment).toBeUndefined();
    // the same Pay replaces the card order and answers the host's sheet (issue 28 §2: no error, no second tap)
    const again = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'PAYTM_WALLET' })));
    expect(again.nextAction).toBe('PROCESS_PAYMENT');
    expect(again.partnerPayment?.vendor).toBe('PAYTM');
    expect(again.orderId).not.toBe(card.orderId);
  });
});

describe("the browser's word alone", () => {
  it('a payment id the partner does not know places nothing and changes nothing', async () => {
    const { who, result } = await partnerOrder('PAYTM');
    const res = await partners.miniAppPay(who, {
      transactionId: result.transactionId,
      paymentId: 'pp_made_up_by_the_browser',
      status: 'SUCCESS',
    });
    expect(res).toMatchObject({ status: 'FAILED', errors: [{ code: 'PARTNER_PAYMENT_UNKNOWN' }] });
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });
  });

  it("another order's payment does not pay this one", async () => {
    const a = await partnerOrder('PAYTM');
    const b = await partnerOrder('PAYTM');
    const paidA = await partners.sheet('PAYTM', a.result.partnerPayment!.orderRef);
    const res = await partners.miniAppPay(b.who, {
      transactionId: b.result.transactionId,
      paymentId: paidA.paymentId,
    });
    expect(res).toMatchObject({ status: 'FAILED', errors: [{ code: 'PARTNER_PAYMENT_UNKNOWN' }] });
    expect(await orderRow(t, b.result.orderId)).toMatchObject({ status: 'payment_pending' });
  });

  it("is refused for someone else's order (404)", async () => {
    const { result } = await partnerOrder('PAYTM');
    const paid = await partners.sheet('PAYTM', result.partnerPayment!.orderRef);
    const other = await partners.session('PAYTM');
    const res = await partners.miniAppPayRaw(other.who, {
      transactionId: result.transactionId,
      paymentId: paid.paymentId,
    });
    expect(res.statusCode).toBe(404);
  });

  it('a user who declined on the sheet never gets an order placed', async () => {
    const { who, result } = await partnerOrder('PAYTM');
    const declined = await partners.sheet('PAYTM', result.partnerPayment!.orderRef, 'decline');
    const answer = ok(
      await partners.miniAppPay(who, {
        transactionId: result.transactionId,
        paymentId: declined.paymentId,
        status: 'SUCCESS',
      }),
    );
    expect(answer.status).toBe('FAILED');
    await partners.drain();
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed' });
  });
});

describe('forged notifications', () => {
  const post = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_PATHS.paymentWebhook}/paytm_miniapp`,
      headers: { 'content-type': 'application/json', 'x-partner-signature': signature },
      payload: body,
    });
  const noticeOf = (orderRef: string, amountPaise: number) =>
    JSON.stringify({
      eventId: `evt_forged_${orderRef}_${amountPaise}`,
      event: 'payment.captured',
      payment: {
        paymentId: 'pp_forged',
        orderRef,
        status: 'captured',
        amountPaise,
        refundedPaise: 0,
        errorCode: null,
        createdAt: new Date().toISOString(),
      },
    });

  it('a bad signature, a wrong amount, another order: refused, and nothing changes', async () => {
    const { result } = await partnerOrder('PAYTM');
    const orderRef = result.partnerPayment!.orderRef;
    const bad = await post(noticeOf(orderRef, result.amountPaise), 'f'.repeat(64));
    expect(bad.statusCode).toBe(401);
    const unsigned = await post(noticeOf(orderRef, 1), '');
    expect(unsigned.statusCode).toBe(401);
    // signed with GPAY's key, sent as Paytm's
    const gpayKey = t.config.partners.accounts.GPAY!.notificationKey;
    const otherKey = await post(
      noticeOf(orderRef, result.amountPaise),
      hmacHex(gpayKey, noticeOf(orderRef, result.amountPaise)),
    );
    expect(otherKey.statusCode).toBe(401);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });
    expect(
      await count(
        t,
        sql`select count(*) as n from payment_events where provider = 'PAYTM_MINIAPP' and event_id like 'evt_forged%'`,
      ),
    ).toBe(0);
  });

  it('even a correctly signed notice of a payment the partner does not have places nothing: Crust asks the partner', async () => {
    const { result } = await partnerOrder('PAYTM');
    const body = noticeOf(result.partnerPayment!.orderRef, result.amountPaise);
    const res = await post(body, hmacHex(t.config.partners.accounts.PAYTM!.notificationKey, body));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });
  });
});

describe('a storm', () => {
  it('parallel mini-app payment calls, the notification (twice) and status polls settle the order once', async () => {
    const { who, c, result } = await partnerOrder('PAYTM');
    // the notification does not get through at first: the order is still open when the storm begins
    t.answerWith(() => 500);
    const paid = await partners.sheet('PAYTM', result.partnerPayment!.orderRef);
    t.answerWith(() => 200);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'payment_pending' });
    const body = { transactionId: result.transactionId, paymentId: paid.paymentId, status: 'SUCCESS' };
    const [notification] = await rows<{ body: string }>(
      t,
      sql`select body from sandbox_partner_notifications where body like ${`%${paid.paymentId}%`}`,
    );
    const signed = hmacHex(t.config.partners.accounts.PAYTM!.notificationKey, notification!.body);
    const redeliver = () =>
      t.app.inject({
        method: 'POST',
        url: `${API_PATHS.paymentWebhook}/paytm_miniapp`,
        headers: { 'content-type': 'application/json', 'x-partner-signature': signed },
        payload: notification!.body,
      });
    const outs = await Promise.all([
      ...Array.from({ length: 8 }, () => partners.miniAppPay(who, body)),
      partners.drain(),
      redeliver(),
      ...Array.from({ length: 4 }, () => c.status(result.transactionId)),
    ]);
    const answers = outs.slice(0, 8).map((o) => ok(o as Awaited<ReturnType<typeof partners.miniAppPay>>));
    // each call answers as the order stood when it asked: never FAILED, and SUCCESS once it is placed
    expect(answers.every((a) => a.status === 'SUCCESS' || a.status === 'WAIT')).toBe(true);
    expect(ok(await partners.miniAppPay(who, body)).status).toBe('SUCCESS');
    expect(await orderRow(t, result.orderId)).toMatchObject({
      status: 'placed',
      state: 'success',
      refund_id: null,
    });
    expect(
      await count(
        t,
        sql`select count(*) as n from orders where cart_id = ${result.orderId} or id = ${result.orderId}`,
      ),
    ).toBe(1);
    expect(
      await count(
        t,
        sql`select count(*) as n from payment_events where provider = 'PAYTM_MINIAPP' and gateway_order_id = ${result.partnerPayment!.orderRef}`,
      ),
    ).toBe(1);
    expect(
      await count(
        t,
        sql`select count(*) as n from sandbox_partner_refunds where payment_id = ${paid.paymentId}`,
      ),
    ).toBe(0);
    expect((await paymentRow(result.orderId)).gateway_payment_id).toBe(paid.paymentId);
  });
});

describe("Crust's wallet in a mini-app", () => {
  it('a partner session cannot pay by the wallet, and its payment options say the wallet is unusable', async () => {
    const mobile = hostMobile();
    const { who } = await partners.session('PAYTM', { mobile });
    const credit = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wallet/credit',
      payload: { mobile, amountPaise: 500_00 },
    });
    expect(credit.statusCode).toBe(200);
    const options = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.paymentOptions, { storeId: '1001' }),
      headers: who.headers,
    });
    const wallet = PaymentOptionsResponseSchema.parse(json(options)).data.wallet;
    expect(wallet).toMatchObject({ balancePaise: 500_00, usable: false });

    const c = orderClient(t, who);
    const cart = await c.cart();
    const split = await c.confirm(
      c.body(cart, { primaryPaymentId: 'PAYTM_WALLET', secondaryPaymentId: 'PIGGYBANK' }),
    );
    expect(split).toMatchObject({ status: 'FAILED', errors: [{ code: 'WALLET_UNAVAILABLE' }] });
    const only = await c.confirm(c.body(cart, { primaryPaymentId: 'PIGGYBANK' }));
    expect(only).toMatchObject({ status: 'FAILED', errors: [{ code: 'WALLET_UNAVAILABLE' }] });
    expect(await count(t, sql`select count(*) as n from orders where cart_id = ${cart.cartId}`)).toBe(0);
  });

  it('the same customer signed in by OTP still has a usable wallet', async () => {
    const mobile = hostMobile();
    await partners.session('PAYTM', { mobile });
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/wallet/credit',
      payload: { mobile, amountPaise: 100_00 },
    });
    const s = (await authClient(() => t).login(mobile)) as Parameters<typeof customerHeaders>[0];
    const options = await t.app.inject({
      method: 'GET',
      url: fillPath(API_PATHS.paymentOptions, { storeId: '1001' }),
      headers: customerHeaders(s),
    });
    expect(PaymentOptionsResponseSchema.parse(json(options)).data.wallet?.usable).toBe(true);
  });
});

describe('refunds through the partner', () => {
  it('money taken after the order lapsed is given back once, by the partner', async () => {
    const { result } = await partnerOrder('GPAY');
    // nobody paid in time: the reconciler lets the order lapse
    await t.app.deps.orders.reconcile(Date.now() + 3600_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed' });
    // then the host user pays on a sheet left open: the notification brings the money in, and it goes back
    const paid = await partners.sheet('GPAY', result.partnerPayment!.orderRef);
    await t.app.deps.orders.reconcile(Date.now() + 3600_000);
    expect(await orderRow(t, result.orderId)).toMatchObject({ status: 'failed', state: 'refunded' });
    const refunds = await rows<{ amount_paise: number }>(
      t,
      sql`select amount_paise from sandbox_partner_refunds where payment_id = ${paid.paymentId}`,
    );
    expect(refunds).toEqual([{ amount_paise: result.amountPaise }]);
  });
});
