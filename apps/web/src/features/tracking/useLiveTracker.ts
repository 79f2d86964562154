import { useEffect, useState } from 'react';
import type { Tracker } from '@crust/contract/tracking';
import { fetchTracker } from './api.ts';
import { followTracker, type FollowMode } from './follow-tracker.ts';

export type LiveTracker =
  { phase: 'loading' } | { phase: 'unavailable' } | { phase: 'ready'; tracker: Tracker; mode: FollowMode };

interface Held {
  /** which order (and attempt) the state belongs to, so a new one starts from loading */
  for: string;
  state: LiveTracker;
}

/**
 * The tracker of one order, kept current while mounted: live events, else polling (see followTracker).
 * `retry` reads it again after a failed first read; `refresh` reads it once more now (after the customer changed
 * the order, not waiting for the stream), keeping what is shown meanwhile.
 */
export function useLiveTracker(
  orderId: string | null,
  key: string | null,
): { state: LiveTracker; retry: () => void; refresh: () => Promise<void> } {
  const [attempt, setAttempt] = useState(0);
  const id = `${orderId ?? ''}|${key ?? ''}|${attempt}`;
  const [held, setHeld] = useState<Held>({ for: id, state: { phase: 'loading' } });

  useEffect(() => {
    if (!orderId) return;
    return followTracker(orderId, key, {
      onTracker: (tracker, mode) => setHeld({ for: id, state: { phase: 'ready', tracker, mode } }),
      onUnavailable: () => setHeld({ for: id, state: { phase: 'unavailable' } }),
    });
  }, [orderId, key, id]);

  const state: LiveTracker = !orderId
    ? { phase: 'unavailable' }
    : held.for === id
      ? held.state
      : { phase: 'loading' };
  const refresh = async () => {
    if (!orderId) return;
    const tracker = await fetchTracker(orderId, key);
    setHeld((h) =>
      h.for === id && h.state.phase === 'ready' ? { for: id, state: { ...h.state, tracker } } : h,
    );
  };
  return { state, retry: () => setAttempt((n) => n + 1), refresh };
}
