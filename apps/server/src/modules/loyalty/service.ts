import type { LoyaltyBalance, LoyaltyInfo } from '@crust/contract/loyalty';
import { randomUUID } from 'node:crypto';
import {
  autoEnrolls,
  burnableFreeItems,
  earnableBurnable,
  isEnrolled,
  LOYALTY,
  nextEnrollment,
  pointsBalance,
  sliceBalance,
  slicesTowardNext,
  type EarnableBurnable,
  type EnrollmentStatus,
  type Eligibility,
  type PointsBalance,
} from '@crust/domain/loyalty';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/** Earnings credited per pass of the credit job; a pass reads pages until none is due. */
const CREDIT_BATCH = 200;

export const balanceView = (b: PointsBalance): LoyaltyBalance => ({
  overall: { points: b.points },
  pending: { points: b.pending },
  burnable: { points: b.burnable, freeItems: burnableFreeItems(b) },
  sliceBalance: sliceBalance(b.points),
  slicesTowardNext: slicesTowardNext(b.points),
});

export type EnrollOutcome =
  { ok: true; info: LoyaltyInfo } | { ok: false; reason: 'not_allowed'; status: EnrollmentStatus };

/**
 * Pizza Pals for one customer (issue 15): membership moves through packages/domain loyalty's transitions, each a
 * conditional update; points are the fold of the ledger. The programme is Crust's own, so an enrolment is
 * confirmed at once (ENROLLING then ENROLLED in one call).
 */
export class LoyaltyService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async info(customerId: string): Promise<LoyaltyInfo> {
    const member = await repo.ensureMember(this.db, customerId, LOYALTY.cardCode);
    return this.infoOf(member);
  }

  async balance(customerId: string): Promise<LoyaltyBalance> {
    return balanceView(pointsBalance(await repo.entriesOf(this.db, customerId), this.clock()));
  }

  /** Joins (or rejoins after opting out); answers the enrolment as it is when it cannot move (already in). */
  async enroll(customerId: string, cardCode: string = LOYALTY.cardCode): Promise<EnrollOutcome> {
    const member = await repo.ensureMember(this.db, customerId, cardCode);
    if (isEnrolled(member.status)) return { ok: true, info: await this.infoOf(member) };
    const enrolled = await enrollIn(this.db, member, cardCode, new Date(this.clock()));
    if (!enrolled) return { ok: false, reason: 'not_allowed', status: member.status };
    return { ok: true, info: await this.infoOf(enrolled) };
  }

  /** Leaves the programme: no more earning; the points and their history stay. */
  async optOut(customerId: string): Promise<EnrollOutcome> {
    const member = await repo.ensureMember(this.db, customerId, LOYALTY.cardCode);
    const status = member.status;
    const to = nextEnrollment(status, 'opt_out');
    const moved =
      to && (await repo.moveMember(this.db, customerId, status, to, { optedOutAt: new Date(this.clock()) }));
    if (!moved) return { ok: false, reason: 'not_allowed', status };
    return { ok: true, info: await this.infoOf(moved) };
  }

  /**
   * Credits every earning whose credit is due by `nowMs`: each is written once (a unique entry per order), so the
   * job may run in every process at once. Answers how many this pass credited.
   */
  async creditDue(nowMs: number = this.clock()): Promise<number> {
    const now = new Date(nowMs);
    let credited = 0;
    for (;;) {
      const due = await repo.dueEarnings(this.db, now, CREDIT_BATCH);
      let madeHere = 0;
      for (const e of due)
        if (
          await repo.insertEntry(this.db, {
            customerId: e.customerId,
            kind: 'earn_credited',
            ref: e.ref,
            points: e.points,
            at: now,
          })
        )
          madeHere++;
      credited += madeHere;
      // a page another process credited first comes back empty next time; a short page is the last one
      if (due.length < CREDIT_BATCH) return credited;
    }
  }

  /**
   * What an order's summary shows (SPEC §3): the points it earned (pending or credited; 0 once voided or taken
   * back) and the customer's points around it, with the points its free pizzas spent (toBeConsumed).
   */
  async orderView(
    customerId: string,
    orderId: string,
  ): Promise<{ earnedPoints: number; earnableBurnable: EarnableBurnable }> {
    const entries = await repo.entriesOf(this.db, customerId);
    const mine = entries.filter((e) => e.ref === orderId);
    const undone = mine.some((e) => e.kind === 'earn_voided' || e.kind === 'clawback');
    const earned = undone ? 0 : (mine.find((e) => e.kind === 'earn_pending')?.points ?? 0);
    // the free pizzas the order bought, unless their points came back (it failed or was cancelled)
    const spent = mine.some((e) => e.kind === 'redeem_restored')
      ? 0
      : (mine.find((e) => e.kind === 'redeem')?.points ?? 0);
    const balance = pointsBalance(entries, this.clock());
    const around = earnableBurnable(balance, spent / LOYALTY.itemRedeemPoints);
    // the order's points are already out of the balance: what is left after it is the balance itself
    return {
      earnedPoints: earned,
      earnableBurnable: { ...around, updatedPointsBalance: balance.points },
    };
  }

  /**
   * Points given by the chain (kind goodwill), credited as of `atMs`; the customer joins if they never did. Answers
   * the points held after.
   */
  async goodwill(customerId: string, points: number, atMs: number): Promise<number> {
    const member = await repo.ensureMember(this.db, customerId, LOYALTY.cardCode);
    if (autoEnrolls(member.status)) await enrollIn(this.db, member, member.cardCode, new Date(this.clock()));
    await repo.insertEntry(this.db, {
      customerId,
      kind: 'goodwill',
      ref: `goodwill-${randomUUID()}`,
      points,
      at: new Date(atMs),
    });
    return pointsBalance(await repo.entriesOf(this.db, customerId), this.clock()).points;
  }

  /**
   * The points of a customer in Pizza Pals (an opted-out one keeps theirs); null for one who never joined. A cart
   * shows them and checks its free pizzas against them.
   */
  async pointsOf(customerId: string): Promise<PointsBalance | null> {
    const [member, entries] = await Promise.all([
      repo.findMember(this.db, customerId),
      repo.entriesOf(this.db, customerId),
    ]);
    const status = member?.status;
    if (!status || status === 'NEW' || status === 'STARTED') return null;
    return pointsBalance(entries, this.clock());
  }

  /** The customer's mobile, for the balances call's header check. */
  mobileOf(customerId: string): Promise<string | undefined> {
    return repo.mobileOf(this.db, customerId);
  }

  private async infoOf(member: repo.MemberRow): Promise<LoyaltyInfo> {
    const status = member.status;
    return {
      enrollmentStatus: isEnrolled(status),
      status,
      eligibility: member.eligibility as Eligibility,
      loyaltyCardCode: member.cardCode,
      programme: {
        itemRedeemPoints: LOYALTY.itemRedeemPoints,
        earnPointsPerOrder: LOYALTY.earnPointsPerOrder,
        slices: LOYALTY.slices,
      },
      balance: await this.balance(member.customerId),
    };
  }
}

