import type { Tracker } from '@crust/contract/tracking';
import { keepsPolling } from '@crust/domain/order-lifecycle';
import { fetchTracker, isFinalRefusal } from './api.ts';

/**
 * How long the live stream may stay silent before we poll instead. The server sends the tracker as soon as the
 * stream opens, so silence this long means something between us (a buffering proxy, a captive portal) eats it.
 */
export const FIRST_EVENT_TIMEOUT_MS = 10_000;
/** A server answering 0 must not turn polling into a busy loop. */
const MIN_POLL_SECONDS = 1;

/** Nothing more will change for a failed order, nor after the hand-over (SPEC §4: FAILED shows an error). */
export function isLive(t: Tracker): boolean {
  return t.status !== 'FAILED' && keepsPolling(t.tracker.stage);
}

export type FollowMode = 'live' | 'polling' | 'done';

export interface FollowHandlers {
  onTracker: (tracker: Tracker, mode: FollowMode) => void;
  /** the first read failed: there is nothing to show */
  onUnavailable: (error: unknown) => void;
}

type Timer = ReturnType<typeof setTimeout>;

function parseTracker(data: unknown, orderId: string): Tracker | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<Tracker> | null;
    return value && value.orderId === orderId && value.tracker ? (value as Tracker) : null;
  } catch {
    return null;
  }
}

/**
 * Follows one order's tracker (SPEC §4 Tracker): reads it once, then listens to its server-sent events, each
 * a whole tracker. Without EventSource, or when the stream fails before its first event (or stays silent),
 * it polls every apiHitInterval seconds instead. Either way it stops for good once the order is delivered or
 * picked up. Answers a stop function for unmount.
 */
export function followTracker(orderId: string, key: string | null, handlers: FollowHandlers): () => void {
  const controller = new AbortController();
  let stopped = false;
  let source: EventSource | null = null;
  let pollTimer: Timer | undefined;
  let silenceTimer: Timer | undefined;
  let mode: FollowMode = 'live';
  let intervalSec = MIN_POLL_SECONDS;

  const stop = () => {
    stopped = true;
    clearTimeout(pollTimer);
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
    controller.abort();
  };

  const accept = (tracker: Tracker) => {
    intervalSec = Math.max(MIN_POLL_SECONDS, tracker.apiHitInterval);
    const live = isLive(tracker);
    if (!live) {
      mode = 'done';
      stop();
    }
    handlers.onTracker(tracker, mode);
  };

  const schedulePoll = () => {
    pollTimer = setTimeout(() => void poll(), intervalSec * 1000);
  };

  const poll = async () => {
    try {
      const tracker = await fetchTracker(orderId, key, controller.signal);
      if (stopped) return;
      accept(tracker);
    } catch (e) {
      if (stopped) return;
      // the order is gone or no longer ours: what is shown stays, nothing more is asked
      if (isFinalRefusal(e)) {
        stop();
        return;
      }
    }
    if (!stopped) schedulePoll();
  };

  const fallBack = () => {
    if (stopped || mode === 'polling') return;
    mode = 'polling';
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
    schedulePoll();
  };

  const listen = (url: string) => {
    if (typeof EventSource === 'undefined') {
      fallBack();
      return;
    }
    let heard = false;
    try {
      source = new EventSource(url);
    } catch {
      fallBack();
      return;
    }
    const es = source;
    es.addEventListener('tracker', (event) => {
      if (stopped || mode !== 'live') return;
      const tracker = parseTracker(event.data, orderId);
      if (!tracker) return;
      heard = true;
      clearTimeout(silenceTimer);
      accept(tracker);
    });
    // after a first event the browser reconnects by itself (and is sent the tracker again); before one, or
    // once it gives up (CLOSED), the stream is not working here
    es.onerror = () => {
      if (!heard || es.readyState === EventSource.CLOSED) fallBack();
    };
    silenceTimer = setTimeout(() => {
      if (!heard) fallBack();
    }, FIRST_EVENT_TIMEOUT_MS);
  };

  void (async () => {
    try {
      const tracker = await fetchTracker(orderId, key, controller.signal);
      if (stopped) return;
      accept(tracker);
      if (!stopped) listen(tracker.eventsUrl);
    } catch (e) {
      if (stopped) return;
      stop();
      handlers.onUnavailable(e);
    }
  })();

  return stop;
}
