import { randomInt } from 'node:crypto';
import type { ApiError } from '@crust/contract/common';
import type { AvailableSpin, GameData, SpinResult, WonPrize } from '@crust/contract/game';
import type { CouponRule } from '@crust/domain/cart-model';
import { formatRupees, paise } from '@crust/domain/money';
import {
  canMoveSpin,
  chances,
  DEFAULT_WHEEL_RULES,
  draw,
  formatChance,
  hasBudget,
  istDay,
  prizeExpiry,
  spinDeadline,
  spinEligibility,
  WHEEL_COLOURS,
  type Prize,
  type PrizeKind,
  type WheelRules,
  type WheelSegment,
} from '@crust/domain/wheel';
import { assertNever } from '@crust/domain/delivery-types';
import { randomId } from '../../crypto/random-hex.ts';
import type { Db } from '../../db/client.ts';
import { httpError, type Result } from '../../http/errors.ts';
import { grantPointsIn } from '../loyalty/service.ts';
import { orderStageOf } from '../orders/order-facts.ts';
import type { OrderRow } from '../orders/queries.ts';
import { grantPersonalCoupon } from '../offers/service.ts';
import * as repo from './repo.ts';
import { GAME_TEXTS as T } from './texts.ts';

const DAY_MS = 86_400_000;
/** the game screen shows the spins of the last days (a lost answer's result) */
const RECENT_SPIN_DAYS = 7;
const RECENT_SPINS = 10;

/** What the game reads of orders (the orders module's face, OrderQueries). */
export interface GameOrders {
  find(orderId: string): Promise<Pick<OrderRow, 'id' | 'ownerId' | 'stage' | 'deliveredAt'> | undefined>;
  deliveredSince(ownerId: string, since: Date): Promise<Pick<OrderRow, 'id' | 'stage' | 'deliveredAt'>[]>;
}

export interface GameDeps {
  db: Db;
  orders: GameOrders;
  /** drops every process's copy of the coupons once a prize coupon is committed (PromotionBook.invalidate) */
  dropOffers: () => void;
  clock?: () => number;
  /** a number in [0, 1) for the draw */
  random?: () => number;
}

/** A uniform number in [0, 1) from the operating system's generator (47 bits: randomInt's range is under 2^48). */
const secureRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** The prize as the spin's row keeps it (the table may change after). */
interface WonRecord {
  kind: PrizeKind;
  label: string;
  value: number;
  minOrderPaise: number;
  productCode: string | null;
}

export function segmentOf(row: repo.SegmentRow): WheelSegment {
  return {
    position: row.position,
    colourIndex: row.colourIndex,
    label: row.label,
    prize: {
      kind: row.prizeKind,
      value: row.prizeValue,
      minOrderPaise: row.minOrderPaise,
      productCode: row.productCode,
    },
    weight: row.weight,
    dailyLimit: row.dailyLimit,
    costPaise: row.costPaise,
  };
}

export function rulesOf(row: repo.RulesRow | undefined): WheelRules {
  if (!row) return DEFAULT_WHEEL_RULES;
  return {
    dailyBudgetPaise: row.dailyBudgetPaise,
    spinWindowDays: row.spinWindowDays,
    prizeValidDays: row.prizeValidDays,
  };
}

export function publicRules(rules: WheelRules): string[] {
  return [
    T.rules.whoMaySpin(rules.spinWindowDays),
    T.rules.odds,
    T.rules.budget(rules.dailyBudgetPaise === null ? null : formatRupees(paise(rules.dailyBudgetPaise))),
    T.rules.prizes(rules.prizeValidDays),
  ];
}

function howToUse(won: WonRecord, code: string | null): string {
  switch (won.kind) {
    case 'COUPON':
      return T.howToUse.COUPON(code ?? '', won.minOrderPaise);
    case 'FREE_SIDE':
      return T.howToUse.FREE_SIDE(code ?? '', won.label);
    case 'POINTS':
      return T.howToUse.POINTS(won.value);
    case 'NONE':
      return T.howToUse.NONE();
    default:
      return assertNever(won.kind);
  }
}

