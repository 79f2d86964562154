import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config.ts';
import { problemsOf } from './config-problems.ts';
import { GUPSHUP_PRODUCTION_ENV } from './sms-support.ts';
import { VAPID_PRODUCTION_ENV } from './push-support.ts';

// payments and SMS are other issues' rules: settled here, so only rail's problems show
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k3Jq9-vXw2_LmR8tYb4NzP6sH1dF0gAe',
  PAYMENTS: 'off',
  ...GUPSHUP_PRODUCTION_ENV,
  ...VAPID_PRODUCTION_ENV,
};
const KEY = 'rail-key-of-the-account-0123456789';

describe('rail configuration (issue 16 §1)', () => {
  it('outside production the sandbox answers, and its key and URL are this server’s own', () => {
    const { rail } = loadConfig({ NODE_ENV: 'test', PORT: '4123' });
    expect(rail).toMatchObject({
      provider: 'sandbox',
      baseUrl: 'http://127.0.0.1:4123/sandbox/rail',
      timeoutMs: 5_000,
    });
    // derived from the token key: random with it
    expect(rail.apiKey).toHaveLength(43);
    expect(loadConfig({ NODE_ENV: 'development', RAIL_PROVIDER: 'api' }).rail.provider).toBe('api');
  });

  it('production with a provider’s API', () => {
    const { rail } = loadConfig({
      ...PRODUCTION,
      RAIL_PROVIDER: 'api',
      RAIL_BASE_URL: 'https://rail.example.in',
      RAIL_API_KEY: KEY,
    });
    expect(rail).toEqual({
      provider: 'api',
      baseUrl: 'https://rail.example.in',
      apiKey: KEY,
      timeoutMs: 5_000,
    });
  });

  it('production with train delivery off on purpose', () => {
    expect(loadConfig({ ...PRODUCTION, RAIL_PROVIDER: 'off' }).rail.provider).toBe('off');
  });

  it.each([
    [{}, ''],
    [{ RAIL_PROVIDER: 'sandbox' }, ' (got "sandbox")'],
  ])('production refuses %j: the sandbox knows only demo tickets', (env, got) => {
    expect(problemsOf({ ...PRODUCTION, ...env })).toEqual([
      `RAIL_PROVIDER must be api in production (with RAIL_BASE_URL and RAIL_API_KEY), or off to run without train delivery: the sandbox knows only its demo tickets (docs/rail-sandbox.md)${got}`,
    ]);
  });

  it('production with the API names what it lacks, and never repeats the key', () => {
    expect(problemsOf({ ...PRODUCTION, RAIL_PROVIDER: 'api' })).toEqual([
      'RAIL_BASE_URL must be set in production with RAIL_PROVIDER=api (docs/rail-sandbox.md)',
      'RAIL_API_KEY must be set in production with RAIL_PROVIDER=api (docs/rail-sandbox.md)',
    ]);
    const problems = problemsOf({
      ...PRODUCTION,
      RAIL_PROVIDER: 'api',
      RAIL_BASE_URL: 'http://rail.example.in',
      RAIL_API_KEY: 'short',
    });
    expect(problems).toEqual([
      'RAIL_BASE_URL must be an https:// URL in production (http only to this machine): the API key travels with every call (got "http://rail.example.in")',
    ]);
    expect(problems.join('\n')).not.toContain('short');
    expect(problemsOf({ NODE_ENV: 'test', RAIL_PROVIDER: 'train', RAIL_API_KEY: KEY })).toEqual([
      'RAIL_PROVIDER must be one of sandbox, api, off (got "train")',
    ]);
  });
});
