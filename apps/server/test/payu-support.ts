import { expect } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import type { PaymentConfig } from '../src/config/payments.ts';
import { freePort, overHttp, type LiveServer } from './live-server.ts';
import { createOrderApp } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * The whole app with PayU as its only gateway, listening on a free port, and PayU played by its own sandbox at
 * /sandbox/pg/payu on that port: the adapter's calls (verify_payment, refunds, the S2S intent) and the browser's
 * posts go over real HTTP. The sandbox plays PayU with its own key id and secret as key and salt.
 */
export async function createPayuApp(): Promise<{ t: GatewayTestApp; base: string; http: GatewayTestApp }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sandbox = loadConfig({ NODE_ENV: 'test' });
  const payments: PaymentConfig = {
    gateways: ['payu'],
    publicUrl: null,
    razorpay: null,
    payu: {
      paymentUrl: `${base}/sandbox/pg/payu/_payment`,
      apiUrl: `${base}/sandbox/pg/payu/merchant/postservice.php?form=2`,
      key: sandbox.pgKeyId,
      salt: sandbox.pgKeySecret,
    },
  };
  const t = await createOrderApp({ payments, port, pgWebhookUrl: `${base}/api/v1/payments/webhook` });
  await t.app.listen({ port, host: '127.0.0.1' });
  const server = { base } as LiveServer;
  return { t, base, http: overHttp(() => server) };
}

export interface BrowserPage {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/** The customer's browser: form posts and page loads over HTTP, redirects not followed (each step is checked). */
export function browser(base: string) {
  const read = async (res: Response): Promise<BrowserPage> => ({
    status: res.status,
    location: res.headers.get('location'),
    body: await res.text(),
    headers: res.headers,
  });
  const url = (to: string) => new URL(to, base).toString();
  return {
    get: async (to: string) => read(await fetch(url(to), { redirect: 'manual' })),
    post: async (to: string, fields: Record<string, string>) =>
      read(
        await fetch(url(to), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        }),
      ),
  };
}

/** The post-back page's form (PayU's post back to surl/furl): where it goes and its fields. */
export function returnFormOf(page: BrowserPage): { action: string; fields: Record<string, string> } {
  expect(page.status, page.body).toBe(200);
  const form = /<form id="post-back" method="post" action="([^"]*)">(.*?)<\/form>/s.exec(page.body);
  expect(form, page.body).not.toBeNull();
  const fields: Record<string, string> = {};
  for (const m of form![2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
  return { action: unescapeHtml(form![1]!), fields };
}

/** The payment id a PayU request or hosted page redirected to (`/sandbox/pg/payments/pay_…`). */
export function paymentIdOf(page: BrowserPage): string {
  expect(page.status, page.body).toBe(303);
  const match = /^\/sandbox\/pg\/payments\/(pay_\w+)$/.exec(page.location ?? '');
  expect(match, page.location ?? '').not.toBeNull();
  return match![1]!;
}
