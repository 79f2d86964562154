import type { DeviceFacts, UserActivityEvent } from '@crust/contract/analytics';
import { API_PATHS } from '@crust/contract/paths';
import { ACTION_TYPE_OF, MAX_EVENTS_PER_CALL, pageNameOf, personalDataIn } from '@crust/domain/funnel';
import type { EventProperties, Tracked } from './track.ts';

/** How often the queue is sent while the page is open (it is also sent when the page is hidden or left). */
export const FLUSH_EVERY_MS = 5_000;
/** Events queued at most: past this the oldest go (a long offline spell must not grow the tab's memory). */
export const QUEUE_MAX = 200;

export interface SenderEnv {
  /** the SPEC §7 headers of every call (ga_client_id, ab_test, …) */
  headers: () => Record<string, string>;
  userId: () => string | null;
  /** fetch with keepalive, so a batch sent as the page goes still arrives */
  send: (url: string, init: RequestInit) => Promise<unknown>;
  userAgent: string;
  /** the page the app was opened from, if another site */
  referrer: string;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  isHidden: () => boolean;
}

/** The properties without any that name or hold personal data (the server would refuse the whole batch). */
export function cleanProperties(properties: EventProperties): EventProperties {
  const clean: EventProperties = {};
  for (const [key, value] of Object.entries(properties))
    if (!personalDataIn({ [key]: value })) clean[key] = value;
  return clean;
}

/** The outside site's host, or '' (a full referrer's path and query may carry anything). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * The user-activity sender (docs/analytics.md): events queued in memory, sent in batches by fetch with keepalive
 * every few seconds and when the page is hidden or left; a failed send is dropped, never retried or awaited.
 * Answers `add` (the sink track.ts hands events to) and `stop`.
 */
export function startSender(env: SenderEnv) {
  const queue: UserActivityEvent[] = [];
  let lastPage = hostOf(env.referrer);

  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_EVENTS_PER_CALL);
      env
        .send(API_PATHS.userActivity, {
          method: 'POST',
          keepalive: true,
          headers: { ...env.headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ data: batch }),
        })
        .catch(() => undefined);
    }
  };

  const add = (e: Tracked) => {
    const pageName = pageNameOf(e.path);
    queue.push({
      userAgent: env.userAgent,
      platform: 'PWA',
      userId: env.userId(),
      timestamp: e.at,
      pageName,
      referrer: lastPage,
      action: e.action,
      actionType: ACTION_TYPE_OF[e.action],
      properties: cleanProperties(e.properties),
    });
    if (e.action === 'page_view') lastPage = pageName;
    if (queue.length > QUEUE_MAX) queue.splice(0, queue.length - QUEUE_MAX);
  };

  const onHide = () => {
    if (env.isHidden()) flush();
  };
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  env.target.addEventListener('pagehide', flush);
  env.target.addEventListener('visibilitychange', onHide);
  return {
    add,
    flush,
    stop: () => {
      flush();
      clearInterval(timer);
      env.target.removeEventListener('pagehide', flush);
      env.target.removeEventListener('visibilitychange', onHide);
    },
  };
}

/** SPEC §7 fingerprint info, read as coarse device facts (docs/analytics.md "Device facts"): nothing that tells one phone from another. */
export function deviceFacts(
  nav: Navigator,
  win: Pick<Window, 'innerWidth' | 'matchMedia'>,
  now: Date,
): DeviceFacts {
  const width = win.innerWidth;
  const cores = nav.hardwareConcurrency || 0;
  const memory = (nav as Navigator & { deviceMemory?: number }).deviceMemory;
  const offset = -now.getTimezoneOffset();
  return {
    screen: width < 600 ? 'small' : width < 1024 ? 'medium' : 'large',
    touch: nav.maxTouchPoints > 0,
    cores: cores >= 16 ? 16 : cores >= 8 ? 8 : cores >= 4 ? 4 : cores >= 2 ? 2 : cores >= 1 ? 1 : null,
    memoryGb:
      memory === undefined
        ? null
        : memory >= 8
          ? 8
          : memory >= 4
            ? 4
            : memory >= 2
              ? 2
              : memory >= 1
                ? 1
                : 0.5,
    utcOffsetMinutes: Math.max(-720, Math.min(840, Math.round(offset / 30) * 30)),
    language: /^[a-z]{2,3}/.exec((nav.language || 'en').toLowerCase())?.[0] ?? 'en',
    standalone: typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches,
    automated: nav.webdriver === true,
  };
}