/**
 * enroll then confirmed, each conditional on the status seen; undefined when the member is somewhere an
 * enrolment cannot start from (ENROLLING, WAITING: one is under way) or a racing call moved it first.
 */
export async function enrollIn(
  db: Db,
  member: repo.MemberRow,
  cardCode: string,
  now: Date,
): Promise<repo.MemberRow | undefined> {
  const from = member.status;
  const enrolling = nextEnrollment(from, 'enroll');
  if (!enrolling) return undefined;
  const started = await repo.moveMember(db, member.customerId, from, enrolling, { cardCode });
  if (!started) return undefined;
  const confirmed = nextEnrollment(enrolling, 'confirmed');
  if (!confirmed) return undefined;
  return repo.moveMember(db, member.customerId, enrolling, confirmed, { enrolledAt: now, optedOutAt: null });
}

/**
 * Points the chain gives in the caller's transaction (a spin-the-wheel prize): a goodwill entry, once per `ref`
 * (the ledger's unique customer, kind and ref), the customer joining Pizza Pals if they never did. false when the
 * entry was already there.
 */
export async function grantPointsIn(
  tx: Db,
  g: { customerId: string; points: number; ref: string; at: Date },
): Promise<boolean> {
  const member = await repo.ensureMember(tx, g.customerId, LOYALTY.cardCode);
  if (autoEnrolls(member.status)) await enrollIn(tx, member, member.cardCode, g.at);
  return repo.insertEntry(tx, {
    customerId: g.customerId,
    kind: 'goodwill',
    ref: g.ref,
    points: g.points,
    at: g.at,
  });
}
