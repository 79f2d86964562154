import { useEffect, useState } from 'react';

/** The clock, moved on every `everyMs` by itself: for "12 min left" or a rider creeping along the map. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
