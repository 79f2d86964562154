import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { createGatewayApp, gatewayClient, type GatewayTestApp } from './pg-support.ts';

let t: GatewayTestApp | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = null;
});
const c = gatewayClient(() => t!);

describe('the gateway in a running server', () => {
  it('has its settings from the environment, derived keys included', () => {
    const dev = loadConfig({ SESSION_SECRET: 'a'.repeat(32), PORT: '4310' });
    expect(dev).toMatchObject({
      pgKeyId: 'rzp_sandbox_crust',
      pgWebhookUrl: 'http://127.0.0.1:4310/api/v1/payments/webhook',
      pgOutboxIntervalMs: 1000,
    });
    // another SESSION_SECRET, other keys; the same one, the same keys (several processes agree)
    expect(loadConfig({ SESSION_SECRET: 'b'.repeat(32) }).pgKeySecret).not.toBe(dev.pgKeySecret);
    expect(loadConfig({ SESSION_SECRET: 'a'.repeat(32) }).pgWebhookSecret).toBe(dev.pgWebhookSecret);
    expect(loadConfig({ NODE_ENV: 'test' }).pgOutboxIntervalMs).toBe(0);
    expect(
      loadConfig({
        PG_KEY_ID: 'rzp_test_1',
        PG_KEY_SECRET: 'key-secret',
        PG_WEBHOOK_SECRET: 'hook-secret',
        PG_WEBHOOK_URL: 'https://hooks.example/pg',
        PG_OUTBOX_INTERVAL_MS: '250',
      }),
    ).toMatchObject({
      pgKeyId: 'rzp_test_1',
      pgKeySecret: 'key-secret',
      pgWebhookSecret: 'hook-secret',
      pgWebhookUrl: 'https://hooks.example/pg',
      pgOutboxIntervalMs: 250,
    });
    expect(() => loadConfig({ PG_WEBHOOK_URL: 'ftp://x' })).toThrow(/PG_WEBHOOK_URL/);
    expect(() => loadConfig({ PG_OUTBOX_INTERVAL_MS: 'often' })).toThrow(/PG_OUTBOX_INTERVAL_MS/);
  });

  it('delivers webhooks on a timer, which stops when the app closes', async () => {
    t = await createGatewayApp({ pgOutboxIntervalMs: 20 });
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    await c.submitOtp(paymentId, '123456');
    await vi.waitFor(() => expect(t!.deliveries).toHaveLength(2), { timeout: 60_000, interval: 20 });
    const drains = vi.spyOn(t.gateway, 'drainOutbox');
    await t.app.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(drains).not.toHaveBeenCalled();
  });

  it('has no timer in tests unless asked', async () => {
    t = await createGatewayApp();
    const order = await c.createOrder();
    const paymentId = await c.cardToOtp(order.gatewayOrderId);
    await c.submitOtp(paymentId, '123456');
    await new Promise((r) => setTimeout(r, 100));
    expect(t.deliveries).toEqual([]);
  });

  it('never logs a card number or CVV, even at trace level', async () => {
    t = await createGatewayApp({ logLevel: 'trace' });
    // pino writes through sonic-boom straight to the file descriptor: catch it there
    const written: string[] = [];
    vi.spyOn(fs, 'writeSync').mockImplementation((_fd: number, data: unknown) => {
      written.push(String(data));
      return typeof data === 'string' ? Buffer.byteLength(data) : (data as Buffer).length;
    });
    vi.spyOn(fs, 'write').mockImplementation((_fd: number, data: unknown, ...rest: unknown[]) => {
      written.push(String(data));
      const done = rest.find((r) => typeof r === 'function') as ((e: null, n: number) => void) | undefined;
      done?.(null, typeof data === 'string' ? Buffer.byteLength(data) : (data as Buffer).length);
    });

    const order = await c.createOrder();
    const bad = await c.post(`/sandbox/pg/pay/${order.gatewayOrderId}/card`, {
      ...c.validCard,
      number: '4111 1111 1111 1112',
      cvv: '919',
    });
    expect(bad.statusCode).toBe(400);
    const paymentId = await c.cardToOtp(order.gatewayOrderId, { number: '4242424242424242', cvv: '919' });
    await c.submitOtp(paymentId, '123456');

    // the requests were logged …
    await vi.waitFor(() => expect(written.join('')).toContain(`/sandbox/pg/payments/${paymentId}/otp`), {
      timeout: 30_000,
    });
    const log = written.join('');
    expect(log).toContain(`/sandbox/pg/pay/${order.gatewayOrderId}/card`);
    // … but never their bodies
    for (const secret of ['4242424242424242', '4111111111111112', '4111+1111+1111+1112', '424242']) {
      expect(log).not.toContain(secret);
    }
    // a 3-digit CVV could turn up inside a timestamp, so look for the field rather than its value
    expect(log).not.toMatch(/cvv/i);
    expect(log).not.toMatch(/(?<![\d.])919(?![\d.])/);
  });
});
