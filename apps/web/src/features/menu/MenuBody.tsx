import { MESSAGES } from '@crust/domain/messages';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../../shared/router/index.ts';
import { MENU_FILTERS, type MenuFilter } from '@crust/domain/menu-filters';
import { paths } from '../../config/paths.ts';
import { productsInCart, useCart, useCartBusy } from '../../shared/cart/api.ts';
import { whenIdle } from '../../shared/idle.ts';
import { mt } from '../../shared/menu/texts.ts';
import { useDeepLinkScroll } from './deep-link-scroll.ts';
import type { MenuView } from './menu-view.ts';
import { ProductCard } from './ProductCard.tsx';

/** How many product pictures load eagerly (the first screenful); the rest wait until scrolled near. */
const EAGER_IMAGES = 4;
/**
 * Cards rendered in the first pass; the rest follow a small batch at a time, each in an idle moment, so
 * no single render or commit blocks input for long (a whole menu is a hundred-odd cards).
 */
const FIRST_PASS_CARDS = 4;
const CARDS_PER_BATCH = 3;

/** The menu's sections and cards (built a batch at a time), and what it says when nothing is shown. */
export function MenuBody({
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
      {view.missingProduct ? <p className="menu-notice">{MESSAGES.notAvailableNow}</p> : null}
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
