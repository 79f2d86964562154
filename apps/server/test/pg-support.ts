import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { paise } from '@crust/domain/money';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/app-config.ts';
import type { Deliver } from '../src/providers/payments/outbox.ts';
import type { SandboxGateway } from '../src/providers/payments/sandbox-gateway.ts';
import { freshDatabase, json, seededDatabase, type TestApp } from './helpers.ts';

export interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface GatewayTestApp extends TestApp {
  gateway: SandboxGateway;
  /** every webhook delivery tried, in order, whatever its answer */
  deliveries: Delivery[];
  /** how the receiver answers a delivery (its index among all tries); 200 unless changed */
  answerWith(answer: (delivery: Delivery, index: number) => number | Error): void;
}

export interface GatewayAppOptions {
  /** load the demo data (stores, menus) the orders module needs; the gateway alone needs none */
  seed?: boolean;
  /** hand each delivery the receiver answers 200 to the app's own webhook route, as HTTP would */
  loopback?: boolean;
  /** the clock store hours and checkout read (buildApp's) */
  clock?: () => number;
}

/** The app on a fresh database with the sandbox gateway's webhooks captured rather than posted. */
export async function createGatewayApp(
  overrides: Partial<AppConfig> = {},
  { seed = false, loopback = false, clock }: GatewayAppOptions = {},
): Promise<GatewayTestApp> {
  const { database, drop } = await (seed ? seededDatabase() : freshDatabase());
  const deliveries: Delivery[] = [];
  let answer: (delivery: Delivery, index: number) => number | Error = () => 200;
  const built: { app?: FastifyInstance } = {};
  const deliver: Deliver = async (url, body, headers) => {
    const delivery = { url, body, headers };
    deliveries.push(delivery);
    const result = answer(delivery, deliveries.length - 1);
    if (result instanceof Error) throw result;
    if (!loopback || result !== 200 || !built.app) return { status: result };
    const res = await built.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: body,
      headers,
    });
    return { status: res.statusCode };
  };
  const config: AppConfig = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent', ...overrides };
  const app = await buildApp(config, { database, deliverWebhook: deliver, ...(clock ? { clock } : {}) });
  built.app = app;
  await app.ready();
  return {
    app,
    database,
    config,
    gateway: app.deps.sandboxGateway!,
    deliveries,
    answerWith: (fn) => {
      answer = fn;
    },
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const CALLBACK = '/paymentTransaction';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let receipts = 0;
/** A receipt no other test in the run uses. */
export const newReceipt = () =>
  `T${process.pid}${Date.now().toString(36)}${(receipts++).toString(36)}`.slice(0, 40);

export function gatewayClient(t: () => GatewayTestApp) {
  const basic = () =>
    `Basic ${Buffer.from(`${t().config.pgKeyId}:${t().config.pgKeySecret}`).toString('base64')}`;

  /** The gateway's JSON API with the merchant's credentials (or the ones given). */
  const api = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    authorization: string | null = basic(),
  ) =>
    t().app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: authorization ? { authorization } : {},
    });

  const createOrder = (over: { amountPaise?: number; receipt?: string; callbackUrl?: string } = {}) =>
    t().gateway.createOrder({
      amountPaise: paise(over.amountPaise ?? 49_900),
      currency: 'INR',
      receipt: over.receipt ?? newReceipt(),
      notes: { callbackUrl: over.callbackUrl ?? CALLBACK },
    });

  const get = (url: string) => t().app.inject({ method: 'GET', url });

  const post = (url: string, fields: Record<string, string>) =>
    t().app.inject({ method: 'POST', url, headers: FORM, payload: new URLSearchParams(fields).toString() });

  const postJson = (url: string, payload: object = {}) => t().app.inject({ method: 'POST', url, payload });

  const setModes = async (modes: object) => {
    const res = await postJson('/sandbox/pg/modes', modes);
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const resetModes = () => t().app.inject({ method: 'POST', url: '/sandbox/pg/modes/reset' });

  /** The payment id a page redirected to (`/sandbox/pg/payments/pay_…`). */
  function paymentIdOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string {
    expect(res.statusCode, res.body).toBe(303);
    const match = /^\/sandbox\/pg\/payments\/(pay_\w+)$/.exec(String(res.headers.location));
    expect(match, String(res.headers.location)).not.toBeNull();
    return match![1]!;
  }

  /** The callback a 303 sends the browser to, with its signature checked by the merchant's side. */
  function callbackOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
    expect(res.statusCode, res.body).toBe(303);
    const url = new URL(String(res.headers.location), 'http://crust.test');
    expect(url.pathname).toBe(CALLBACK);
    const params = {
      gatewayOrderId: url.searchParams.get('gatewayOrderId')!,
      paymentId: url.searchParams.get('paymentId')!,
      status: url.searchParams.get('status') as 'captured' | 'failed',
      signature: url.searchParams.get('signature')!,
    };
    expect(t().gateway.verifyCallback(params)).toBe(true);
    // and the signature is what the protocol says it is
    const expected = createHmac('sha256', t().config.pgKeySecret)
      .update(`${params.gatewayOrderId}|${params.paymentId}|${params.status}`)
      .digest('hex');
    expect(params.signature).toBe(expected);
    return params;
  }

  const validCard = {
    number: '4111 1111 1111 1111',
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cvv: '123',
    name: 'Asha Verma',
  };

  /** A card payment up to its OTP page; answers the payment id. */
  async function cardToOtp(orderId: string, card: Partial<typeof validCard> = {}) {
    const res = await post(`/sandbox/pg/pay/${orderId}/card`, { ...validCard, ...card });
    return paymentIdOf(res);
  }

  const submitOtp = (paymentId: string, otp: string) =>
    post(`/sandbox/pg/payments/${paymentId}/otp`, { otp, action: 'submit' });

  /** Every row of every pg_* table, as text: where a secret that leaked would show. */
  async function gatewayTablesText(): Promise<string> {
    const tables = ['pg_orders', 'pg_payments', 'pg_refunds', 'pg_webhook_outbox', 'pg_modes'];
    let text = '';
    for (const table of tables) {
      const res = await t().database.db.execute(sql.raw(`select t::text as row from ${table} t`));
      text += (res as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n') + '\n';
    }
    return text;
  }

  return {
    api,
    basic,
    createOrder,
    get,
    post,
    postJson,
    setModes,
    resetModes,
    paymentIdOf,
    callbackOf,
    validCard,
    cardToOtp,
    submitOtp,
    gatewayTablesText,
  };
}

/** The parsed webhook bodies delivered, in order of delivery. */
export const eventsOf = (deliveries: Delivery[]) => deliveries.map((d) => JSON.parse(d.body));
