import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { authClient, customerHeaders } from './auth-support.ts';

import { freePort, overHttp, startServer, type LiveServer } from './live-server.ts';
import { BREADSTICKS, side } from './cart-support.ts';
import { newGuest, ok, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';
import { TEMPLATE_IDS } from './sms-support.ts';

/**
 * Issue 14 §3–4: Crust started as production runs it (NODE_ENV=production, tsx on src/main.ts), its "real"
 * providers being a second server's sandboxes over HTTP — Razorpay at /sandbox/pg/razorpay, Gupshup at
 * /sandbox/sms/gupshup — places a card order and a cash order whose code comes by SMS, and its log at trace
 * level holds none of the secrets, codes or card numbers of the journey. Its data folder was first started in
 * development (issue 28 §4): the demo's e-vouchers and gift card, their PINs published, pay nothing in production.
 */
const CARD = '4111111111111111';
const secret = () => randomBytes(32).toString('base64url');
const PG = { PG_KEY_ID: 'rzp_test_prodmode01', PG_KEY_SECRET: secret(), PG_WEBHOOK_SECRET: secret() };
const SMS = {
  SMS_USER_ID: '2000555001',
  SMS_PASSWORD: secret(),
  SMS_SENDER_ID: 'CRUSTP',
  SMS_PRINCIPAL_ENTITY_ID: '1101161234567890555',
  SMS_TEMPLATE_IDS: TEMPLATE_IDS,
  SMS_DLR_TOKEN: secret(),
};
const PROD_SESSION_SECRET = secret();
/** the rail provider's account (issue 16 §1): the providers' server plays it with this key */
const RAIL_API_KEY = secret();

let providers: LiveServer;
let crust: LiveServer;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'crust-prod-'));
  dirs.push(dir);
  return dir;
};

/** A data folder seeded as a development start seeds it: demo logins, e-vouchers and gift card. */
async function developmentDataDir(): Promise<string> {
  const dir = dataDir();
  const database = await openDatabase({ dataDir: dir });
  try {
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
  return dir;
}

beforeAll(async () => {
  const [providerPort, crustPort] = [await freePort(), await freePort()];
  const crustDir = await developmentDataDir();
  // the gateway's and the SMS provider's side: a development server whose sandboxes play them
  providers = await startServer(providerPort, {
    ...PG,
    ...SMS,
    DATA_DIR: dataDir(),
    SESSION_SECRET: secret(),
    // Razorpay posts its webhooks to Crust's URL (+ /razorpay)
    PG_WEBHOOK_URL: `http://127.0.0.1:${crustPort}/api/v1/payments/webhook`,
    PG_OUTBOX_INTERVAL_MS: '200',
    RAIL_API_KEY,
  });
  crust = await startServer(crustPort, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'trace',
    DATA_DIR: crustDir,
    SESSION_SECRET: PROD_SESSION_SECRET,
    PUBLIC_URL: `http://127.0.0.1:${crustPort}`,
    PAYMENT_GATEWAYS: 'razorpay',
    RAZORPAY_BASE_URL: `${providers.base}/sandbox/pg/razorpay`,
    RAZORPAY_KEY_ID: PG.PG_KEY_ID,
    RAZORPAY_KEY_SECRET: PG.PG_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: PG.PG_WEBHOOK_SECRET,
    SMS_PROVIDER: 'gupshup',
    SMS_BASE_URL: `${providers.base}/sandbox/sms/gupshup/GatewayAPI/rest`,
    ...SMS,
    RAIL_PROVIDER: 'api',
    RAIL_BASE_URL: `${providers.base}/sandbox/rail`,
    RAIL_API_KEY,
    // Web Push (issue 31 §14): nothing here subscribes, but production needs its pair
    ...VAPID_PRODUCTION_ENV,
  });
});

