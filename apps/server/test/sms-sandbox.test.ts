import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { loadConfig } from '../src/config/app-config.ts';
import { renderSms, type SmsMessage } from '../src/providers/sms/templates.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';
import { freePort } from './live-server.ts';
import { inbox, smsModes, sqlRows } from './sms-support.ts';

/**
 * The Gupshup sandbox's protocol (issue 14 §2): what Gupshup and the DLT scrubber would refuse, each with
 * Gupshup's `error | code | description` answer, and Crust's delivery-report endpoint with its token.
 */
let t: TestApp;
const PATH = '/sandbox/sms/gupshup/GatewayAPI/rest';
const MOBILE = '9812300001';
const LOGIN: SmsMessage = { kind: 'LOGIN_OTP', vars: { code: '246810' } };

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ port, sms: loadConfig({ NODE_ENV: 'test', PORT: String(port) }).sms });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A send as the adapter makes it, with some fields changed or left out (undefined). */
function fields(
  change: Record<string, string | undefined> = {},
  message: SmsMessage = LOGIN,
  mobile = MOBILE,
) {
  const a = t.config.sms;
  const all: Record<string, string | undefined> = {
    method: 'SendMessage',
    send_to: `91${mobile}`,
    msg: renderSms(message),
    msg_type: 'TEXT',
    userid: a.userId,
    password: a.password,
    auth_scheme: 'plain',
    v: '1.1',
    format: 'text',
    mask: a.senderId,
    principalEntityId: a.principalEntityId,
    dltTemplateId: a.templateIds[message.kind],
    ...change,
  };
  return new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
}

const post = (form: URLSearchParams) =>
  t.app.inject({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });

