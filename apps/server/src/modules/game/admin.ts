import type {
  GameAdmin as GameAdminView,
  GameDay,
  PrizeTable,
  SavePrizeTableBody,
} from '@crust/contract/game';
import { PRIZE_KINDS, prizeTableErrors, type PrizeKind, type WheelSegment } from '@crust/domain/wheel';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import * as repo from './repo.ts';
import { rulesOf, segmentOf } from './service.ts';
import { GAME_TEXTS as T } from './texts.ts';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const isDay = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * The chain admin's side of spin-the-wheel (issue 33 §1, docs/game.md): spins, prizes granted and their cost per IST
 * day, and the prize table, saved whole, checked by the domain's rules, over the version it was read at, with its
 * audit entry in the same transaction.
 */
export class GameAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly clock: () => number = Date.now,
  ) {}

  private async table(db: Db): Promise<PrizeTable> {
    const [rows, rules] = await Promise.all([repo.segments(db), repo.rules(db)]);
    return {
      segments: rows.map(segmentOf),
      rules: rulesOf(rules),
      version: rules?.version ?? 0,
    };
  }

  async view(from: string, to: string): Promise<GameAdminView> {
    if (!isDay(from)) throw httpError(400, 'BAD_REQUEST', T.badDate, { field: 'querystring.from' });
    if (!isDay(to)) throw httpError(400, 'BAD_REQUEST', T.badDate, { field: 'querystring.to' });
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (span < 0) throw httpError(400, 'BAD_REQUEST', T.badPeriod, { field: 'querystring.to' });
    if (span >= MAX_DAYS) throw httpError(400, 'BAD_REQUEST', T.longPeriod, { field: 'querystring.from' });
    const [table, rows] = await Promise.all([this.table(this.db), repo.daysReport(this.db, from, to)]);
    const byDay = new Map<string, GameDay>();
    for (const r of rows) {
      const day =
        byDay.get(r.day) ??
        ({
          day: r.day,
          spins: 0,
          prizes: 0,
          byKind: Object.fromEntries(PRIZE_KINDS.map((k) => [k, 0])) as Record<PrizeKind, number>,
          costPaise: 0,
        } satisfies GameDay);
      const kind = (PRIZE_KINDS as readonly string[]).includes(r.kind) ? (r.kind as PrizeKind) : 'NONE';
      day.spins += r.spins;
      if (kind !== 'NONE') day.prizes += r.spins;
      day.byKind[kind] += r.spins;
      day.costPaise += r.costPaise;
      byDay.set(r.day, day);
    }
    return { table, days: [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day)) };
  }

  /** Saves the whole table; a save over a newer version is a 409, a table the rules refuse a 400 per field. */
  async save(actor: AuditActor, body: SavePrizeTableBody): Promise<PrizeTable> {
    const segments: WheelSegment[] = body.segments.map((s) => ({
      ...s,
      label: s.label.trim(),
      prize: { ...s.prize, productCode: s.prize.productCode?.trim() || null },
    }));
    const errors = Object.entries(prizeTableErrors(segments, body.rules));
    if (errors.length > 0)
      throw new HttpError(
        400,
        errors.map(([field, displayMsg]) => ({ code: 'BAD_REQUEST', displayMsg, field: `body.${field}` })),
      );
    return this.db.transaction(async (tx) => {
      const locked = await repo.lockRules(tx);
      if (!locked || locked.version !== body.version) throw httpError(409, 'STALE', T.stale);
      const before = await this.table(tx);
      await repo.replaceTable(
        tx,
        segments.map((s) => ({
          position: s.position,
          colourIndex: s.colourIndex,
          label: s.label,
          prizeKind: s.prize.kind,
          prizeValue: s.prize.kind === 'COUPON' || s.prize.kind === 'POINTS' ? s.prize.value : 0,
          minOrderPaise: s.prize.kind === 'COUPON' ? s.prize.minOrderPaise : 0,
          productCode: s.prize.kind === 'FREE_SIDE' ? s.prize.productCode : null,
          weight: s.weight,
          dailyLimit: s.dailyLimit,
          costPaise: s.prize.kind === 'NONE' ? 0 : s.costPaise,
        })),
        body.rules,
        new Date(this.clock()),
      );
      const after = await this.table(tx);
      await this.audit.record(tx, actor, {
        action: 'game.prizeTable',
        entity: 'game',
        entityId: 'prize-table',
        storeId: null,
        before,
        after,
      });
      return after;
    });
  }
}
