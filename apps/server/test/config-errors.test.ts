import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { problemsOf } from './config-problems.ts';
import { GUPSHUP_PRODUCTION_ENV } from './sms-support.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';

describe('a bad environment is refused with what each variable expects', () => {
  it.each<[NodeJS.ProcessEnv, string]>([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 1 to 65535 (got "-1")'],
    [{ WORKERS: '0' }, 'WORKERS must be a whole number from 1 to 256 (got "0")'],
    [{ WORKERS: 'all' }, 'WORKERS must be a whole number from 1 to 256 (got "all")'],
    [{ MAX_IN_FLIGHT: 'lots' }, 'MAX_IN_FLIGHT must be a whole number of at least 1 (got "lots")'],
    [{ SESSION_RATE_LIMIT: '2.5' }, 'SESSION_RATE_LIMIT must be a whole number of at least 0 (got "2.5")'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, production, test (got "prod")'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [{ SEED: 'no' }, 'SEED must be one of true, false (got "no")'],
    [
      { MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' },
      'MAP_TILE_URL must be a URL starting with http:// or https:// (got "tiles/{z}/{x}/{y}.png")',
    ],
    [
      { PG_WEBHOOK_URL: 'ftp://x' },
      'PG_WEBHOOK_URL must be a URL starting with http:// or https:// (got "ftp://x")',
    ],
    // URLs that may carry a password are named, never repeated
    [
      { DATABASE_URL: 'mysql://root:hunter2@db/crust' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    ],
    [
      { REDIS_URL: 'http://:hunter2@cache:6379' },
      'REDIS_URL must be a URL starting with redis:// or rediss://',
    ],
    [
      {
        NODE_ENV: 'production',
        PAYMENTS: 'off',
        ...GUPSHUP_PRODUCTION_ENV,
        ...VAPID_PRODUCTION_ENV,
        RAIL_PROVIDER: 'off',
      },
      'SESSION_SECRET must be a random value of at least 32 characters in production (not set)',
    ],
    [
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'short',
        PAYMENTS: 'off',
        ...GUPSHUP_PRODUCTION_ENV,
        ...VAPID_PRODUCTION_ENV,
        RAIL_PROVIDER: 'off',
      },
      'SESSION_SECRET must be a random value of at least 32 characters in production (shorter than 32 characters)',
    ],
    [
      { HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' },
      'HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS (30000) (got "60000")',
    ],
    [{ OIDC_ISSUER: 'https://accounts.google.com' }, 'OIDC_CLIENT_ID must be set when OIDC_ISSUER is set'],
    [
      { TRUST_PROXY: 'true' },
      'TRUST_PROXY=true would believe any client about its address: list the proxies (TRUST_PROXY=10.0.0.0/8) or give a hop count',
    ],
  ])('%j', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  const PROD = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
    ...GUPSHUP_PRODUCTION_ENV,
    ...VAPID_PRODUCTION_ENV,
    RAIL_PROVIDER: 'off',
  };
  it.each([
    [
      PROD,
      [
        'PAYMENT_GATEWAYS must name the payment gateways in production (razorpay, payu), or set PAYMENTS=off to run without online payments',
      ],
    ],
    [
      { ...PROD, PAYMENT_GATEWAYS: 'razorpay' },
      [
        'RAZORPAY_KEY_ID must be set in production for razorpay',
        'RAZORPAY_KEY_SECRET must be set in production for razorpay',
        'RAZORPAY_WEBHOOK_SECRET must be set in production for razorpay',
        'PUBLIC_URL must be set in production for razorpay',
      ],
    ],
    [
      {
        ...PROD,
        PAYMENT_GATEWAYS: 'payu,razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        PUBLIC_URL: 'https://order.example.in',
      },
      [
        'PAYU_KEY must be set in production for payu, razorpay',
        'PAYU_SALT must be set in production for payu, razorpay',
      ],
    ],
    [
      { ...PROD, PAYMENT_GATEWAYS: 'sandbox' },
      ['PAYMENT_GATEWAYS must not name the sandbox in production: it moves no money'],
    ],
    [
      { PAYMENT_GATEWAYS: 'stripe' },
      ['PAYMENT_GATEWAYS must be a list of sandbox, razorpay, payu (got "stripe")'],
    ],
    [
      { PAYMENT_GATEWAYS: 'razorpay,razorpay' },
      ['PAYMENT_GATEWAYS must be a list without repeats (got "razorpay,razorpay")'],
    ],
  ])('payments: %j', (env, problems) => {
    expect(problemsOf(env)).toEqual(problems);
  });

  it('production starts without online payments only when told so', () => {
    expect(problemsOf({ ...PROD, PAYMENTS: 'off' })).toEqual([]);
  });

  it('lists every bad variable at once, in one error', () => {
    const env = {
      PORT: 'abc',
      WORKERS: '0',
      LOG_LEVEL: 'loud',
      HEADERS_TIMEOUT_MS: '9',
      REQUEST_TIMEOUT_MS: '5',
    };
    expect(problemsOf(env)).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "abc")',
      'WORKERS must be a whole number from 1 to 256 (got "0")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS (5) (got "9")',
    ]);
    expect(() => loadConfig(env)).toThrow(/4 variables are wrong:\n {2}- PORT must be/);
  });

  it('takes a variable set to nothing as unset, and whole numbers with spaces around them', () => {
    expect(loadConfig({ PORT: '', WORKERS: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
    });
    expect(loadConfig({ PORT: ' 8080 ', WORKERS: '3' })).toMatchObject({ port: 8080, workers: 3 });
  });
});
