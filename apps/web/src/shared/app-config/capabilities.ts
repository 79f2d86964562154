import { capabilityOn, enabledFeatures, type Capability } from '@crust/domain/app-config';
import type { RemoteConfig } from '@crust/contract';
import { matchPath } from '../router/index.ts';
import { paths } from '../../config/paths.ts';
import { useKnownRemoteConfig } from '../location/api.ts';
import { partnerConfig } from '../partner/mode.ts';

const ORIGIN = 'https://crust.invalid';

/** The screens that belong to a capability the remote config can switch off (both areas' paths). */
const SCREENS: readonly [string, Capability][] = [
  [paths.offers.pattern, 'offers'],
  [paths.offers.twin, 'offers'],
  [paths.tncOffers.pattern, 'offers'],
  [paths.edv.pattern, 'edv'],
  [paths.everydayValueOffers.pattern, 'edv'],
  [paths.wallet.pattern, 'wallet'],
  [paths.wallet.twin, 'wallet'],
  [paths.pizzaLoyalty.pattern, 'loyalty'],
  [paths.deliverOnTrain.pattern, 'train'],
  [paths.irctcStation.pattern, 'train'],
  [paths.feedback.pattern, 'feedback'],
];

/** The info pages that are the chain's customer support (SPEC §6 `support`): one screen, told apart by its page. */
const SUPPORT_PAGES: ReadonlySet<string> = new Set(['contact']);

/**
 * Every link a screen draws asks this (useOffered), and parsing a URL and matching the route table each time was
 * a visible part of the menu's first render on a slow phone: the answer for an href never changes.
 */
const capabilities = new Map<string, Capability | null>();

/** The capability a path's screen belongs to; null for the screens every customer has. */
export function capabilityOfPath(to: string): Capability | null {
  let known = capabilities.get(to);
  if (known === undefined) {
    known = capabilityOf(to);
    // the app's links are a few hundred distinct hrefs; a bound keeps a long session's memory flat
    if (capabilities.size > 500) capabilities.clear();
    capabilities.set(to, known);
  }
  return known;
}

function capabilityOf(to: string): Capability | null {
  const { pathname, searchParams } = new URL(to, ORIGIN);
  if (matchPath(paths.info.pattern, pathname) !== null)
    return SUPPORT_PAGES.has(searchParams.get('page') ?? '') ? 'support' : null;
  return SCREENS.find(([pattern]) => matchPath(pattern, pathname) !== null)?.[1] ?? null;
}

/**
 * The features this app may show: the config's list (SPEC §3), less what the partner whose mini-app this is blocks
 * (SPEC §5 "Partner-blocked features are removed from the feature list"). Until the config has answered nothing is
 * hidden, except inside a mini-app, where the partner's list kept at sign-in already applies.
 */
export function featuresOf(
  config: RemoteConfig | undefined,
  partner = partnerConfig(config),
): Pick<ReadonlySet<string>, 'has'> | null {
  const blocked = partner?.blockedFeatures ?? [];
  // the web trusts the answer without parsing it (decision 002): an answer without the list hides nothing
  if (Array.isArray(config?.features)) return enabledFeatures(config.features, blocked);
  return partner ? { has: (f) => !blocked.includes(f) } : null;
}

/** Whether a capability is on (true until the config has come: the app layout fetches it at start). */
export function useCapability(capability: Capability): boolean {
  const features = featuresOf(useKnownRemoteConfig());
  return features === null || capabilityOn(features, capability);
}

/** A filter for links: false for a path whose capability is switched off. */
export function useOffered(): (to: string) => boolean {
  const features = featuresOf(useKnownRemoteConfig());
  return (to) => {
    const capability = capabilityOfPath(to);
    return features === null || capability === null || capabilityOn(features, capability);
  };
}
