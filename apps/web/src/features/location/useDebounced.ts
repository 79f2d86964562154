import { useCallback, useEffect, useState } from 'react';

/**
 * The value as it was `ms` after it last changed (autocomplete's 500 ms, SPEC §9). `flush` makes the
 * current value take effect at once (Enter in a search box).
 */
export function useDebounced<T>(value: T, ms: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
