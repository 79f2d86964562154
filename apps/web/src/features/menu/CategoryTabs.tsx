import { useEffect, useRef } from 'react';
import { Link } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import type { ShownCategory } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';

/** The category bar: "All" and each category with products, the current one scrolled into view. */
export function CategoryTabs({
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
