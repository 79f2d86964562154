import { useState } from 'react';
import type { SetURLSearchParams } from '../../shared/router/index.ts';
import { MENU_FILTERS, type MenuFilter, type SortKey } from '@crust/domain/menu-filters';

/**
 * A value kept in the URL but shown at once when the customer changes it: router updates land in a
 * transition, and a controlled radio must not flick back meanwhile. A change made against an older
 * URL value is dropped as soon as the URL moves on (back button, a link).
 */
export function useShownAtOnce<T>(fromUrl: T): [T, (value: T) => void] {
  const [pending, setPending] = useState<{ value: T; base: T } | null>(null);
  const shown = pending !== null && Object.is(pending.base, fromUrl) ? pending.value : fromUrl;
  return [shown, (value) => setPending({ value, base: fromUrl })];
}

/**
 * Writes both values as shown (a router's `prev` can lag behind a change still in its transition, so
 * a quick second change must not rebuild from it and lose the first).
 */
export function writeFilterSort(
  setParams: SetURLSearchParams,
  filter: MenuFilter,
  sort: SortKey | undefined,
): void {
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
