import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailsResponseSchema } from '@crust/contract/history';
import { PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { WalletService } from '../src/modules/wallet/service.ts';
import { newGuest, type Guest } from './cart-support.ts';
import { json } from './helpers.ts';
import type { GatewayTestApp } from './pg-support.ts';
import {
  checkout,
  createOrderApp,
  customers,
  freshMobile,
  GIFT_CARD_MOBILE,
  lastSms,
  ok,
  orderClient,
} from './order-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';

/**
 * Issue 11 §5 "Payment words": the gift card is a gift card, cash is "on delivery" only when it is delivered,
 * and "Last used" is the method that paid the customer's last placed order — in the order summary, the order
 * details of history (which the invoice prints) and the store's queue.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { pg, payCard, follow } = checkout(() => t);
const newCustomer = customers(() => t);

const paidLines = (summary: { paymentSummary: { label: string }[] }) =>
  summary.paymentSummary.map((l) => l.label).filter((l) => /^(Paid|Cash)/.test(l));

async function details(who: Guest, orderId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: fillPath(API_PATHS.orderDetails, { orderId }),
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailsResponseSchema.parse(json(res)).data.orderDetails;
}

async function queueMethod(orderId: string, storeId = 1001) {
  const staff = await storeStaff(t, storeId);
  const queue = await staff.queue(storeId);
  return queue.orders.find((o) => o.id === orderId)?.payment.method;
}

async function lastUsed(who: Guest) {
  const res = await t.app.inject({
    method: 'GET',
    url: fillPath(API_PATHS.paymentOptions, { storeId: 1001 }),
    headers: who.headers,
  });
  const body = PaymentOptionsResponseSchema.parse(json(res));
  if (body.status !== 'SUCCESS') throw new Error(res.body);
  return body.data.lastUsed;
}

describe('cash is named for how the order reaches the customer', () => {
  it.each([
    ['D', 'Cash on delivery'],
    ['T', 'Cash at pickup'],
    ['DINEIN', 'Cash at the restaurant'],
  ] as const)('a %s cash order: "%s" in the summary, history and the store queue', async (type, words) => {
    const who = await newGuest(t, 1001, type);
    const placed = await placeCash(t, { who, details: { deliveryType: type } });
    const summary = await placed.client.summary(placed.orderId);
    expect(paidLines(summary)).toEqual([words]);
    expect(paidLines(await details(who, placed.orderId))).toEqual([words]);
    expect(await queueMethod(placed.orderId)).toBe(words);
    if (type !== 'D') expect(JSON.stringify(summary)).not.toMatch(/on delivery/i);
  });

  it("the takeaway COD code's text says how the cash is paid", async () => {
    const mobile = freshMobile();
    const c = orderClient(t, await newGuest(t, 1001, 'T'));
    const cart = await c.cart();
    ok(
      await c.confirm(
        c.body(
          cart,
          { primaryPaymentId: 'CASH' },
          {
            deliveryType: 'T',
            userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
          },
        ),
      ),
    );
    expect(await lastSms(t, mobile)).toMatch(/to confirm your order \(cash at pickup\)/);
  });
});

describe('the gift card is a gift card', () => {
  it.each(['CASHCRD', 'EVOUCHER'] as const)(
    'paid with GCCRUST2000 chosen as %s: "Paid by gift card" everywhere, never "cash card"',
    async (option) => {
      const who = await newGuest(t);
      const c = orderClient(t, who);
      const cart = await c.cart();
      const result = ok(
        await c.confirm(
          c.body(cart, { primaryPaymentId: option, instrumentDetails: { evoucherCode: 'GCCRUST2000' } }),
        ),
      );
      expect(result.nextAction).toBe('EV_OTP');
      const code = /(\d{6})/.exec(await lastSms(t, GIFT_CARD_MOBILE))![1]!;
      expect(ok(await c.code(result.orderId, { code })).nextAction).toBe('THANKYOU');
      const summary = await c.summary(result.orderId);
      expect(paidLines(summary)).toEqual(['Paid by gift card']);
      expect(JSON.stringify(summary)).not.toMatch(/cash card/i);
      expect(paidLines(await details(who, result.orderId))).toEqual(['Paid by gift card']);
      expect(await queueMethod(result.orderId)).toBe('Gift card');
    },
  );
});

describe('"Last used" is the method that paid the last placed order', () => {
  it('after a cash order and then a UPI order: UPI', async () => {
    const who = await newCustomer();
    await placeCash(t, { who });
    expect((await lastUsed(who))?.methodCode).toBe('CASH');
    const c = orderClient(t, who);
    const result = ok(
      await c.confirm(
        c.body(await c.cart(), {
          primaryPaymentId: 'UPI_WALLET',
          instrumentDetails: { upi: { mode: 'INTENT' } },
        }),
      ),
    );
    const link = new URL(result.upiDeepLink!);
    await pg.post('/sandbox/pg/upi/pay', { ...Object.fromEntries(link.searchParams), decision: 'approve' });
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect(await lastUsed(who)).toEqual({ methodCode: 'UPI_WALLET' });
  });

  it('a card chosen, then UPI on the same gateway order before paying: UPI paid, and says so', async () => {
    const who = await newCustomer();
    const c = orderClient(t, who);
    const cart = await c.cart();
    const byCard = ok(await c.confirm(c.body(cart, { primaryPaymentId: 'CC' })));
    expect(byCard.nextAction).toBe('PROCESS_PAYMENT');
    // back on /payment, UPI instead: the same order and gateway order
    const byUpi = ok(
      await c.confirm(
        c.body(cart, { primaryPaymentId: 'UPI_WALLET', instrumentDetails: { upi: { mode: 'INTENT' } } }),
      ),
    );
    expect(byUpi.orderId).toBe(byCard.orderId);
    const link = new URL(byUpi.upiDeepLink!);
    await pg.post('/sandbox/pg/upi/pay', { ...Object.fromEntries(link.searchParams), decision: 'approve' });
    expect((await c.status(byUpi.transactionId)).status).toBe('SUCCESS');
    expect(paidLines(await c.summary(byUpi.orderId))).toEqual(['Paid by UPI']);
    expect(await queueMethod(byUpi.orderId)).toBe('UPI');
    expect(await lastUsed(who)).toEqual({ methodCode: 'UPI_WALLET' });
  });

  it('a card order then a wallet-only order: the wallet, and no card details', async () => {
    const who = await newCustomer();
    const c = orderClient(t, who);
    const byCard = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    await follow((await payCard(byCard)).res);
    expect(await lastUsed(who)).toMatchObject({ methodCode: 'CC', cardLast4: '1111' });
    await new WalletService(t.database.db).credit(who.userId, 500_000, 'test-topup');
    const cart = await c.cart();
    const walletOnly = ok(
      await c.confirm(c.body(cart, { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' })),
    );
    expect(walletOnly.nextAction).toBe('THANKYOU');
    expect(await lastUsed(who)).toEqual({ methodCode: 'PIGGYBANK' });
  });
});
