import { useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from '../../shared/router/index.ts';
import { resolveMenuRoute } from '@crust/domain/categories';
import { menuReversed } from '@crust/domain/experiment-views';
import { readAbTest } from '../../shared/experiments/assignment.ts';
import { useKnownRemoteConfig } from '../../shared/location/api.ts';
import { MENU_FILTERS, parseFilter, parseSort } from '@crust/domain/menu-filters';
import { useMenu, useMenuStoreId } from '../../shared/menu/api.ts';
import { useFavouriteCodes, withFavourites } from '../../shared/menu/favourites.ts';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { indexMenu } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import NotFoundScreen from '../../shared/ui/NotFoundScreen.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { CategoryTabs } from './CategoryTabs.tsx';
import { useShownAtOnce, writeFilterSort } from './filter-sort.ts';
import { MenuBody } from './MenuBody.tsx';
import { MenuHeader } from './MenuHeader.tsx';
import { buildView } from './menu-view.ts';
import { StoreNotice } from './StoreNotice.tsx';
import { Toolbar } from './Toolbar.tsx';
import '../../shared/menu/menu.css';

export default function MenuScreen() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const storeId = useMenuStoreId();
  const menu = useMenu(storeId);
  // SPEC §2 category 0: the customer's favourites, asked for once the menu itself is here
  const favourites = useFavouriteCodes(menu.data !== undefined);
  // the menuReverseAB experiment: the remote config names the buckets whose menu runs backwards (favourites stay
  // first); the bucket as the screen opens, so that an allocation meanwhile does not turn the menu round
  const [bucket] = useState(() => readAbTest().bucket);
  const reversed = menuReversed(bucket, useKnownRemoteConfig()?.menuReverseAB ?? false);
  const index = useMemo(() => {
    if (!menu.data) return null;
    const all = indexMenu(menu.data);
    return withFavourites(reversed ? { ...all, categories: [...all.categories].reverse() } : all, favourites);
  }, [menu.data, favourites, reversed]);

  // shown at once on a tap; the URL (which router updates reach in a transition) catches up
  const [filter, showFilter] = useShownAtOnce(parseFilter(params.get('filter')));
  const [sort, showSort] = useShownAtOnce(parseSort(params.get('sort')));
  const categoryParam = params.get('categoryId');
  const pizzaParam = params.get('pizzaId');
  const route = resolveMenuRoute(slug, { categoryId: categoryParam, pizzaId: pizzaParam }, index?.extraSlugs);
  const view = useMemo(
    () => (index ? buildView(index, slug, route, filter, sort) : null),
    // route is derived from slug and the two params
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, slug, categoryParam, pizzaParam, filter, sort],
  );

  // filter and sort travel with the category links
  const keep = new URLSearchParams();
  if (filter !== MENU_FILTERS.ALL) keep.set('filter', String(filter));
  if (sort) keep.set('sort', sort);
  const { pathname } = useLocation();
  const unfiltered = new URLSearchParams(params);
  unfiltered.delete('filter');
  const clearFilterHref = unfiltered.toString() ? `${pathname}?${unfiltered}` : pathname;

  // an unknown slug is a 404, but only once the store's own categories are known
  if (route.kind === 'unknown' && index) return <NotFoundScreen />;

  const heading = view?.single?.name ?? mt('title');
  return (
    <div className="menu-screen">
      <MenuHeader />
      <CategoryTabs categories={index?.categories ?? []} current={view?.current ?? 'all'} keep={keep} />
      <main className="menu-main">
        <h1 className="visually-hidden">{heading}</h1>
        <StoreNotice />
        <Toolbar
          filter={filter}
          sort={sort}
          onFilter={(f) => {
            showFilter(f);
            writeFilterSort(setParams, f, sort);
          }}
          onSort={(k) => {
            showSort(k);
            writeFilterSort(setParams, filter, k);
          }}
        />
        {menu.isPending ? (
          <Spinner />
        ) : !view ? (
          <LoadFailed message={mt('loadFailed')} onRetry={() => void menu.refetch()} />
        ) : (
          <MenuBody view={view} filter={filter} keep={keep} clearFilterHref={clearFilterHref} />
        )}
      </main>
    </div>
  );
}
