import type { ReactNode } from 'react';
import { capabilityOn, FEATURES } from '@crust/domain/app-config';
import { Link } from '../router/index.ts';
import { paths } from '../../config/paths.ts';
import { useKnownRemoteConfig } from '../location/api.ts';
import { partnerConfig } from '../partner/mode.ts';
import { capabilityOfPath, useOffered } from './capabilities.ts';
import { ac } from './texts.ts';

/**
 * A screen whose feature the remote config switched off, opened by a typed or old link: say so, instead of a
 * screen that cannot work here or the not-found page. Inside a partner's mini-app whose configuration blocks it
 * (SPEC §6), the partner is named.
 */
export default function FeatureGate({ path, children }: { path: string; children: ReactNode }) {
  const offered = useOffered();
  const partner = partnerConfig(useKnownRemoteConfig());
  const capability = capabilityOfPath(path);
  if (capability === null || offered(path)) return children;
  const blocked = partner?.blockedFeatures ?? [];
  const byPartner =
    partner && !capabilityOn(new Set(FEATURES.filter((f) => !blocked.includes(f))), capability);
  return (
    <main className="not-found feature-off">
      <h1>{ac('featureOffTitle')}</h1>
      <p>
        {byPartner
          ? ac('featureOffInPartner', { feature: ac(`feature_${capability}`), partner: partner.partnerName })
          : ac('featureOffBody')}
      </p>
      <Link className="btn btn-primary" to={paths.home()}>
        {ac('goHome')}
      </Link>
    </main>
  );
}
