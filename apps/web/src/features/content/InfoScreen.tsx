import { paths } from '../../config/paths.ts';
import { useInfoIndex, useInfoPage } from '../../shared/content/api.ts';
import { Link, useSearchParams } from '../../shared/router/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { messageOf } from '../../shared/api/errors.ts';
import { ContentScreen } from './ContentScreen.tsx';
import { ct } from './texts.ts';
import './content.css';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { useOffered } from '../../shared/app-config/capabilities.ts';
import FeatureGate from '../../shared/app-config/FeatureGate.tsx';

/** /info?page=<slug>: one info page; /info: the list of them. An unknown page says so (never a blank screen). */
export default function InfoScreen() {
  const [params] = useSearchParams();
  const slug = params.get('page');
  return slug === null ? <InfoIndex /> : <InfoPage slug={slug} />;
}

/** A support page where support is blocked says so (the route table gates screens, not one page of a screen). */
function InfoPage({ slug }: { slug: string }) {
  const page = useInfoPage(slug);
  return (
    <FeatureGate path={paths.info({ page: slug })}>
      <ContentScreen query={page} fallbackTitle={ct('infoTitle')} />
    </FeatureGate>
  );
}

function InfoIndex() {
  const index = useInfoIndex();
  const offered = useOffered();
  const pages = (index.data?.pages ?? []).filter((p) => offered(paths.info({ page: p.slug })));
  return (
    <div className="ct-screen">
      <ScreenHeader title={ct('infoTitle')} />
      <main className="screen ct-main">
        <p className="ct-intro">{ct('infoIntro')}</p>
        {index.data ? (
          pages.length === 0 ? (
            <p className="ct-intro">{ct('noPages')}</p>
          ) : (
            <ul className="ct-index card">
              {pages.map((p) => (
                <li key={p.slug}>
                  <Link to={paths.info({ page: p.slug })}>{p.title}</Link>
                </li>
              ))}
            </ul>
          )
        ) : index.isError ? (
          <div className="ct-card card">
            <LoadFailed
              message={`${ct('loadFailed')} ${messageOf(index.error)}`}
              onRetry={() => void index.refetch()}
            />
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}
