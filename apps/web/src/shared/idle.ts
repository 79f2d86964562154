import { useEffect, useState } from 'react';

/** Runs `run` when the main thread is idle (or after a frame where requestIdleCallback is missing). */
export function whenIdle(run: () => void, timeoutMs = 300): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 16);
  return () => window.clearTimeout(id);
}

/**
 * false on the first render, true once the browser has been idle: below-the-fold parts render in a
 * task of their own instead of lengthening the first one (Total Blocking Time on slow phones).
 */
export function useIdleReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}
