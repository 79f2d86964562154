import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AddressInput } from '@crust/contract/account';
import type { CartItemInput } from '@crust/contract/cart';
import {
  ConfirmAnswerResponseSchema,
  ConfirmOrderResponseSchema,
  OrderSummaryResponseSchema,
  PaymentStatusResponseSchema,
  type ConfirmOrderBody,
} from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { walletBalance } from '@crust/domain/wallet-ledger';
import type { AppConfig } from '../src/config/app-config.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import {
  cartClient,
  newGuest,
  pizza,
  side,
  BREADSTICKS,
  FARMHOUSE,
  SIZE,
  type Guest,
} from './cart-support.ts';
import { json } from './helpers.ts';
import { createGatewayApp, gatewayClient, type GatewayTestApp } from './pg-support.ts';

/** The whole app on a seeded database, its sandbox gateway's webhooks captured and, when drained, delivered to it. */
export const createOrderApp = (overrides: Partial<AppConfig> = {}): Promise<GatewayTestApp> =>
  createGatewayApp(overrides, { seed: true, loopback: true });

/** A delivery address inside store 1001's radius (Connaught Place, New Delhi). */
export const CP_ADDRESS: AddressInput = {
  type: 'Home',
  fName: 'Asha',
  lName: 'Verma',
  mobNo: '9876500001',
  email: 'asha@example.com',
  houseNo: 'B-12',
  address: 'Barakhamba Road',
  locality: 'Connaught Place',
  city: 'New Delhi',
  postalCode: '110001',
  latitude: 28.6315,
  longitude: 77.2245,
};

export const DEFAULT_ITEMS: CartItemInput[] = [pizza(FARMHOUSE, SIZE.M), side(BREADSTICKS)];