function resultOf(row: repo.SpinRow): SpinResult {
  const won = row.prize as WonRecord;
  const prize: WonPrize = {
    kind: won.kind,
    label: won.label,
    value: won.value,
    couponCode: row.couponCode,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    howToUse: howToUse(won, row.couponCode),
  };
  return {
    spinId: row.id,
    orderId: row.orderId,
    state: row.state,
    segmentIndex: row.position ?? 0,
    prize,
    spunAt: row.createdAt.toISOString(),
  };
}

const fail = (code: string, displayMsg: string): { ok: false; errors: ApiError[] } => ({
  ok: false,
  errors: [{ code, displayMsg }],
});

/**
 * Spin-the-wheel (issue 33 §1, docs/game.md): the server draws every spin. One spin per delivered order of the
 * customer's within the window after delivery (the spin's row is unique per order); the prize is taken out of the
 * day's budgets and granted in the spin's transaction: a coupon only the winner can use, points in the loyalty
 * ledger, a free side as a personal free-item coupon.
 */
export class GameService {
  private readonly clock: () => number;
  private readonly random: () => number;
  constructor(private readonly d: GameDeps) {
    this.clock = d.clock ?? Date.now;
    this.random = d.random ?? secureRandom;
  }

  private async table(db: Db): Promise<{ segments: WheelSegment[]; rules: WheelRules }> {
    const [rows, rules] = await Promise.all([repo.segments(db), repo.rules(db)]);
    return { segments: rows.map(segmentOf), rules: rulesOf(rules) };
  }

  /** GET game data: the wheel, its odds and rules, and for a customer the spins they have and have had. */
  async data(customerId: string | null): Promise<GameData> {
    const { segments, rules } = await this.table(this.d.db);
    if (segments.length !== 8) throw httpError(503, 'GAME_UNAVAILABLE', T.noTable);
    const odds = chances(segments);
    const now = this.clock();
    const [available, recent] = customerId
      ? await Promise.all([
          this.available(customerId, rules, now),
          repo.recentSpins(this.d.db, customerId, new Date(now - RECENT_SPIN_DAYS * DAY_MS), RECENT_SPINS),
        ])
      : [[], []];
    return {
      segments: segments.map((s) => {
        const colours = WHEEL_COLOURS[s.colourIndex] ?? WHEEL_COLOURS[0];
        const chance = odds.get(s.position) ?? 0;
        return {
          index: s.position,
          label: s.label,
          background: colours.background,
          text: colours.text,
          prizeKind: s.prize.kind,
          chance,
          chanceText: formatChance(chance),
        };
      }),
      rules: publicRules(rules),
      spinsAvailable: available,
      recentSpins: recent.filter((r) => r.state !== 'PROCESSING').map(resultOf),
      loggedIn: customerId !== null,
    };
  }

  private async available(customerId: string, rules: WheelRules, now: number): Promise<AvailableSpin[]> {
    const since = new Date(now - rules.spinWindowDays * DAY_MS);
    const delivered = await this.d.orders.deliveredSince(customerId, since);
    const spun = new Set(
      (
        await repo.spinsOfOrders(
          this.d.db,
          delivered.map((o) => o.id),
        )
      ).map((s) => s.orderId),
    );
    return delivered.flatMap((o) => {
      const deliveredAtMs = o.deliveredAt?.getTime() ?? null;
      if (
        spinEligibility({ stage: orderStageOf(o), deliveredAtMs }, spun.has(o.id), now, rules) !== 'ELIGIBLE'
      )
        return [];
      return [
        {
          orderId: o.id,
          deliveredAt: o.deliveredAt!.toISOString(),
          spinBy: new Date(spinDeadline(deliveredAtMs!, rules)).toISOString(),
        },
      ];
    });
  }

