import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { authClient } from './auth-support.ts';

/** Per-address limits behind X-Forwarded-For (issue 11 §2; docs/security.md "Proxies"). */
let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [plain, proxied] = await Promise.all([
    createTestApp(),
    createTestApp({ trustProxy: { kind: 'addresses', addresses: ['10.60.0.1', '10.61.0.0/16'] } }),
  ]);
  // two seeded databases at once
});
afterAll(() => Promise.all([plain.close(), proxied.close()]));

const numbers = authClient(() => plain);
let forged = 0;
const forgedAddress = () => `203.0.113.${++forged % 250}`;

const send = (t: TestApp, peer: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.otpSend,
    payload: { mobile: numbers.freshMobile() },
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const successes = (answers: { body: string }[]) => answers.filter((a) => json(a).status === 'SUCCESS').length;

describe('X-Forwarded-For', () => {
  it('from any peer, by default, changes nothing: 40 sends with 40 forged addresses still stop at 30', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => send(plain, '10.50.0.1', forgedAddress())),
    );
    expect(successes(answers)).toBe(30);
  });

  it('from a peer that is not a configured proxy changes nothing either', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => send(proxied, '10.62.0.9', forgedAddress())),
    );
    expect(successes(answers)).toBe(30);
  });

  it('from a configured proxy names the client: each client has its own 30, one client no more', async () => {
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(proxied, i % 2 ? '10.60.0.1' : '10.61.3.4', forgedAddress())),
    );
    expect(successes(many)).toBe(40);
    // one client behind the proxy, with spoofed hops it added itself in front: the proxy's entry counts
    const one = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(proxied, '10.60.0.1', `198.51.100.${i}, 192.0.2.77`)),
    );
    expect(successes(one)).toBe(30);
  });
});
