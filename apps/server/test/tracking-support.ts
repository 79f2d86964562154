import { expect } from 'vitest';
import type { CartItemInput } from '@crust/contract/cart';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  ConsoleOrderResponseSchema,
  ConsoleQueueResponseSchema,
  StaffSessionResponseSchema,
} from '@crust/contract/store-console';
import { TrackerResponseSchema } from '@crust/contract/tracking';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import { json } from './helpers.ts';
import { freshMobile, lastSms, newGuest, ok, orderClient } from './order-support.ts';
import type { Guest } from './cart-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * A cash-on-delivery order placed to the end (COD OTP read from the SMS sandbox) by a new guest, or by `who`.
 * Answers the order, its owner and the mobile number it was placed with.
 */
export async function placeCash(
  t: GatewayTestApp,
  opts: {
    who?: Guest;
    items?: CartItemInput[];
    details?: Partial<ConfirmOrderBody['orderDetails']>;
    storeId?: number;
  } = {},
) {
  const who = opts.who ?? (await newGuest(t, opts.storeId ?? 1001, opts.details?.deliveryType ?? 'D'));
  const c = orderClient(t, who);
  const cart = await c.cart(opts.items);
  const mobile = opts.details?.userDetails?.mobile ?? freshMobile();
  const body = c.body(
    cart,
    {},
    {
      userDetails: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile },
      ...opts.details,
    },
  );
  let result = ok(await c.confirm(body));
  if (result.nextAction === 'COD_OTP') {
    const code = /(\d{6})/.exec(await lastSms(t, mobile))?.[1];
    result = ok(await c.code(result.orderId, { code: code! }));
  }
  expect(result.nextAction).toBe('THANKYOU');
  return {
    orderId: result.orderId,
    transactionId: result.transactionId,
    who,
    client: c,
    mobile,
    cart,
    price: cart.price,
  };
}

/** A staff member's calls to the store console, logged in as `username`. */
export async function staffClient(t: GatewayTestApp, username: string, password: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: CONSOLE_PATHS.staffLogin,
    payload: { username, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = StaffSessionResponseSchema.parse(json(login)).data;
  const headers = { authorization: `Bearer ${session.token}` };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    session,
    headers,
    call,
    async queue(storeId: number, view: 'active' | 'done' = 'active') {
      const res = await call('GET', `${fillPath(CONSOLE_PATHS.consoleQueue, { storeId })}?view=${view}`);
      expect(res.statusCode, res.body).toBe(200);
      return ConsoleQueueResponseSchema.parse(json(res)).data;
    },
    moveRaw: (orderId: string, to: OrderStage, riderName?: string) =>
      call('POST', fillPath(CONSOLE_PATHS.consoleStage, { orderId }), {
        to,
        ...(riderName ? { riderName } : {}),
      }),
    async move(orderId: string, to: OrderStage, riderName?: string) {
      const res = await this.moveRaw(orderId, to, riderName);
      expect(res.statusCode, res.body).toBe(200);
      return ConsoleOrderResponseSchema.parse(json(res)).data;
    },
    cancelRaw: (orderId: string, reason: string) =>
      call('POST', fillPath(CONSOLE_PATHS.consoleCancel, { orderId }), { reason }),
  };
}

type StaffClient = Awaited<ReturnType<typeof staffClient>>;
const loggedIn = new WeakMap<GatewayTestApp, Map<string, Promise<StaffClient>>>();
/** One login per app and username: the login route is rate limited, as it should be. */
function reuse(t: GatewayTestApp, username: string, password: string): Promise<StaffClient> {
  let byName = loggedIn.get(t);
  if (!byName) loggedIn.set(t, (byName = new Map()));
  let client = byName.get(username);
  if (!client) byName.set(username, (client = staffClient(t, username, password)));
  return client;
}

export const storeStaff = (t: GatewayTestApp, storeId = 1001) =>
  reuse(t, `store${storeId}`, `pizza${storeId}`);
export const chainAdmin = (t: GatewayTestApp) => reuse(t, 'chainadmin', 'pizza-admin');

/** The tracker as its owner (headers) or a key holder reads it. */
export async function readTracker(
  t: GatewayTestApp,
  orderId: string,
  auth: { headers?: Record<string, string>; key?: string },
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${fillPath(API_PATHS.tracker, { orderId })}${auth.key ? `?key=${encodeURIComponent(auth.key)}` : ''}`,
    headers: auth.headers ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return TrackerResponseSchema.parse(json(res)).data;
}
