import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { AppConfigResponseSchema, RemoteConfigResponseSchema } from '@crust/contract/config';
import { createTestApp, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mapTileUrl: 'https://tiles.example.in/{z}/{x}/{y}.png' });
});
afterAll(() => t.close());

describe('remote config', () => {
  it('answers SPEC §3 remote config with the PAYTM blocked features', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.config });
    expect(res.statusCode).toBe(200);
    const { data } = RemoteConfigResponseSchema.parse(json(res));
    expect(data.validateCardWithLuhn).toBe(true);
    expect(data.vendorConfig.PAYTM!.blockedFeatures).toEqual(
      expect.arrayContaining(['irctc', 'feedback', 'wallet', 'logout', 'offers', 'showAppBanner', 'edv']),
    );
    // the landing's banners are content now (test/content.test.ts)
    expect(data).not.toHaveProperty('banners');
  });

  it('carries the timers and chances of SPEC §9 the web app applies (issue 17)', async () => {
    const { data } = RemoteConfigResponseSchema.parse(
      json(await t.app.inject({ method: 'GET', url: API_PATHS.config })),
    );
    expect({
      configRefreshSeconds: data.configRefreshSeconds,
      autoLoginPercent: data.autoLoginPercent,
      appResetSeconds: data.appResetSeconds,
      advanceOrderResetSeconds: data.advanceOrderResetSeconds,
      homeScreenPromptMs: data.homeScreenPromptMs,
      incorrectCardError: data.incorrectCardError,
    }).toEqual({
      configRefreshSeconds: 180,
      autoLoginPercent: 20,
      appResetSeconds: 300,
      advanceOrderResetSeconds: 60,
      homeScreenPromptMs: 1_800_000,
      incorrectCardError: 'Incorrect card number.',
    });
  });

  it('passes the configured map tiles to the client', async () => {
    const { data } = RemoteConfigResponseSchema.parse(
      json(await t.app.inject({ method: 'GET', url: API_PATHS.config })),
    );
    expect(data.mapTileUrl).toBe('https://tiles.example.in/{z}/{x}/{y}.png');
  });

  it('answers app config with isDefaultWalletApplied', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.appConfig });
    expect(AppConfigResponseSchema.parse(json(res)).data).toEqual({ isDefaultWalletApplied: true });
  });

  it('rejects a bad deliveryType header with a 400 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.config, headers: { deliverytype: 'X' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('headers.deliverytype');
  });
});
