import { memo, startTransition, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link, useLocation, useParams, useSearchParams, type SetURLSearchParams } from 'react-router';
import type { MenuProduct } from '@crust/contract';
import { resolveMenuRoute } from '@crust/domain/categories';
import { deliveryTypeLabel } from '@crust/domain/delivery-types';
import {
  MENU_FILTERS,
  matchesFilter,
  parseFilter,
  parseSort,
  sortItems,
  type MenuFilter,
  type SortKey,
} from '@crust/domain/menu-filters';
import NotFoundScreen from '../../shared/ui/NotFoundScreen.tsx';
import { paths } from '../../app/paths.ts';
import { t } from '../../shared/i18n/index.ts';
import { useLocationState } from '../../shared/state/location-store.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useMenu, useMenuStoreId } from '../../shared/menu/api.ts';
import { LoadFailed } from '../../shared/menu/LoadFailed.tsx';
import { PriceTag } from '../../shared/menu/PriceTag.tsx';
import { ProductImage } from '../../shared/menu/ProductImage.tsx';
import {
  homeCategoryId,
  indexMenu,
  isCustomisable,
  toSortable,
  type MenuIndex,
  type ShownCategory,
} from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import { whenIdle } from '../../shared/idle.ts';
import {
  productsInCart,
  useCart,
  useCartActions,
  useCartBusy,
  type ProductInCart,
} from '../../shared/cart/api.ts';
import { defaultCartInput } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- issue 13 §2: the form kit moves this to shared/ui
import { QuantityStepper } from '../cart/QuantityStepper.tsx';
import { notifyError } from '../../shared/cart/toasts.ts';
import { AccountEntry } from '../../shared/customer/AccountEntry.tsx';
import { StoreStatusNoticeLater } from '../../shared/location/StoreStatusNoticeLater.tsx';
import { useFavouriteCodes, withFavourites } from '../../shared/menu/favourites.ts';
import '../../shared/menu/menu.css';

/** How many product pictures load eagerly (the first screenful); the rest wait until scrolled near. */
const EAGER_IMAGES = 4;
/**
 * Cards rendered in the first pass; the rest follow a small batch at a time, each in an idle moment, so
 * no single render or commit blocks input for long (a whole menu is a hundred-odd cards).
 */
const FIRST_PASS_CARDS = 4;
const CARDS_PER_BATCH = 3;

const SORT_OPTIONS: ReadonlyArray<{ value: SortKey | ''; label: Parameters<typeof mt>[0] }> = [
  { value: '', label: 'sortNone' },
  { value: 'price-low-high', label: 'sortPriceLowHigh' },
  { value: 'price-high-low', label: 'sortPriceHighLow' },
  { value: 'discount-high-low', label: 'sortDiscountHighLow' },
  { value: 'discount-low-high', label: 'sortDiscountLowHigh' },
];

const FILTER_OPTIONS: ReadonlyArray<{
  value: MenuFilter;
  label: Parameters<typeof mt>[0];
  mark?: 'veg' | 'nonveg';
}> = [
  { value: MENU_FILTERS.ALL, label: 'filterAll' },
  { value: MENU_FILTERS.VEG, label: 'filterVeg', mark: 'veg' },
  { value: MENU_FILTERS.NON_VEG, label: 'filterNonVeg', mark: 'nonveg' },
];

interface Section {
  category: ShownCategory;
  products: MenuProduct[];
}

/** What the screen shows for the route, filter and sort. */
interface MenuView {
  sections: Section[];
  /** the tab marked current: a category id, or 'all' */
  current: number | 'all';
  /** the single category asked for, when one was */
  single: ShownCategory | null;
  /** a category id was asked for that this store's menu does not have */
  missingCategory: boolean;
  /** the product a deep link points at, when it is on the menu */
  target: { categoryId: number; code: string } | null;
  /** a deep link pointed at a product this store does not sell */
  missingProduct: boolean;
  /** /menu/bestsellers and /menu/daily-essentials show everything, scrolled to that section */
  scrollToSlug: string | null;
}

