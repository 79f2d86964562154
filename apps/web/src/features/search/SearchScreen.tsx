import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from '../../shared/router/index.ts';
import type { MenuProduct } from '@crust/contract';
import { searchMenu } from '@crust/domain/menu-search';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useMenu, useMenuStoreId, useToppings } from '../../shared/menu/api.ts';
import { LoadFailed, PriceTag, ProductImage } from '../../shared/menu/product-parts.tsx';
import { indexMenu, productHref } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import { CardAction } from '../../shared/menu/CardAction.tsx';
import { productsInCart, useCart, useCartBusy, type ProductInCart } from '../../shared/cart/api.ts';
import { st } from './texts.ts';
import '../../shared/menu/menu.css';
import './search.css';

const MAX_RESULTS = 30;
const POPULAR_COUNT = 6;

interface Entry {
  product: MenuProduct;
  href: string;
  name: string;
  description: string;
  toppingNames: string[];
}

export default function SearchScreen() {
  const [params, setParams] = useSearchParams();
  // the box is local state (typing never waits for the router); the URL keeps it for back and reload
  const [text, setText] = useState(() => params.get('q') ?? '');
  const query = useDeferredValue(text.trim());
  useEffect(() => {
    setParams(query ? { q: query } : {}, { replace: true, preventScrollReset: true });
  }, [query, setParams]);

  const storeId = useMenuStoreId();
  const menu = useMenu(storeId);
  // topping names make "paneer" find pizzas topped with it; without them search still works on names
  const toppings = useToppings(storeId);

  const entries = useMemo<Entry[]>(() => {
    if (!menu.data) return [];
    const index = indexMenu(menu.data);
    const names = new Map((toppings.data?.toppings ?? []).map((x) => [x.toppingId, x.name]));
    // menu order: category by category, each product once
    const ordered = new Set(index.categories.flatMap((c) => c.codes));
    for (const code of index.products.keys()) ordered.add(code);
    return [...ordered].map((code) => {
      const product = index.products.get(code)!;
      return {
        product,
        href: productHref(index, product),
        name: product.name,
        description: product.description,
        toppingNames: product.defaultToppingIds.flatMap((id) => names.get(id) ?? []),
      };
    });
  }, [menu.data, toppings.data]);

  const results = useMemo(() => searchMenu(entries, query, MAX_RESULTS), [entries, query]);
  const popular = useMemo(() => {
    const best = new Set(menu.data?.bestsellers ?? []);
    return entries.filter((e) => best.has(e.product.menuCode)).slice(0, POPULAR_COUNT);
  }, [entries, menu.data]);

  return (
    <div className="search-screen">
      <ScreenHeader title={st('title')} />
      <main className="search-main">
        <form role="search" className="search-form" onSubmit={(e) => e.preventDefault()}>
          <svg className="search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            className="input search-input"
            aria-label={st('label')}
            placeholder={st('placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            // the whole point of this screen is typing
            autoFocus
          />
          {text ? (
            <button
              type="button"
              className="icon-btn search-clear"
              aria-label={st('clear')}
              onClick={() => setText('')}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
        </form>

        {menu.isPending ? (
          <Spinner />
        ) : !menu.data ? (
          <LoadFailed message={mt('loadFailed')} onRetry={() => void menu.refetch()} />
        ) : query ? (
          <>
            <p className="search-status" role="status">
              {results.length === 0
                ? st('none', { query })
                : results.length === 1
                  ? st('oneResult', { query })
                  : st('results', { count: results.length, query })}
            </p>
            <HitList entries={results} label={st('title')} />
          </>
        ) : (
          <>
            <p className="search-status">{st('hint')}</p>
            {popular.length > 0 ? (
              <section aria-labelledby="search-popular-h">
                <h2 id="search-popular-h" className="search-h">
                  {st('popular')}
                </h2>
                <HitList entries={popular} label={st('popular')} />
              </section>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}

function HitList({ entries, label }: { entries: readonly Entry[]; label: string }) {
  // a hit is added from here as from the menu: Add, then − and + once it is in the cart
  const cart = useCart();
  const inCart = useMemo(() => productsInCart(cart.data), [cart.data]);
  const busy = useCartBusy();
  if (entries.length === 0) return null;
  return (
    <ul className="search-hits" aria-label={label}>
      {entries.map((e, i) => (
        <Hit
          key={e.product.menuCode}
          entry={e}
          eager={i < 6}
          inCart={inCart.get(e.product.menuCode)}
          busy={busy}
        />
      ))}
    </ul>
  );
}

const Hit = memo(function Hit({
  entry: { product: p, href },
  eager,
  inCart,
  busy,
}: {
  entry: Entry;
  eager: boolean;
  inCart: ProductInCart | undefined;
  busy: boolean;
}) {
  return (
    <li className="search-hit card">
      <ProductImage product={p} size={72} eager={eager} />
      <div className="search-hit-body">
        <p className="search-hit-name">
          <FoodMark foodType={p.foodType} />
          <Link to={href} className="search-hit-link">
            {p.name}
          </Link>
        </p>
        <p className="search-hit-desc">{p.description}</p>
        <div className="search-hit-foot">
          <PriceTag current={p.price.currentPrice} regular={p.price.regularPrice} />
          <CardAction product={p} inCart={inCart} busy={busy} />
        </div>
      </div>
    </li>
  );
});
