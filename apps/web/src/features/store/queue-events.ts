import { useEffect, useRef, useState } from 'react';

export const QUEUE_POLL_MS = 10_000;

export type LiveState = 'connecting' | 'live' | 'polling';

/**
 * The store queue's live stream: every `queue` event means "something changed, fetch again" (the event's data
 * is not trusted for the screen, so a lost or repeated event never shows a wrong state). While the stream is
 * down (no EventSource, a refused key, a dropped connection) the queue is polled every 10 s instead; when it
 * comes back the queue is fetched once to catch up.
 */
export function useQueueEvents(eventsUrl: string | undefined, onChange: () => void): LiveState {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const [live, setLive] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!eventsUrl) return;
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      setLive('polling');
      poll ??= setInterval(() => changed.current(), QUEUE_POLL_MS);
    };
    const stopPolling = () => {
      if (poll !== null) clearInterval(poll);
      poll = null;
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return stopPolling;
    }
    let source: EventSource;
    try {
      source = new EventSource(eventsUrl);
    } catch {
      startPolling();
      return stopPolling;
    }
    let dropped = false;
    source.addEventListener('open', () => {
      setLive('live');
      stopPolling();
      if (dropped) changed.current();
      dropped = false;
    });
    source.addEventListener('queue', () => changed.current());
    source.addEventListener('error', () => {
      dropped = true;
      startPolling();
    });
    return () => {
      source.close();
      stopPolling();
    };
  }, [eventsUrl]);

  return live;
}
