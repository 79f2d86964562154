import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { GupshupSms } from '../src/providers/sms/gupshup.ts';
import type { GupshupAccount } from '../src/config/sms.ts';
import { readAnswer, sendForm } from '../src/providers/sms/gupshup-request.ts';
import { SmsError } from '../src/providers/sms/provider.ts';
import { SMS_KINDS, type SmsKind } from '../src/providers/sms/templates.ts';

/** The account of Gupshup's documented example (docs.gupshup.io "Send Messages to Single Number"), with DLT ids. */
const ACCOUNT: GupshupAccount = {
  baseUrl: 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
  userId: '2000155005',
  password: 'sh1gw4e&=%',
  senderId: 'CRUSTP',
  principalEntityId: '1601100000000000654',
  templateIds: Object.fromEntries(SMS_KINDS.map((k, i) => [k, `100719464234458660${i}`])) as Record<
    SmsKind,
    string
  >,
};
const MOBILE = '9812345678';
const CODE = '482913';
const LOGIN = { kind: 'LOGIN_OTP', vars: { code: CODE } } as const;

describe("Gupshup's send request", () => {
  it('is the documented parameters, form-encoded', () => {
    expect(sendForm(ACCOUNT, MOBILE, LOGIN).toString()).toBe(
      [
        'method=SendMessage',
        'send_to=919812345678',
        `msg=${CODE}+is+your+Crust+verification+code.+It+is+valid+for+5+minutes.+Do+not+share+it.`,
        'msg_type=TEXT',
        'userid=2000155005',
        // a password with &, = and % stays one parameter
        'password=sh1gw4e%26%3D%25',
        'auth_scheme=plain',
        'v=1.1',
        'format=text',
        'mask=CRUSTP',
        'principalEntityId=1601100000000000654',
        'dltTemplateId=1007194642344586600',
      ].join('&'),
    );
  });

  it("names each kind's own template id", () => {
    const form = sendForm(ACCOUNT, MOBILE, { kind: 'LATE_FAILED', vars: { orderNumber: 12345678 } });
    expect(form.get('dltTemplateId')).toBe(ACCOUNT.templateIds.LATE_FAILED);
    expect(form.get('msg')).toContain('order 12345678');
  });

  it.each([
    [
      'success | 919812345678 | 3077758488311337848-123456789',
      { ok: true, phone: '919812345678', messageId: '3077758488311337848-123456789' },
    ],
    [
      'success|919812345678|3077758488311337848-123456789\n',
      { ok: true, phone: '919812345678', messageId: '3077758488311337848-123456789' },
    ],
    ['error | 105 | INVALID PH', { ok: false, code: '105', description: 'INVALID PH' }],
    ['error | 102 | AUTH FAILED | more', { ok: false, code: '102', description: 'AUTH FAILED | more' }],
    ['<html>Bad gateway</html>', null],
    ['success | sent', null],
    ['', null],
  ])('reads %j', (body, answer) => {
    expect(readAnswer(body)).toEqual(answer);
  });
});

interface Call {
  url: string;
  init: RequestInit;
}

/** A logger that keeps every line, to show what the adapter writes. */
function capturingLog() {
  const lines: unknown[] = [];
  const log = {
    info: (...args: unknown[]) => lines.push(['info', ...args]),
    warn: (...args: unknown[]) => lines.push(['warn', ...args]),
    error: (...args: unknown[]) => lines.push(['error', ...args]),
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, text: () => JSON.stringify(lines) };
}

const refused = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
const reset = () => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });

/** The adapter over a fetch that answers each call in turn. */
function adapter(answers: ((init: RequestInit) => Promise<Response>)[], timeoutMs = 200) {
  const calls: Call[] = [];
  const { log, text } = capturingLog();
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error('no more answers');
    return answer(init);
  }) as unknown as typeof globalThis.fetch;
  return { sms: new GupshupSms({ account: ACCOUNT, timeoutMs, log, fetch }), calls, logText: text };
}

const text =
  (body: string, status = 200) =>
  () =>
    Promise.resolve(new Response(body, { status }));
const never = (init: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
  );

async function failure(p: Promise<unknown>): Promise<SmsError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsError);
  return err as SmsError;
}

describe('the Gupshup adapter', () => {
  it('posts the form to the endpoint and takes a success answer', async () => {
    const a = adapter([text('success | 919812345678 | 3077758488311337848-123456789')]);
    await a.sms.send(MOBILE, LOGIN);
    expect(a.calls).toHaveLength(1);
    expect(a.calls[0]!.url).toBe(ACCOUNT.baseUrl);
    expect(a.calls[0]!.init.method).toBe('POST');
    expect(a.calls[0]!.init.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(a.calls[0]!.init.body).toBe(sendForm(ACCOUNT, MOBILE, LOGIN).toString());
    expect(a.logText()).toContain('3077758488311337848-123456789');
  });

  it.each([
    ['an error answer', [text('error | 102 | AUTH FAILED')], 'refused', false],
    ['a 4xx', [text('Forbidden', 403)], 'http', false],
    ['a 5xx', [text('Bad gateway', 502)], 'http', true],
    ['an unreadable answer', [text('<html>maintenance</html>')], 'unreadable', true],
    ['no answer in time', [never], 'timeout', true],
    ['a connection cut', [() => Promise.reject(reset())], 'network', true],
  ] as const)(
    'fails on %s, once, logging the number masked and neither text nor code',
    async (_what, answers, reason, maybeSent) => {
      const a = adapter([...answers]);
      const err = await failure(a.sms.send(MOBILE, LOGIN));
      expect({ reason: err.reason, maybeSent: err.maybeSent }).toEqual({ reason, maybeSent });
      // a text that may have gone is never sent again: a second one would be a second code
      expect(a.calls).toHaveLength(1);
      const log = a.logText();
      expect(log).toContain('SMS not sent');
      expect(log).toContain('******5678');
      for (const secret of [MOBILE, CODE, ACCOUNT.password, 'verification code'])
        expect(log).not.toContain(secret);
      expect(err.message).not.toContain(MOBILE);
      expect(err.message).not.toContain(CODE);
    },
  );

  it('tries a refused connection once more, since nothing was sent', async () => {
    const ok = adapter([() => Promise.reject(refused()), text('success | 919812345678 | 1-2')]);
    await ok.sms.send(MOBILE, LOGIN);
    expect(ok.calls).toHaveLength(2);

    const down = adapter([() => Promise.reject(refused()), () => Promise.reject(refused())]);
    const err = await failure(down.sms.send(MOBILE, LOGIN));
    expect(down.calls).toHaveLength(2);
    expect({ reason: err.reason, maybeSent: err.maybeSent }).toEqual({ reason: 'network', maybeSent: false });
  });

  it('gives up after the timeout', async () => {
    const a = adapter([never], 150);
    const started = Date.now();
    const err = await failure(a.sms.send(MOBILE, LOGIN));
    expect(err.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
