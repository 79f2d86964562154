import { useEffect, useRef } from 'react';
import type { MenuView } from './menu-view.ts';

/** A deep link (/menu?categoryId=&pizzaId=) scrolls to its product and focuses it; a whole-menu slug scrolls to its section. */
export function useDeepLinkScroll(view: MenuView | null): void {
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

/** The element id of a product's card in a category (the deep link's target). */
export function productDomId(categoryId: number, code: string): string {
  return `p-${categoryId}-${code}`;
}
