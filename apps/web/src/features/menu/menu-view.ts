import type { MenuProduct } from '@crust/contract';
import type { resolveMenuRoute } from '@crust/domain/categories';
import { matchesFilter, sortItems, type MenuFilter, type SortKey } from '@crust/domain/menu-filters';
import { homeCategoryId, toSortable, type MenuIndex, type ShownCategory } from '../../shared/menu/model.ts';

interface Section {
  category: ShownCategory;
  products: MenuProduct[];
}

/** What the screen shows for the route, filter and sort. */
export interface MenuView {
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

export function buildView(
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