function buildView(
  index: MenuIndex,
  slug: string | undefined,
  route: ReturnType<typeof resolveMenuRoute>,
  filter: MenuFilter,
  sort: SortKey | undefined,
): MenuView {
  const sectionOf = (category: ShownCategory): Section => {
    const items = category.codes.map((code) => toSortable(index.products.get(code)!));
    return {
      category,
      products: sortItems(
        items.filter((i) => matchesFilter(i, filter)),
        sort,
      ).map((i) => i.product),
    };
  };
  const base = {
    target: null,
    missingProduct: false,
    missingCategory: false,
    scrollToSlug: null,
    single: null,
  };

  if (route.kind === 'all' || route.kind === 'unknown') {
    const named = slug ? index.categories.find((c) => c.slug === slug) : undefined;
    return {
      ...base,
      sections: index.categories.map(sectionOf).filter((s) => s.products.length > 0),
      current: named?.id ?? 'all',
      scrollToSlug: named ? named.slug : null,
    };
  }

  let categoryId: number | undefined = route.categoryId;
  let target: MenuView['target'] = null;
  let missingProduct = false;
  if (route.kind === 'product') {
    const known = index.products.has(route.productCode);
    const listed =
      categoryId !== undefined &&
      index.categories.some((c) => c.id === categoryId && c.codes.includes(route.productCode));
    if (known && !listed) categoryId = homeCategoryId(index, route.productCode) ?? categoryId;
    if (known && categoryId !== undefined) target = { categoryId, code: route.productCode };
    missingProduct = !known;
  }
  const category = categoryId === undefined ? undefined : index.categories.find((c) => c.id === categoryId);
  if (!category) {
    // a deep link to a product this store does not sell, without a category: the whole menu and a note
    return {
      ...base,
      sections: index.categories.map(sectionOf).filter((s) => s.products.length > 0),
      current: 'all',
      missingCategory: categoryId !== undefined,
      missingProduct,
    };
  }
  return {
    ...base,
    sections: [sectionOf(category)],
    current: category.id,
    single: category,
    target,
    missingProduct,
  };
}

export default function MenuScreen() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const storeId = useMenuStoreId();
  const menu = useMenu(storeId);
  // SPEC §2 category 0: the customer's favourites, asked for once the menu itself is here
  const favourites = useFavouriteCodes(menu.data !== undefined);
  const index = useMemo(
    () => (menu.data ? withFavourites(indexMenu(menu.data), favourites) : null),
    [menu.data, favourites],
  );

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