describe('the Gupshup sandbox', () => {
  it('takes a send by POST form or GET query, answers Gupshup’s success line, and keeps the text', async () => {
    const res = await post(fields());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const [, phone, messageId] = /^success \| (\d+) \| (\d{19}-\d{9})$/.exec(res.body) ?? [];
    expect(phone).toBe(`91${MOBILE}`);
    const viaGet = await t.app.inject({ method: 'GET', url: `${PATH}?${fields().toString()}` });
    expect(viaGet.body).toMatch(/^success \| 919812300001 \| \d{19}-\d{9}$/);
    const texts = await inbox(t, MOBILE);
    expect(texts.map((m) => m.body)).toEqual([renderSms(LOGIN), renderSms(LOGIN)]);
    expect(texts[1]!.messageId).toBe(messageId);
  });

  it.each([
    ['no password', { password: undefined }, 'error | 101 | PARAMETER MISSING: password'],
    ['a wrong password', { password: 'guess' }, 'error | 102 | AUTH FAILED'],
    ['another user id', { userid: '2000999999' }, 'error | 102 | AUTH FAILED'],
    ['another auth scheme', { auth_scheme: 'md5' }, 'error | 102 | AUTH FAILED'],
    ['another method', { method: 'SendBulkMessage' }, 'error | 106 | METHOD NOT SUPPORTED'],
    ['another version', { v: '2.0' }, 'error | 107 | VERSION UNKNOWN'],
    ['a 10-digit number', { send_to: MOBILE }, 'error | 105 | INVALID PH'],
    ['a number that is not Indian mobile', { send_to: '911234567890' }, 'error | 105 | INVALID PH'],
    ['another sender id', { mask: 'OTHERS' }, 'error | 108 | INVALID MASK'],
    [
      'another principal entity',
      { principalEntityId: '1101000000000000999' },
      'error | 604 | INVALID_ENTITY_ID',
    ],
    ['no principal entity', { principalEntityId: undefined }, 'error | 604 | INVALID_ENTITY_ID'],
    [
      'an unregistered template',
      { dltTemplateId: '1107999999999999999' },
      'error | 630 | TEMPLATE_NOT_FOUND',
    ],
    [
      'a text that is not its template',
      { msg: '246810 is your Crust login code.' },
      'error | 690 | TEMPLATE_CONTENT_MISMATCH: the text does not match template',
    ],
  ])('refuses %s with Gupshup’s error answer and keeps nothing', async (_what, change, answer) => {
    const mobile = `98123${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const res = await post(fields(change, LOGIN, mobile));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(answer);
    expect(await inbox(t, mobile)).toEqual([]);
  });

  it('refuses a text under another kind’s template id (DLT scrubbing)', async () => {
    const res = await post(fields({ dltTemplateId: t.config.sms.templateIds.COD_CODE }));
    expect(res.body).toMatch(/^error \| 690 \|/);
  });

  it('switches: error mode refuses everything, then back to normal', async () => {
    expect(await smsModes(t, { fail: 'error' })).toEqual({ fail: 'error', dlr: 'DELIVERED' });
    expect((await post(fields())).body).toBe('error | 100 | UNKNOWN ERROR HAS OCCURED');
    expect(await smsModes(t, { fail: null })).toEqual({ fail: null, dlr: 'DELIVERED' });
    expect((await post(fields())).body).toMatch(/^success/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sandbox/sms/modes',
      payload: { fail: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the delivery-report endpoint', () => {
  const reports = (messageId: string) =>
    sqlRows<{
      status: string;
      cause: string | null;
      err_code: string | null;
      phone_last4: string | null;
    }>(
      t,
      sql`select status, cause, err_code, phone_last4 from sms_delivery_reports where message_id = ${messageId}`,
    );
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  it('records Gupshup’s GET report with the right token, and keeps only the last 4 digits', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.smsDeliveryReport}?${query({
        token: t.config.sms.dlrToken,
        externalId: '3077758488311337848-100000001',
        deliveredTS: '1526347800000',
        status: 'DELIVERED',
        cause: 'SUCCESS',
        phoneNo: '919812345678',
        errCode: '000',
        noOfFrags: '1',
        mask: 'CRUSTP',
      })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ status: 'SUCCESS', data: { recorded: 1 } });
    expect(await reports('3077758488311337848-100000001')).toEqual([
      { status: 'DELIVERED', cause: 'SUCCESS', err_code: '000', phone_last4: '5678' },
    ]);
    const rows = await sqlRows<{ at: Date }>(
      t,
      sql`select delivered_at as at from sms_delivery_reports where message_id = '3077758488311337848-100000001'`,
    );
    expect(new Date(rows[0]!.at).getTime()).toBe(1526347800000);
  });

  it('records POSTed events, and a later report replaces the earlier one', async () => {
    const url = `${API_PATHS.smsDeliveryReport}?token=${encodeURIComponent(t.config.sms.dlrToken)}`;
    const event = (eventType: string, cause: string, errCode: string) => ({
      externalId: '3562707498794989059-328736121207676738',
      eventType,
      eventTs: 1526347800000,
      destAddr: 919892488888,
      srcAddr: 'CRUSTP',
      cause,
      errCode,
      channel: 'SMS',
      noOfFrags: 1,
    });
    const first = await t.app.inject({
      method: 'POST',
      url,
      payload: [event('FAILED', 'ABSENT_SUBSCRIBER', '001'), { junk: true }],
    });
    expect(json(first)).toEqual({ status: 'SUCCESS', data: { recorded: 1 } });
    expect(await reports('3562707498794989059-328736121207676738')).toEqual([
      { status: 'FAILED', cause: 'ABSENT_SUBSCRIBER', err_code: '001', phone_last4: '8888' },
    ]);
    await t.app.inject({ method: 'POST', url, payload: [event('DELIVERED', 'SUCCESS', '000')] });
    expect((await reports('3562707498794989059-328736121207676738'))[0]!.status).toBe('DELIVERED');
  });

  it.each([
    ['no token', () => undefined],
    ['a forged token', () => 'forged-token-forged-token-forged-token'],
    ['the token with a character more', () => `${t.config.sms.dlrToken}X`],
  ])('refuses a report with %s, and records nothing', async (_what, tokenOf) => {
    const token = tokenOf();
    const params = {
      externalId: '1111111111111111111-999999999',
      status: 'DELIVERED',
      ...(token ? { token } : {}),
    };
    const get = await t.app.inject({ method: 'GET', url: `${API_PATHS.smsDeliveryReport}?${query(params)}` });
    expect(get.statusCode).toBe(401);
    expect(json(get).errors[0].code).toBe('UNAUTHORIZED');
    const viaPost = await t.app.inject({
      method: 'POST',
      url: `${API_PATHS.smsDeliveryReport}?${query(token ? { token } : {})}`,
      payload: [{ externalId: '1111111111111111111-999999999', eventType: 'DELIVERED' }],
    });
    expect(viaPost.statusCode).toBe(401);
    expect(await reports('1111111111111111111-999999999')).toEqual([]);
  });

  it('the sandbox’s own reports reach it: a text the sandbox took is reported delivered', async () => {
    const mobile = '9812300002';
    const res = await post(fields({}, LOGIN, mobile));
    const messageId = res.body.split(' | ')[2]!;
    for (let i = 0; i < 100 && (await reports(messageId)).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reports(messageId)).toEqual([
      { status: 'DELIVERED', cause: 'SUCCESS', err_code: '000', phone_last4: '0002' },
    ]);
  });
});
