import type { RemoteConfig, VendorConfig } from '@crust/contract';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { readJson, writeJson } from '../storage.ts';

/**
 * The partner mini-app Crust runs inside (issue 18, SPEC §6 mini-app modes), or null: the normal app. Entered
 * only by /vendorPage once the host's bridge has answered (features/login/VendorPageScreen.tsx), and kept for the
 * tab (sessionStorage) so a reload or any in-app navigation stays in it. `config` is the partner's vendorConfig
 * as the remote config gave it at sign-in: its api key and client type go in every request's headers before the
 * config has answered again. This module is in every route's first download: it must stay this small (the bridge
 * itself is loaded only when a mini-app uses it).
 */
export interface MiniApp {
  vendor: PartnerVendor;
  config?: VendorConfig | undefined;
}

const KEY = 'crust.miniApp';

let mode = readJson<MiniApp | null>(KEY, null, 'session');
// a mini-app is framed by its host: the tab opened on its own (a copied link, a new tab) is the normal app
if (mode && window.parent === window) mode = null;

export const miniApp = (): MiniApp | null => mode;

/** Enters a mini-app (null: leaves it) for the rest of the tab's life. */
export function setMiniApp(next: MiniApp | null): void {
  mode = next;
  writeJson(KEY, next, 'session');
}

/** The partner's vendorConfig: the config's latest word, else the one kept at sign-in; null outside a mini-app. */
export function partnerConfig(config: RemoteConfig | undefined, m = mode): VendorConfig | null {
  return m ? (config?.vendorConfig?.[m.vendor] ?? m.config ?? null) : null;
}
