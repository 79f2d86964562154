import { paths } from '../../config/paths.ts';
import { useInfoIndex } from '../../shared/content/api.ts';
import { Link } from '../../shared/router/index.ts';
import { useOffered } from '../../shared/app-config/capabilities.ts';
import { lt } from './texts.ts';

/** The info pages (/info?page=…), linked at the foot of the landing; nothing until they are known. */
export function InfoLinks() {
  const index = useInfoIndex();
  // a support page (Contact us) is not linked where the partner blocks support (SPEC §6)
  const offered = useOffered();
  const pages = (index.data?.pages ?? []).filter((p) => offered(paths.info({ page: p.slug })));
  if (pages.length === 0) return null;
  return (
    <nav className="landing-info" aria-label={lt('information')}>
      <ul>
        {pages.map((p) => (
          <li key={p.slug}>
            <Link to={paths.info({ page: p.slug })}>{p.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
