import { z } from 'zod';
import { BUCKETS } from '@crust/domain/experiments';
import { successOf } from './common.ts';

/**
 * SPEC §3 vendorConfig, one per partner (PAYTM, GPAY): inside that partner's mini-app the web sends `apiKey` and
 * `clientType` as its api_key and client_type headers, tags analytics with `tagIds`, pays by `primaryPaymentId`
 * and removes `blockedFeatures` from the feature list (SPEC §5).
 */
export const VendorConfigSchema = z.object({
  partnerName: z.string(),
  apiKey: z.string(),
  clientType: z.string(),
  tagIds: z.array(z.string()),
  primaryPaymentId: z.string(),
  blockedFeatures: z.array(z.string()),
});
export type VendorConfig = z.infer<typeof VendorConfigSchema>;

/** SPEC §3 Other: remote config. */
export const RemoteConfigSchema = z.object({
  features: z.array(z.string()),
  /** the buckets whose menu shows its categories in reverse: true is bucket B, false none (docs/experiments.md) */
  menuReverseAB: z.union([z.boolean(), z.array(z.enum(BUCKETS))]),
  menuRuleEngine: z.boolean(),
  hidePaymentMethodsForWallet: z.array(z.string()),
  validateCardWithLuhn: z.boolean(),
  incorrectCardError: z.string(),
  showAppBanner: z.boolean(),
  vendorConfig: z.record(z.string(), VendorConfigSchema),
  disableCookies: z.boolean(),
  isDefaultWalletApplied: z.boolean(),
  defaultStoreId: z.number().int(),
  configRefreshSeconds: z.number().int(),
  /** SPEC §9: the chance, in percent, that a guest paying cash is offered a login first */
  autoLoginPercent: z.number().int().min(0).max(100),
  /** SPEC §9 app reset: back after this many seconds away, the app asks the server again */
  appResetSeconds: z.number().int().positive(),
  /** SPEC §9 advance-order reset: the advance slots on offer are worked out afresh this often */
  advanceOrderResetSeconds: z.number().int().positive(),
  /** SPEC §9: time of use before the home-screen install prompt */
  homeScreenPromptMs: z.number().int().nonnegative(),
  /** a tile URL template such as https://tile.example/{z}/{x}/{y}.png; null shows the map screen without tiles */
  mapTileUrl: z.string().nullable(),
  /** SPEC §7: the app sends user-activity events only while this is on; the server drops them while off */
  userActivityTracking: z.boolean(),
  // the landing's banners are content now (issue 17 §2): GET /api/v1/widgets?placement=LANDING, docs/content.md
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;
export const RemoteConfigResponseSchema = successOf(RemoteConfigSchema);

export const AppConfigSchema = z.object({ isDefaultWalletApplied: z.boolean() });
export const AppConfigResponseSchema = successOf(AppConfigSchema);
export type AppConfig = z.infer<typeof AppConfigSchema>;
