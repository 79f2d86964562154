import type { ReactNode } from 'react';
import { Link } from '../router/index.ts';
import { paths } from '../../app/paths.ts';
import { capabilityOfPath, useOffered } from './capabilities.ts';
import { ac } from './texts.ts';

/**
 * A screen whose feature the remote config switched off, opened by a typed or old link: say so, instead of a
 * screen that cannot work here or the not-found page.
 */
export default function FeatureGate({ path, children }: { path: string; children: ReactNode }) {
  const offered = useOffered();
  if (capabilityOfPath(path) === null || offered(path)) return children;
  return (
    <main className="not-found feature-off">
      <h1>{ac('featureOffTitle')}</h1>
      <p>{ac('featureOffBody')}</p>
      <Link className="btn btn-primary" to={paths.home()}>
        {ac('goHome')}
      </Link>
    </main>
  );
}