afterAll(async () => {
  await crust?.stop();
  await providers?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Crust's API on the production server; the sandboxes' pages and inbox on the providers' server. */
const both = (): GatewayTestApp => {
  const toCrust = overHttp(() => crust);
  const toProviders = overHttp(() => providers);
  return {
    app: {
      inject: (opts: { url: string }) =>
        (opts.url.startsWith('/sandbox/') ? toProviders : toCrust).app.inject(opts as never),
    },
  } as unknown as GatewayTestApp;
};

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The browser: a form posted to any origin, redirects not followed. */
const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const codes: string[] = [];

describe('a production server with real providers (the sandboxes of another server, over HTTP)', () => {
  it('starts as production: no sandboxes of its own', async () => {
    expect((await fetch(`${crust.base}/sandbox/sms`)).status).toBe(404);
    expect((await fetch(`${crust.base}/sandbox/pg/modes`)).status).toBe(404);
    expect((await fetch(`${crust.base}/sandbox/rail/modes`)).status).toBe(404);
    // nor a public API reference (issue 28 §9; API_DOCS=on would serve it)
    expect((await fetch(`${crust.base}/api/docs/`)).status).toBe(404);
    expect((await fetch(`${crust.base}/api/openapi.json`)).status).toBe(404);
  });

  it('reads a PNR through the rail provider’s API (issue 16 §1)', async () => {
    const t = both();
    const guest = await newGuest(t);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.pnrStatus,
      payload: { pnr: '2451234567' },
      headers: guest.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 'SUCCESS',
      data: { pnr: '2451234567', trainInfo: { trainNo: '12622' }, seatInfo: { coach: 'B2', berth: '34' } },
    });
    // read by GET too: the PNR is in the request's URL, which the access log holds
    const byGet = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.pnrStatus}?pnr=2451234567`,
      headers: guest.headers,
    });
    expect(byGet.statusCode, byGet.body).toBe(200);
  });

  it.each([
    ['EVCRUST500', 'EVOUCHER'],
    ['EVCRUST2000', 'EVOUCHER'],
    ['GCCRUST2000', 'CASHCRD'],
    ['GCCRUST2000', 'EVOUCHER'],
  ] as const)(
    'refuses the demo voucher %s (paid as %s) left by the development start',
    async (code, option) => {
      const t = both();
      const c = orderClient(t, await newGuest(t));
      const answer = await c.confirm(
        // a cart each voucher's demo balance covers: what is refused is the voucher, not its balance
        c.body(await c.cart([side(BREADSTICKS)]), {
          primaryPaymentId: option,
          instrumentDetails: { evoucherCode: code },
        }),
      );
      expect(answer).toMatchObject({ status: 'FAILED', errors: [{ code: 'EVOUCHER_INVALID' }] });
    },
  );

  it('takes a card payment through Razorpay: the form to the gateway, the OTP, the signed callback', async () => {
    const t = both();
    const c = orderClient(t, await newGuest(t));
    const result = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    expect(result.nextAction).toBe('PROCESS_PAYMENT');
    expect(result.formPostUrl).toBe(`${providers.base}/sandbox/pg/razorpay/v1/payments/create/checkout`);
    expect(result.formFields!.callback_url).toBe(
      `${crust.base}/api/v1/payments/callback?transactionId=${result.transactionId}`,
    );
    const names = result.inputNames!;
    const card = await postForm(result.formPostUrl!, {
      ...result.formFields,
      [names.number!]: CARD,
      [names.expiryMonth!]: '12',
      [names.expiryYear!]: String(new Date().getFullYear() + 2),
      [names.cvv!]: '123',
      [names.name!]: 'Asha Verma',
    });
    expect(card.status, await card.clone().text()).toBe(303);
    const paymentPage = `${providers.base}${card.headers.get('location')}`;
    const otp = await postForm(`${paymentPage}/otp`, { otp: '123456' });
    const html = await otp.text();
    expect(otp.status, html).toBe(200);
    const action = /<form id="post-back" method="post" action="([^"]*)"/
      .exec(html)![1]!
      .replace(/&#38;/g, '&');
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(action.startsWith(crust.base)).toBe(true);
    const back = await postForm(action, fields);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/paymentTransaction?transactionId=${result.transactionId}`);
    expect((await c.status(result.transactionId)).status).toBe('SUCCESS');
    expect((await c.summary(result.orderId)).status).toBe('PLACED');
  });

  it('logs a customer in by an OTP sent through Gupshup, and takes a cash order whose code comes by SMS', async () => {
    const t = both();
    const auth = authClient(() => t);
    const mobile = auth.freshMobile();
    const sent = await auth.send(mobile, { names: { firstName: 'Asha', lastName: 'Rao' } });
    const login = await auth.latestCode(mobile);
    codes.push(login);
    const res = await auth.validate(mobile, sent.data.requestId, login);
    expect(res.statusCode, res.body).toBe(200);
    const s = JSON.parse(res.body).data as Parameters<typeof customerHeaders>[0];
    const c = orderClient(t, {
      userId: s.userId,
      headers: { ...customerHeaders(s), deliverytype: 'D' },
    });
    const result = ok(
      await c.confirm(
        c.body(
          await c.cart(),
          { primaryPaymentId: 'CASH' },
          { userDetails: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', mobile } },
        ),
      ),
    );
    expect(result.nextAction).toBe('COD_OTP');
    const cod = await auth.latestCode(mobile);
    expect(cod).not.toBe(login);
    codes.push(cod);
    const placed = await c.code(result.orderId, { code: cod });
    expect(placed.status).toBe('SUCCESS');
    expect((await c.summary(result.orderId)).status).toBe('PLACED');
  });

  it('logged the whole journey at trace level without a secret, a code or a card number', async () => {
    // the webhooks of the card payment have had time to arrive (the providers' outbox drains every 200 ms)
    await new Promise((r) => setTimeout(r, 1000));
    const log = crust.output();
    // trace level was on: the gateway calls are in it
    expect(log).toMatch(/"level":10,.*"msg":"razorpay call"/);
    expect(log).toContain('/api/v1/payments/webhook/razorpay');
    const never = {
      'the Razorpay key secret': PG.PG_KEY_SECRET,
      'the Razorpay webhook secret': PG.PG_WEBHOOK_SECRET,
      'the SMS password': SMS.SMS_PASSWORD,
      'the rail API key': RAIL_API_KEY,
      'the delivery-report token': SMS.SMS_DLR_TOKEN,
      'the session secret': PROD_SESSION_SECRET,
      'the card number': CARD,
      'the card number, grouped': '4111 1111 1111 1111',
      'the PNR': '2451234567',
      ...Object.fromEntries(codes.map((code, i) => [`code ${i + 1}`, code])),
    };
    for (const [what, value] of Object.entries(never)) expect(log.includes(value), what).toBe(false);
    // the gateway's side never logs a card either
    expect(providers.output().includes(CARD)).toBe(false);
  });
});
