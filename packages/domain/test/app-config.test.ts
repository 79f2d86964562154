import { describe, expect, it } from 'vitest';
import {
  appBannerOn,
  appResetDue,
  autoLoginRoll,
  capabilityOn,
  enabledFeatures,
  FEATURES,
  HOME_SCREEN_PROMPT_MS,
  HOME_SCREEN_PROMPT_SNOOZE_MS,
  installPromptDue,
  NEW_INSTALL_MEMORY,
  PAYTM_BLOCKED_FEATURES,
  type Capability,
} from '../src/app-config.ts';

describe('enabledFeatures and capabilityOn (SPEC §5 partner-blocked features leave the list)', () => {
  const all = enabledFeatures(FEATURES);
  const paytm = enabledFeatures(FEATURES, PAYTM_BLOCKED_FEATURES);
  const cases: [Capability, boolean, boolean][] = [
    // capability, on with every feature, on inside PAYTM
    ['train', true, false],
    ['feedback', true, false],
    ['offers', true, false],
    ['wallet', true, false],
    ['logout', true, false],
    ['edv', true, false],
    ['loyalty', true, true],
    ['advanceOrder', true, true],
  ];
  it.each(cases)('%s: everything on → %s, PAYTM → %s', (capability, everyOn, inPaytm) => {
    expect(capabilityOn(all, capability)).toBe(everyOn);
    expect(capabilityOn(paytm, capability)).toBe(inPaytm);
  });

  it.each<[string[], Capability, boolean]>([
    [['irctc'], 'train', false],
    [['deliver_on_train'], 'train', false],
    [['irctc', 'deliver_on_train'], 'train', true],
    [['offers'], 'offers', false],
    [['offers', 'deals_and_offer'], 'offers', true],
    [['edv'], 'edv', false],
    [['everyday_value_offer', 'edv'], 'edv', true],
    [[], 'loyalty', false],
  ])('either name of a pair switched off hides it: %j → %s %s', (features, capability, on) => {
    expect(capabilityOn(enabledFeatures(features), capability)).toBe(on);
  });
});

describe('appBannerOn', () => {
  it.each<[boolean, string[], boolean]>([
    [true, [], true],
    [false, [], false],
    [true, ['showAppBanner'], false],
    [true, ['wallet'], true],
  ])('showAppBanner %s, blocked %j → %s', (show, blocked, on) => {
    expect(appBannerOn(show, blocked)).toBe(on);
  });
});

describe('installPromptDue (SPEC §9 home-screen prompt after 1800000 ms of use)', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const snooze = HOME_SCREEN_PROMPT_SNOOZE_MS;
  it.each<[string, Partial<typeof NEW_INSTALL_MEMORY>, boolean, boolean]>([
    ['a minute short of the delay', { usedMs: HOME_SCREEN_PROMPT_MS - 60_000 }, true, false],
    ['exactly the delay', { usedMs: HOME_SCREEN_PROMPT_MS }, true, true],
    ['the browser offers no install', { usedMs: HOME_SCREEN_PROMPT_MS }, false, false],
    ['already installed', { usedMs: HOME_SCREEN_PROMPT_MS * 9, installed: true }, true, false],
    [
      '"Not now" a minute inside the snooze',
      { usedMs: HOME_SCREEN_PROMPT_MS, snoozedAt: now - snooze + 60_000 },
      true,
      false,
    ],
    [
      '"Not now" exactly a snooze ago',
      { usedMs: HOME_SCREEN_PROMPT_MS, snoozedAt: now - snooze },
      true,
      true,
    ],
  ])('%s', (_name, memory, browserOffers, due) => {
    expect(
      installPromptDue({ memory: { ...NEW_INSTALL_MEMORY, ...memory }, browserOffers, nowMs: now }),
    ).toBe(due);
  });

  it('a shorter delay (tests, config) is honoured', () => {
    const memory = { ...NEW_INSTALL_MEMORY, usedMs: 5_000 };
    expect(installPromptDue({ memory, browserOffers: true, nowMs: now, delayMs: 5_000 })).toBe(true);
    expect(installPromptDue({ memory, browserOffers: true, nowMs: now, delayMs: 5_001 })).toBe(false);
  });
});

describe('autoLoginRoll (SPEC §4/§9 auto-login percentage)', () => {
  it.each<[number, number, boolean]>([
    [0, 20, true],
    [0.1999, 20, true],
    [0.2, 20, false],
    [0.99, 20, false],
    [0, 0, false],
    [0.999, 100, true],
    [0.5, 150, true],
    [0, -5, false],
  ])('roll %s at %s%% → %s', (roll, percent, offered) => {
    expect(autoLoginRoll(roll, percent)).toBe(offered);
  });
});

describe('appResetDue (SPEC §9 app reset 300 s)', () => {
  it.each<[number, number | undefined, boolean]>([
    [299_999, undefined, false],
    [300_000, undefined, true],
    [59_999, 60, false],
    [60_000, 60, true],
  ])('away %s ms, reset %s s → %s', (away, seconds, due) => {
    expect(appResetDue(away, seconds)).toBe(due);
  });
});