  /**
   * POST spin: once per delivered order of the caller's. The spin's row (unique per order) is written first in
   * the transaction, so of parallel spins for one order one draws and the others find it spun; the prize's budget
   * is taken by conditional updates of the day's counters and the prize granted before the transaction commits.
   */
  async spin(customerId: string, orderId: string): Promise<Result<SpinResult>> {
    const order = await this.d.orders.find(orderId);
    if (!order || order.ownerId !== customerId) throw httpError(404, 'ORDER_NOT_FOUND', T.orderNotFound);
    const now = this.clock();
    const at = new Date(now);
    const day = istDay(now);
    let grantedCoupon = false;
    const outcome = await this.d.db.transaction(async (tx): Promise<Result<SpinResult>> => {
      const { segments, rules } = await this.table(tx);
      if (segments.length !== 8) throw httpError(503, 'GAME_UNAVAILABLE', T.noTable);
      const verdict = spinEligibility(
        { stage: orderStageOf(order), deliveredAtMs: order.deliveredAt?.getTime() ?? null },
        false,
        now,
        rules,
      );
      if (verdict === 'NOT_DELIVERED') return fail('NOT_DELIVERED', T.notDelivered);
      if (verdict === 'WINDOW_CLOSED') return fail('SPIN_EXPIRED', T.windowClosed(rules.spinWindowDays));
      const spinId = randomId('W', 10);
      if (!(await repo.startSpin(tx, { id: spinId, customerId, orderId, day, createdAt: at })))
        return fail('ALREADY_SPUN', T.alreadySpun);

      const usage = await repo.dayUsage(tx, day);
      let { segment } = draw(segments, this.random(), (s) => hasBudget(s, usage, rules));
      if (segment.prize.kind !== 'NONE') {
        const taken = await repo.takeBudget(tx, {
          day,
          position: segment.position,
          costPaise: segment.costPaise,
          dailyLimit: segment.dailyLimit,
          dailyBudgetPaise: rules.dailyBudgetPaise,
        });
        // a parallel spin took the last of it since the usage was read: better luck next time
        if (!taken) segment = draw(segments, this.random(), (s) => s.prize.kind === 'NONE').segment;
      }
      const won: WonRecord = {
        kind: segment.prize.kind,
        label: segment.label,
        value: segment.prize.value,
        minOrderPaise: segment.prize.minOrderPaise,
        productCode: segment.prize.productCode,
      };
      const expiresMs = prizeExpiry(won.kind, now, rules);
      const couponCode = await this.grant(tx, customerId, spinId, segment.prize, won.label, at, expiresMs);
      grantedCoupon = couponCode !== null;
      if (!canMoveSpin('PROCESSING', 'SUCCESS')) throw new Error('a spin cannot succeed');
      const done = await repo.finishSpin(tx, spinId, {
        state: 'SUCCESS',
        position: segment.position,
        prize: won,
        couponCode,
        costPaise: segment.prize.kind === 'NONE' ? 0 : segment.costPaise,
        expiresAt: expiresMs === null ? null : new Date(expiresMs),
      });
      if (!done) throw new Error(`spin ${spinId} moved while being drawn`);
      return { ok: true, data: resultOf(done) };
    });
    if (grantedCoupon) this.d.dropOffers();
    return outcome;
  }

  /** Gives the prize in the spin's transaction; answers the personal coupon's code, if the prize is one. */
  private async grant(
    tx: Db,
    customerId: string,
    spinId: string,
    prize: Prize,
    label: string,
    at: Date,
    expiresMs: number | null,
  ): Promise<string | null> {
    switch (prize.kind) {
      case 'NONE':
        return null;
      case 'POINTS':
        await grantPointsIn(tx, { customerId, points: prize.value, ref: `spin-${spinId}`, at });
        return null;
      case 'COUPON':
      case 'FREE_SIDE': {
        const code = `SPIN${spinId.slice(1)}`;
        const rule: CouponRule =
          prize.kind === 'COUPON'
            ? { kind: 'FLAT', amount: paise(prize.value) }
            : { kind: 'FREE_ITEM', productCodes: [prize.productCode ?? ''], sizeIds: null };
        await grantPersonalCoupon(tx, {
          code,
          ownerId: customerId,
          title: prize.kind === 'COUPON' ? T.couponTitle(prize.value) : T.freeSideTitle(label),
          description:
            prize.kind === 'COUPON'
              ? T.couponDescription(prize.value, prize.minOrderPaise)
              : T.freeSideDescription(label),
          rule,
          minOrderPaise: prize.kind === 'COUPON' ? prize.minOrderPaise : 0,
          validFrom: at,
          validTo: new Date(expiresMs ?? at.getTime()),
        });
        return code;
      }
      default:
        return assertNever(prize.kind);
    }
  }
}
