import { INFO_PAGES } from '@crust/domain/content';
import { paths } from '../../config/paths.ts';
import { useInfoPage } from '../../shared/content/api.ts';
import { Link } from '../../shared/router/index.ts';
import { ContentScreen } from './ContentScreen.tsx';
import { ct } from './texts.ts';

/** /worldPizzaLeague: the promotion (the info page "world-pizza-league") and the way to its menu category. */
export default function WorldPizzaLeagueScreen() {
  const page = useInfoPage(INFO_PAGES.worldPizzaLeague);
  return (
    <ContentScreen query={page} fallbackTitle={ct('wplTitle')}>
      <Link className="btn btn-primary btn-block ct-cta" to={paths.menu({ slug: 'world-pizza-league' })}>
        {ct('wplOrder')}
      </Link>
    </ContentScreen>
  );
}
