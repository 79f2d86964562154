import { loadConfig } from '../src/config/app-config.ts';
import { freePort } from './live-server.ts';
import { createOrderApp } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/**
 * An app whose checkout pays through the real Razorpay adapter over HTTP, against the sandbox speaking Razorpay's
 * protocol (/sandbox/pg/razorpay/v1) on the same app, listening on `port`: the merchant's adapter calls Razorpay's
 * API on a socket, and the sandbox answers it.
 */
export async function createRazorpayApp(): Promise<{ t: GatewayTestApp; port: number }> {
  const port = await freePort();
  const base = loadConfig({ NODE_ENV: 'test' });
  const t = await createOrderApp({
    payments: {
      gateways: ['razorpay'],
      publicUrl: null,
      razorpay: {
        baseUrl: `http://127.0.0.1:${port}/sandbox/pg/razorpay`,
        keyId: base.pgKeyId,
        keySecret: base.pgKeySecret,
        webhookSecret: base.pgWebhookSecret,
      },
      payu: null,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, port };
}
