import type { RemoteConfig, VendorConfig } from '@crust/contract';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { readJson, writeJson } from '../storage.ts';

/**
 * The partner mini-app Crust runs inside (issue 18, SPEC §6 mini-app modes), or null: the normal app. Entered
 * only by /vendorPage once the host's bridge has answered (setMiniApp in ./bridge.ts), and kept for the tab
 * (sessionStorage) so a reload or any in-app navigation stays in it. `config` is the partner's vendorConfig as the
 * remote config gave it at sign-in: its api key and client type go in every request's headers, and its blocked
 * features apply before the config has answered again. This module is in every route's first download (the
 * request headers and the feature switches read it): it must stay this small; the bridge is loaded only when a
 * mini-app uses it.
 */
export interface MiniApp {
  vendor: PartnerVendor;
  config?: VendorConfig | undefined;
}

export const MINI_APP_KEY = 'crust.miniApp';

/** A mini-app is framed by its host: the tab on its own (a copied link, a new tab) is the normal app. */
export const miniApp = (): MiniApp | null =>
  window.parent === window ? null : readJson<MiniApp | null>(MINI_APP_KEY, null, 'session');

/** The partner's vendorConfig: the config's latest word, else the one kept at sign-in; null outside a mini-app. */
export function partnerConfig(config: RemoteConfig | undefined, m = miniApp()): VendorConfig | null {
  return m ? (config?.vendorConfig?.[m.vendor] ?? m.config ?? null) : null;
}

/**
 * The config's latest vendorConfig kept for the mini-app, so the headers (api key, client type) follow the chain's
 * changes at the next config refresh rather than at the next sign-in.
 */
export function keepPartnerConfig(config: RemoteConfig): void {
  const m = miniApp();
  const latest = m && config.vendorConfig?.[m.vendor];
  if (m && latest) writeJson(MINI_APP_KEY, { ...m, config: latest }, 'session');
}