function MenuBody({
  view,
  filter,
  keep,
  clearFilterHref,
}: {
  view: MenuView;
  filter: MenuFilter;
  /** the query the category links carry on (filter, sort) */
  keep: URLSearchParams;
  clearFilterHref: string;
}) {
  const total = view.sections.reduce((n, s) => n + s.products.length, 0);
  const cart = useCart();
  const inCart = useMemo(() => productsInCart(cart.data), [cart.data]);
  const busy = useCartBusy();
  const [limit, setLimit] = useState(FIRST_PASS_CARDS);
  const complete = limit >= total;
  // a deep link must reach its product: render everything, a batch per idle moment
  const deepLink = Boolean(view.target || view.scrollToSlug);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (complete) return;
    const grow = () => startTransition(() => setLimit((n) => n + CARDS_PER_BATCH));
    const el = sentinel.current;
    if (deepLink || !el || typeof IntersectionObserver !== 'function') return whenIdle(grow);
    // otherwise cards are made as the customer scrolls near them (1500 px ahead), so a cheap phone
    // does not build a hundred cards nobody has looked at yet
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        whenIdle(grow);
      },
      { rootMargin: '1500px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [complete, limit, deepLink]);
  useDeepLinkScroll(complete ? view : null);

  let cardCount = 0;
  const empty = view.sections.every((s) => s.products.length === 0);
  return (
    <div className="menu-body" aria-busy={deepLink && !complete ? true : undefined}>
      {view.missingProduct ? <p className="menu-notice">{t('notAvailableNow')}</p> : null}
      {view.missingCategory || (view.single && view.single.codes.length === 0) ? (
        <div className="menu-empty">
          <p>{mt('emptyCategory')}</p>
          <Link to={paths.menu({ query: keep })}>{mt('seeFullMenu')}</Link>
        </div>
      ) : empty ? (
        <div className="menu-empty">
          <p>{mt('noMatch')}</p>
          {filter !== MENU_FILTERS.ALL ? (
            <Link to={clearFilterHref} replace>
              {mt('showAllItems')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {view.sections.map((s, sectionIndex) =>
        s.products.length === 0 || cardCount >= limit ? null : (
          <section
            key={s.category.id}
            id={`cat-${s.category.slug}`}
            className={sectionIndex === 0 ? 'menu-section' : 'menu-section menu-section-deferred'}
            aria-labelledby={`cat-${s.category.slug}-h`}
          >
            <h2 id={`cat-${s.category.slug}-h`} className="menu-section-title">
              {s.category.name}
            </h2>
            <ul className="menu-grid">
              {s.products.map((p) => {
                const n = cardCount++;
                if (n >= limit) return null;
                const held = inCart.get(p.menuCode);
                return (
                  <li key={p.menuCode}>
                    <ProductCard
                      product={p}
                      categoryId={s.category.id}
                      eager={n < EAGER_IMAGES}
                      priority={n === 0}
                      highlighted={
                        view.target?.categoryId === s.category.id && view.target.code === p.menuCode
                      }
                      inCart={held}
                      busy={held ? busy : false}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        ),
      )}
      {complete ? null : <div ref={sentinel} className="menu-more" aria-hidden="true" />}
    </div>
  );
}

/** A deep link (/menu?categoryId=&pizzaId=) scrolls to its product and focuses it; a whole-menu slug scrolls to its section. */
function useDeepLinkScroll(view: MenuView | null): void {
  const targetId = view?.target
    ? productDomId(view.target.categoryId, view.target.code)
    : view?.scrollToSlug
      ? `cat-${view.scrollToSlug}`
      : null;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!targetId || done.current === targetId) return;
    const el = document.getElementById(targetId);
    if (!el) return;
    done.current = targetId;
    el.scrollIntoView?.({ block: view?.target ? 'center' : 'start' });
    if (view?.target) el.focus({ preventScroll: true });
  }, [targetId, view]);
}

function productDomId(categoryId: number, code: string): string {
  return `p-${categoryId}-${code}`;
}

function MenuHeader() {
  const { deliveryType, store } = useLocationState();
  const type = deliveryTypeLabel(deliveryType);
  return (
    <header className="menu-top">
      <Link to={paths.locationSelection({ deliveryType })} className="menu-where">
        <span className="menu-where-type">{type}</span>{' '}
        <span className="menu-where-store">
          <span className="menu-where-name">
            {store ? store.name : mt('chooseLocation')}
            {store ? (
              <>
                {' '}
                <span className="visually-hidden">{mt('change')}</span>
              </>
            ) : null}
          </span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M7 10l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        </span>
      </Link>
      <Link to={paths.search()} className="icon-btn menu-search-btn" aria-label={mt('searchMenu')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </Link>
      <AccountEntry />
    </header>
  );
}

/** SPEC §8: an offline store, or one outside its hours, still shows its menu, with why and when it opens. */
function StoreNotice() {
  const { store } = useLocationState();
  return (
    <StoreStatusNoticeLater storeId={store?.id} offlineKnown={store?.online === 0} className="menu-notice" />
  );
}

function CategoryTabs({
  categories,
  current,
  keep,
}: {
  categories: readonly ShownCategory[];
  current: number | 'all';
  /** the query the category links carry on (filter, sort) */
  keep: URLSearchParams;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // keep the current tab in view inside the horizontally scrolling bar
    const list = listRef.current;
    const el = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !el) return;
    list.scrollLeft = el.offsetLeft - (list.clientWidth - el.offsetWidth) / 2;
  }, [current]);
  return (
    <nav className="menu-tabs" aria-label={mt('categories')}>
      <ul ref={listRef}>
        <li>
          <Link to={paths.menu({ query: keep })} aria-current={current === 'all' ? 'page' : undefined}>
            {mt('all')}
          </Link>
        </li>
        {categories.map((c) =>
          c.codes.length === 0 ? null : (
            <li key={c.id}>
              <Link
                to={paths.menu({ slug: c.slug, query: keep })}
                aria-current={current === c.id ? 'page' : undefined}
              >
                {c.name}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * A value kept in the URL but shown at once when the customer changes it: router updates land in a
 * transition, and a controlled radio must not flick back meanwhile. A change made against an older
 * URL value is dropped as soon as the URL moves on (back button, a link).
 */
function useShownAtOnce<T>(fromUrl: T): [T, (value: T) => void] {
  const [pending, setPending] = useState<{ value: T; base: T } | null>(null);
  const shown = pending !== null && Object.is(pending.base, fromUrl) ? pending.value : fromUrl;
  return [shown, (value) => setPending({ value, base: fromUrl })];
}

/**
 * Writes both values as shown (a router's `prev` can lag behind a change still in its transition, so
 * a quick second change must not rebuild from it and lose the first).
 */
function writeFilterSort(setParams: SetURLSearchParams, filter: MenuFilter, sort: SortKey | undefined): void {
  void setParams(
    (prev) => {
      const next = new URLSearchParams(prev);
      if (filter === MENU_FILTERS.ALL) next.delete('filter');
      else next.set('filter', String(filter));
      if (sort) next.set('sort', sort);
      else next.delete('sort');
      return next;
    },
    { replace: true, preventScrollReset: true },
  );
}

function Toolbar({
  filter,
  sort,
  onFilter,
  onSort,
}: {
  filter: MenuFilter;
  sort: SortKey | undefined;
  onFilter: (f: MenuFilter) => void;
  onSort: (k: SortKey | undefined) => void;
}) {
  return (
    <div className="menu-toolbar">
      <fieldset className="menu-filter">
        <legend className="visually-hidden">{mt('filterLegend')}</legend>
        {FILTER_OPTIONS.map((o) => (
          <label key={o.value} className="filter-chip">
            <input
              type="radio"
              name="menu-filter"
              className="filter-chip-input"
              value={o.value}
              checked={filter === o.value}
              onChange={() => onFilter(o.value)}
            />
            <span className="filter-chip-face">
              {o.mark ? (
                <span className={`food-mark ${o.mark}`} aria-hidden="true">
                  <span />
                </span>
              ) : null}
              {mt(o.label)}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="menu-sort">
        <span className="menu-sort-label">{mt('sortLabel')}</span>
        <select
          className="menu-sort-select"
          value={sort ?? ''}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onSort(parseSort(e.target.value))}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {mt(o.label)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

interface CardProps {
  product: MenuProduct;
  categoryId: number;
  eager: boolean;
  priority: boolean;
  highlighted: boolean;
  /** how many of it the cart holds, when any */
  inCart: ProductInCart | undefined;
  /** a cart change is on its way (only passed to cards with the product in the cart) */
  busy: boolean;
}

const ProductCard = memo(function ProductCard({
  product: p,
  categoryId,
  eager,
  priority,
  highlighted,
  inCart,
  busy,
}: CardProps) {
  const nameId = `${productDomId(categoryId, p.menuCode)}-name`;
  return (
    <article
      id={productDomId(categoryId, p.menuCode)}
      className={highlighted ? 'menu-card card menu-card-highlight' : 'menu-card card'}
      aria-labelledby={nameId}
      tabIndex={highlighted ? -1 : undefined}
    >
      <div className="menu-card-media">
        <ProductImage product={p} size={112} eager={eager} priority={priority} />
        {p.isBestseller ? <span className="menu-tag">{mt('bestseller')}</span> : null}
      </div>
      <div className="menu-card-body">
        <div className="menu-card-title">
          <FoodMark foodType={p.foodType} />
          <h3 id={nameId}>{p.name}</h3>
        </div>
        <p className="menu-card-desc">{p.description}</p>
        <div className="menu-card-foot">
          <div className="menu-card-price">
            <PriceTag current={p.price.currentPrice} regular={p.price.regularPrice} />
            {p.inStock && isCustomisable(p) ? (
              <Link
                className="menu-card-customise"
                to={paths.customise({ pizzaId: p.menuCode })}
                aria-label={mt('customiseItem', { name: p.name })}
              >
                {mt('customise')}
              </Link>
            ) : null}
          </div>
          <CardAction product={p} inCart={inCart} busy={busy} />
        </div>
      </div>
    </article>
  );
});

/**
 * "Add" puts one of the product in the cart as it comes (the cheapest variant, no changes: a pizza's
 * default customisation); once it is in the cart the card shows how many, with − and +. "+" repeats the
 * product's last line, "−" takes one off it.
 */
function CardAction({
  product: p,
  inCart,
  busy,
}: {
  product: MenuProduct;
  inCart: ProductInCart | undefined;
  busy: boolean;
}) {
  const actions = useCartActions();
  const add = useAddToCart();
  if (!p.inStock) return <span className="menu-oos">{t('outOfStock')}</span>;
  if (inCart) {
    return (
      <QuantityStepper
        name={p.name}
        value={inCart.quantity}
        disabled={busy}
        onDecrease={() => void actions.setQuantity(inCart.itemId, inCart.lineQuantity - 1).catch(notifyError)}
        onIncrease={() => void actions.setQuantity(inCart.itemId, inCart.lineQuantity + 1).catch(notifyError)}
      />
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary menu-card-btn"
      aria-label={mt('addItem', { name: p.name })}
      onClick={() => void add(defaultCartInput(p)).catch(notifyError)}
    >
      {mt('add')}
    </button>
  );
}
