import type {
  AbTestAssignment,
  DeviceFacts,
  FunnelQuery,
  FunnelReport,
  UserActivityEventParsed,
} from '@crust/contract/analytics';
import { MAX_FUNNEL_DAYS } from '@crust/contract/analytics';
import {
  FUNNEL_STEPS,
  personalDataIn,
  personalValue,
  stepOf,
  stepRank,
  summarizeFunnel,
} from '@crust/domain/funnel';
import { parseCalendarDate } from '@crust/domain/calendar-date';
import { dayNumber, istDayOf } from '@crust/domain/report-periods';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { StaffCaller } from '../staff/directory.ts';
import * as repo from './repo.ts';
import { ANALYTICS_TEXTS as T } from './texts.ts';

const DAY_MS = 86_400_000;

/** The remote config's switch (the config module's face, RemoteConfigService). */
export interface TrackingSwitch {
  trackingOn(): Promise<boolean>;
  /** sets it in the caller's transaction; answers what it was */
  setTracking(tx: Db, on: boolean): Promise<boolean>;
}

/** Who sent events: the app's random device id, whether a customer is logged in, the ab_test assignment. */
export interface EventSender {
  clientId: string;
  loggedIn: boolean;
  abTest: AbTestAssignment;
}

export interface AnalyticsDeps {
  db: Db;
  tracking: TrackingSwitch;
  audit: AuditLog;
  retentionDays: number;
  clock: () => number;
}

/**
 * A referrer as stored: the screen before by its name, or only the host of an outside site (a full URL's path
 * and query may carry anything). Anything else, or what looks personal, is dropped.
 */
export function referrerOf(raw: string): string {
  const text = raw.trim();
  if (/^[A-Za-z0-9_-]{1,40}$/.test(text)) return text;
  try {
    const host = new URL(text).hostname;
    return host.length <= 100 && personalValue(host) === null ? host : '';
  } catch {
    return '';
  }
}

/**
 * User-activity events and the funnel (issue 33 §3, docs/analytics.md): events are taken only while the remote
 * config's switch is on, refused whole when a property carries personal data, and stored append-only with the
 * sender's assignment; the chain admin reads distinct clients per step, per day and per experiment variant.
 */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsDeps) {}

  /** Stores a batch, or nothing: one event with personal data refuses the call (400 PERSONAL_DATA). */
  async record(
    sender: EventSender,
    events: readonly UserActivityEventParsed[],
  ): Promise<{ stored: number; tracking: boolean }> {
    events.forEach((event, i) => {
      const found = personalDataIn(event.properties);
      if (found)
        throw httpError(400, 'PERSONAL_DATA', T.personalData(found.key, found.reason), {
          field: `body.data[${i}].properties.${found.key}`,
        });
    });
    if (!(await this.deps.tracking.trackingOn())) return { stored: 0, tracking: false };
    const now = this.deps.clock();
    const day = istDayOf(now);
    await repo.insertEvents(
      this.deps.db,
      events.map((e) => {
        const step = stepOf(e.action, e.pageName);
        return {
          day,
          receivedAt: new Date(now),
          happenedAt: new Date(e.timestamp),
          clientId: sender.clientId,
          loggedIn: sender.loggedIn,
          abTest: sender.abTest,
          pageName: e.pageName,
          referrer: referrerOf(e.referrer),
          action: e.action,
          actionType: e.actionType,
          stepRank: step === null ? null : stepRank(step),
          properties: e.properties,
        };
      }),
    );
    return { stored: events.length, tracking: true };
  }

  /** SPEC §7 fingerprint info, read as coarse device facts (docs/analytics.md): the day's latest per client. */
  async recordDeviceFacts(clientId: string, facts: DeviceFacts): Promise<boolean> {
    if (!(await this.deps.tracking.trackingOn())) return false;
    const now = this.deps.clock();
    await repo.upsertDeviceFacts(this.deps.db, {
      clientId,
      day: istDayOf(now),
      facts,
      automated: facts.automated,
      receivedAt: new Date(now),
    });
    return true;
  }

  /** The funnel over IST days from–to (both included), per day and for the whole range. */
  async funnel(query: FunnelQuery): Promise<FunnelReport> {
    const { from, to } = query;
    for (const [day, field] of [
      [from, 'from'],
      [to, 'to'],
    ] as const)
      if (!parseCalendarDate(day))
        throw httpError(400, 'BAD_RANGE', T.notADay, { field: `querystring.${field}` });
    if (to < from) throw httpError(400, 'BAD_RANGE', T.badRange, { field: 'querystring.to' });
    if (dayNumber(to) - dayNumber(from) + 1 > MAX_FUNNEL_DAYS)
      throw httpError(400, 'BAD_RANGE', T.longRange(MAX_FUNNEL_DAYS), { field: 'querystring.from' });
    const { db } = this.deps;
    const [perDay, whole, automated, tracking] = await Promise.all([
      repo.furthestSteps(db, from, to, true),
      repo.furthestSteps(db, from, to, false),
      repo.automatedPerDay(db, from, to),
      this.deps.tracking.trackingOn(),
    ]);
    const byDay = new Map<string, repo.ClientReachRow[]>();
    for (const row of perDay) byDay.set(row.day!, [...(byDay.get(row.day!) ?? []), row]);
    const reach = (rows: readonly repo.ClientReachRow[]) =>
      rows.map((r) => ({ furthest: r.furthest, assignment: r.abTest }));
    return {
      from,
      to,
      steps: [...FUNNEL_STEPS],
      tracking,
      retentionDays: this.deps.retentionDays,
      range: summarizeFunnel(reach(whole)),
      days: [...byDay.keys()].sort().map((day) => ({
        day,
        automated: automated.get(day) ?? 0,
        ...summarizeFunnel(reach(byDay.get(day)!)),
      })),
    };
  }

  /** The chain admin turns tracking on or off; the change log records it. */
  async setTracking(actor: StaffCaller, on: boolean): Promise<{ tracking: boolean }> {
    await this.deps.db.transaction(async (tx) => {
      const before = await this.deps.tracking.setTracking(tx, on);
      await this.deps.audit.record(tx, actor, {
        action: 'analytics.tracking',
        entity: 'config',
        entityId: 'userActivityTracking',
        storeId: null,
        before: { userActivityTracking: before },
        after: { userActivityTracking: on },
      });
    });
    return { tracking: on };
  }

  /** Deletes what is older than the retention (a background pass; every process may run it). */
  prune(): Promise<number> {
    return repo.deleteBefore(this.deps.db, new Date(this.deps.clock() - this.deps.retentionDays * DAY_MS));
  }
}
