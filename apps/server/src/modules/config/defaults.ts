import type { RemoteConfig } from '@crust/contract/config';
import {
  ADVANCE_ORDER_RESET_SECONDS,
  APP_RESET_SECONDS,
  AUTO_LOGIN_PERCENT,
  FEATURES,
  HOME_SCREEN_PROMPT_MS,
  PAYTM_BLOCKED_FEATURES,
} from '@crust/domain/app-config';
import { CONFIG_REFRESH_SECONDS, DEFAULT_STORE_ID } from '@crust/domain/constants';

/** The remote config the chain starts with; rows in app_config (key 'remote') override fields. */
export const DEFAULT_REMOTE_CONFIG: RemoteConfig = {
  // every feature (showAppBanner has its own switch below)
  features: FEATURES.filter((f) => f !== 'showAppBanner'),
  menuReverseAB: false,
  menuRuleEngine: false,
  hidePaymentMethodsForWallet: ['CASH', 'EVOUCHER'],
  validateCardWithLuhn: true,
  incorrectCardError: 'Incorrect card number.',
  showAppBanner: true,
  // SPEC §6: the PAYTM mini-app blocks these features
  vendorConfig: {
    PAYTM: {
      partnerName: 'Paytm',
      apiKey: 'crust-paytm-miniapp',
      clientType: 'PAYTM_MINIAPP',
      tagIds: ['GTM-CRUSTPTM'],
      primaryPaymentId: 'PAYTM_WALLET',
      blockedFeatures: [...PAYTM_BLOCKED_FEATURES],
    },
    GPAY: {
      partnerName: 'Google Pay',
      apiKey: 'crust-gpay-spot',
      clientType: 'GPAY_SPOT',
      tagIds: ['GTM-CRUSTGPY'],
      primaryPaymentId: 'UPI_WALLET',
      blockedFeatures: ['wallet', 'logout', 'showAppBanner'],
    },
  },
  disableCookies: false,
  isDefaultWalletApplied: true,
  defaultStoreId: DEFAULT_STORE_ID,
  configRefreshSeconds: CONFIG_REFRESH_SECONDS,
  autoLoginPercent: AUTO_LOGIN_PERCENT,
  appResetSeconds: APP_RESET_SECONDS,
  advanceOrderResetSeconds: ADVANCE_ORDER_RESET_SECONDS,
  homeScreenPromptMs: HOME_SCREEN_PROMPT_MS,
  mapTileUrl: null,
  // off until the chain switches it on (the back office's Funnel, docs/analytics.md)
  userActivityTracking: false,
};
