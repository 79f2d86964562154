import { z } from 'zod';
import { successOf } from './common.ts';

export const VendorConfigSchema = z.object({
  partnerName: z.string(),
  primaryPaymentId: z.string(),
  blockedFeatures: z.array(z.string()),
});

/** SPEC §3 Other: remote config. */
export const RemoteConfigSchema = z.object({
  features: z.array(z.string()),
  menuReverseAB: z.boolean(),
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
  /** a tile URL template such as https://tile.example/{z}/{x}/{y}.png; null shows the map screen without tiles */
  mapTileUrl: z.string().nullable(),
  // the landing's banners are content now (issue 17 §2): GET /api/v1/widgets?placement=LANDING, docs/content.md
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;
export const RemoteConfigResponseSchema = successOf(RemoteConfigSchema);

export const AppConfigSchema = z.object({ isDefaultWalletApplied: z.boolean() });
export const AppConfigResponseSchema = successOf(AppConfigSchema);
export type AppConfig = z.infer<typeof AppConfigSchema>;