/** One customer (or guest) placing orders: a cart, then confirm, code, status, summary. */
export function orderClient(t: GatewayTestApp, who: Guest) {
  const carts = cartClient(t, who);
  return {
    who,
    carts,
    async cart(items: CartItemInput[] = DEFAULT_ITEMS) {
      return carts.ok(await carts.create(items));
    },
    body(
      cart: { cartId: string; price: number; deliveryType?: string },
      pay: Partial<ConfirmOrderBody['paymentDetails']> = {},
      details: Partial<ConfirmOrderBody['orderDetails']> = {},
    ): ConfirmOrderBody {
      const type = (details.deliveryType ??
        cart.deliveryType ??
        'D') as ConfirmOrderBody['orderDetails']['deliveryType'];
      return {
        orderDetails: {
          cartId: cart.cartId,
          deliveryType: type,
          userDetails: {
            firstName: 'Asha',
            lastName: 'Verma',
            email: 'asha@example.com',
            mobile: CP_ADDRESS.mobNo,
          },
          address: type === 'D' ? { address: CP_ADDRESS } : null,
          zeroContactDelivery: false,
          expectedTotalPaise: cart.price,
          duplicateConfirmed: true,
          ...details,
        },
        paymentDetails: { primaryPaymentId: 'CASH', secondaryPaymentId: null, ...pay },
      };
    },
    async confirmRaw(body: ConfirmOrderBody, key: string = randomUUID()) {
      return t.app.inject({
        method: 'POST',
        url: API_PATHS.orders,
        headers: { ...who.headers, 'idempotency-key': key },
        payload: body,
      });
    },
    async confirm(body: ConfirmOrderBody, key: string = randomUUID()) {
      const res = await this.confirmRaw(body, key);
      expect(res.statusCode, res.body).toBe(200);
      return ConfirmOrderResponseSchema.parse(json(res));
    },
    /** The confirm's answer as it may be: an order's next action, or REMOVE_PROMO (no order made). */
    async answer(body: ConfirmOrderBody, key: string = randomUUID()) {
      const res = await this.confirmRaw(body, key);
      expect(res.statusCode, res.body).toBe(200);
      return ConfirmAnswerResponseSchema.parse(json(res));
    },
    async code(orderId: string, payload: { code: string } | { resend: true }, key: string = randomUUID()) {
      const res = await t.app.inject({
        method: 'POST',
        url: fillPath(API_PATHS.orderCode, { orderId }),
        headers: { ...who.headers, 'idempotency-key': key },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ConfirmOrderResponseSchema.parse(json(res));
    },
    async status(transactionId: string) {
      const res = await t.app.inject({
        method: 'GET',
        url: fillPath(API_PATHS.paymentStatus, { transactionId }),
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return PaymentStatusResponseSchema.parse(json(res)).data;
    },
    async summary(orderId: string) {
      const res = await t.app.inject({
        method: 'GET',
        url: fillPath(API_PATHS.order, { orderId }),
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return OrderSummaryResponseSchema.parse(json(res)).data;
    },
  };
}

export const ok = <T>(
  o: { status: 'SUCCESS'; data: T } | { status: 'FAILED'; errors: { code: string }[] },
): T => {
  if (o.status !== 'SUCCESS') throw new Error(`expected SUCCESS, got ${JSON.stringify(o.errors)}`);
  return o.data;
};

export { newGuest };

/** The mobile registered to the demo gift card GCCRUST2000: its OTPs go there, whoever orders. */
export const GIFT_CARD_MOBILE = '9876543210';

/** The latest SMS text sent to a mobile (the sandbox inbox lists the newest first). */
export async function lastSms(t: GatewayTestApp, mobile: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?mobile=${mobile}` });
  const { messages } = JSON.parse(res.body) as { messages: { body: string }[] };
  return messages[0]?.body ?? '';
}

let mobiles = 0;
/** A mobile no other order of this run has used (so COD OTPs and duplicate checks start afresh). */
export const freshMobile = () =>
  `7${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(6, '0')}`;

/** A logged-in customer (OTP login), shaped like a guest for orderClient. */
export function customers(t: () => GatewayTestApp) {
  const auth = authClient(t);
  return async (deliveryType = 'D'): Promise<Guest> => {
    const s = (await auth.login(auth.freshMobile())) as Parameters<typeof customerHeaders>[0];
    return { userId: s.userId, headers: { ...customerHeaders(s), deliverytype: deliveryType } };
  };
}

/** The rows of a query, on PGlite and PostgreSQL alike. */
export async function rows<T = Record<string, unknown>>(t: GatewayTestApp, query: SQL): Promise<T[]> {
  const res = await t.database.db.execute(query);
  return (res as { rows: T[] }).rows;
}

export async function count(t: GatewayTestApp, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(t, query);
  return Number(row?.n ?? 0);
}

/** An order's rows as the database holds them. */
export async function orderRow(t: GatewayTestApp, orderId: string) {
  const [row] = await rows<{ status: string; state: string; version: number; refund_id: string | null }>(
    t,
    sql`select o.status, p.state, p.version, p.refund_id
          from orders o join payments p on p.order_id = o.id where o.id = ${orderId}`,
  );
  return row!;
}

/** The wallet's cached balance must be the ledger's available balance, never below 0; answers the fold. */
export async function expectWalletConsistent(t: GatewayTestApp, customerId: string) {
  const wallet = new WalletService(t.database.db);
  const cached = await wallet.balance(customerId);
  const folded = walletBalance(await wallet.ledger(customerId));
  expect(cached).toBe(folded.available);
  expect(cached).toBeGreaterThanOrEqual(0);
  return folded;
}

/** The gateway order a next action points at (card or UPI form, hosted page, or UPI deep link). */
export function gatewayOrderIdOf(result: {
  formPostUrl?: string | undefined;
  redirectUrl?: string | undefined;
  upiDeepLink?: string | undefined;
}): string {
  const id =
    /\/pay\/(order_\w+)/.exec(result.formPostUrl ?? result.redirectUrl ?? '')?.[1] ??
    /[?&]tr=(order_\w+)/.exec(result.upiDeepLink ?? '')?.[1];
  expect(id, JSON.stringify(result)).toBeDefined();
  return id!;
}

/** The sandbox gateway's pages as a customer's browser uses them, for orders placed through the API. */
export function checkout(t: () => GatewayTestApp) {
  const pg = gatewayClient(t);
  /** Pays a PROCESS_PAYMENT card answer with the test Visa up to the bank's answer; the page's reply. */
  async function payCard(result: { formPostUrl?: string | undefined }) {
    const paymentId = await pg.cardToOtp(gatewayOrderIdOf(result));
    return { paymentId, res: await pg.submitOtp(paymentId, '123456') };
  }
  /** The browser follows the gateway's 303 back to Crust. */
  async function follow(res: { statusCode: number; headers: Record<string, unknown> }) {
    expect(res.statusCode).toBe(303);
    const back = await t().app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(back.statusCode).toBe(303);
    return back;
  }
  /** A card order paid to the end: confirm, card, OTP, callback; answers the confirm result. */
  async function placeByCard(
    c: ReturnType<typeof orderClient>,
    body: Parameters<ReturnType<typeof orderClient>['confirm']>[0],
  ) {
    const result = ok(await c.confirm(body));
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    await follow((await payCard(result)).res);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    return result;
  }
  return { pg, payCard, follow, placeByCard };
}
