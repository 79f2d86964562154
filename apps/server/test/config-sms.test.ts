import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { problemsOf } from './config-problems.ts';
import { SMS_KINDS } from '../src/providers/sms/templates.ts';
import { GUPSHUP_PRODUCTION_ENV, TEMPLATE_IDS } from './sms-support.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';

// payments are another issue's rules (config-errors.test.ts): off here, so only SMS's problems show
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
  PAYMENTS: 'off',
  // rail is issue 16's (config-rail.test.ts)
  RAIL_PROVIDER: 'off',
  // Web Push is issue 31's (push-config.test.ts)
  ...VAPID_PRODUCTION_ENV,
};

describe('SMS configuration (issue 14 §2)', () => {
  it('outside production texts stay in the sandbox, and its Gupshup account is this server’s own', () => {
    const { sms } = loadConfig({ NODE_ENV: 'test', PORT: '4123' });
    expect(sms).toMatchObject({
      provider: 'sandbox',
      baseUrl: 'http://127.0.0.1:4123/sandbox/sms/gupshup/GatewayAPI/rest',
      sandboxDlrUrl: 'http://127.0.0.1:4123/api/v1/sms/delivery-report',
      senderId: 'CRUSTP',
    });
    expect(Object.keys(sms.templateIds).sort()).toEqual([...SMS_KINDS].sort());
    // derived from the token key: random with it, and never one of the published values
    expect(sms.password).toHaveLength(43);
    expect(sms.dlrToken).toHaveLength(43);
    expect(sms.dlrToken).not.toBe(sms.password);
    expect(loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'gupshup' }).sms.provider).toBe('gupshup');
  });

  it('production starts with Gupshup fully configured', () => {
    const { sms } = loadConfig({ ...PRODUCTION, ...GUPSHUP_PRODUCTION_ENV });
    expect(sms).toMatchObject({
      provider: 'gupshup',
      baseUrl: GUPSHUP_PRODUCTION_ENV.SMS_BASE_URL,
      userId: '2000123456',
      password: 'gupshup-password',
      senderId: 'CRUSTP',
      principalEntityId: '1101161234567890123',
      dlrToken: GUPSHUP_PRODUCTION_ENV.SMS_DLR_TOKEN,
    });
    expect(sms.templateIds.LOGIN_OTP).toBe('1107161234567890101');
    expect(sms.templateIds.LATE_FAILED).toBe('1107161234567890106');
  });

  it('production without SMS names every missing variable, and has no "off"', () => {
    expect(problemsOf(PRODUCTION)).toEqual([
      'SMS_PROVIDER must be gupshup in production: the sandbox only stores texts, and production must send them (docs/operations-sms.md)',
      ...[
        'SMS_BASE_URL',
        'SMS_USER_ID',
        'SMS_PASSWORD',
        'SMS_SENDER_ID',
        'SMS_PRINCIPAL_ENTITY_ID',
        'SMS_TEMPLATE_IDS',
        'SMS_DLR_TOKEN',
      ].map((name) => `${name} must be set in production, for SMS through Gupshup (docs/operations-sms.md)`),
    ]);
    expect(problemsOf({ ...PRODUCTION, ...GUPSHUP_PRODUCTION_ENV, SMS_PROVIDER: 'sandbox' })).toEqual([
      'SMS_PROVIDER must be gupshup in production: the sandbox only stores texts, and production must send them (docs/operations-sms.md) (got "sandbox")',
    ]);
    expect(problemsOf({ ...PRODUCTION, ...GUPSHUP_PRODUCTION_ENV, SMS_PROVIDER: 'off' })).toEqual([
      'SMS_PROVIDER must be one of sandbox, gupshup (got "off")',
    ]);
    const { SMS_PASSWORD: _password, SMS_SENDER_ID: _sender, ...partial } = GUPSHUP_PRODUCTION_ENV;
    expect(problemsOf({ ...PRODUCTION, ...partial })).toEqual([
      'SMS_PASSWORD must be set in production, for SMS through Gupshup (docs/operations-sms.md)',
      'SMS_SENDER_ID must be set in production, for SMS through Gupshup (docs/operations-sms.md)',
    ]);
  });

  it('production wants https and a strong report token, and never repeats the secrets', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        ...GUPSHUP_PRODUCTION_ENV,
        SMS_BASE_URL: 'http://enterprise.smsgupshup.com/GatewayAPI/rest',
        SMS_DLR_TOKEN: 'token-1',
      }),
    ).toEqual([
      'SMS_BASE_URL must be an https:// URL in production (http only to this machine): the account password travels with every text (got "http://enterprise.smsgupshup.com/GatewayAPI/rest")',
      'SMS_DLR_TOKEN must be a random value of at least 32 characters in production: it is all that keeps forged delivery reports out (shorter than 32 characters)',
    ]);
  });

  it.each([
    [{ SMS_USER_ID: 'abc' }, 'SMS_USER_ID must be the Gupshup account\'s numeric user id (got "abc")'],
    [
      { SMS_SENDER_ID: 'CRUST1' },
      'SMS_SENDER_ID must be the 6-letter sender id (DLT header) of the account (got "CRUST1")',
    ],
    [
      { SMS_PRINCIPAL_ENTITY_ID: '11-01' },
      'SMS_PRINCIPAL_ENTITY_ID must be the DLT principal entity id (digits) (got "11-01")',
    ],
    [
      { SMS_BASE_URL: 'ftp://gupshup' },
      'SMS_BASE_URL must be a URL starting with http:// or https:// (got "ftp://gupshup")',
    ],
  ])('refuses %j', (env, problem) => {
    expect(problemsOf({ NODE_ENV: 'test', ...env })).toEqual([problem]);
  });

  const idsProblem = (detail: string) =>
    `SMS_TEMPLATE_IDS must be KIND=id pairs separated by commas, one for each of ${SMS_KINDS.join(', ')}: ${detail}`;

  it.each([
    [TEMPLATE_IDS.replace(/,?LATE_FAILED=\d+/, ''), 'missing LATE_FAILED'],
    [`${TEMPLATE_IDS},WELCOME=1107161234567890199`, '"WELCOME" is not a kind of text'],
    [TEMPLATE_IDS.replace(/LOGIN_OTP=\d+/, 'LOGIN_OTP=11071x'), "LOGIN_OTP's id must be digits"],
    [`${TEMPLATE_IDS},LOGIN_OTP=1107161234567890199`, 'LOGIN_OTP is given twice'],
    [TEMPLATE_IDS.replace(/COD_CODE=\d+/, 'COD_CODE=1107161234567890101'), 'two kinds share a template id'],
  ])('SMS_TEMPLATE_IDS %s is refused: %s', (value, detail) => {
    const problems = problemsOf({ NODE_ENV: 'test', SMS_TEMPLATE_IDS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(idsProblem(detail));
  });

  it('names the password and the report token without their values', () => {
    // a secret that fails no check is never in a message; here a start fails for another reason beside them
    const problems = problemsOf({ ...PRODUCTION, ...GUPSHUP_PRODUCTION_ENV, SMS_USER_ID: 'x' });
    expect(problems.join('\n')).not.toContain(GUPSHUP_PRODUCTION_ENV.SMS_PASSWORD);
    expect(problems.join('\n')).not.toContain(GUPSHUP_PRODUCTION_ENV.SMS_DLR_TOKEN);
    const weak = problemsOf({ ...PRODUCTION, ...GUPSHUP_PRODUCTION_ENV, SMS_DLR_TOKEN: 'aaaaaaaa' });
    expect(weak.join('\n')).not.toContain('aaaaaaaa');
  });
});
