import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the element given the returned ref scrolls near the viewport (within `margin`), while
 * `active`: a list's next page is asked for before the customer reaches its end. Where IntersectionObserver
 * is missing nothing is observed, and the list's "Load more" button does the work.
 */
export function useSentinel<E extends Element>(onVisible: () => void, active: boolean, margin = '240px') {
  const ref = useRef<E>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, margin]);
  return ref;
}
