import type { CartLine } from '@crust/domain/cart-model';
import {
  autoEnrolls,
  canRedeem,
  earningDayOf,
  earnsPoints,
  ENROLLMENT_STATUSES,
  freeItemsIn,
  LOYALTY,
  pointsBalance,
} from '@crust/domain/loyalty';
import type { Db } from '../../db/client.ts';
import { Refusal, type EventOrder, type OrderEvent, type OrderSubscriber } from '../orders/events.ts';
import * as repo from './repo.ts';
import { enrollIn } from './service.ts';
import { LOYALTY_TEXTS } from './texts.ts';

/** A customer's userId starts with U; guests (G…) have no loyalty (SPEC §6). */
const isCustomer = (ownerId: string) => ownerId.startsWith('U');

/**
 * Points follow an order inside its transaction (decision 014), like the wallet: an order placed enrols a
 * customer who never joined and earns the day's points; delivered, its points fall due 24 h later (the credit job
 * credits them); cancelled, its pending points go, or its credited ones are taken back. Each entry is written once
 * per order, so a repeated event changes nothing.
 */
export const loyaltyFollowsOrders = (clock: () => number): OrderSubscriber => ({
  name: 'loyalty',
  within: (tx, event) => follow(tx, event, clock),
});

/** The statuses that earn points (packages/domain loyalty.ts earnsPoints). */
const EARNING_STATUSES = ENROLLMENT_STATUSES.filter(earnsPoints);

/** What the order's snapshot keeps for Pizza Pals: the lines as confirmed, and the order's enrol request. */
interface Snapshot {
  lines?: CartLine[];
  /** SPEC §3 enroll: false asks that this order enrol nobody; null or absent, the programme's default */
  enroll?: boolean | null;
  loyaltyCardCode?: string | null;
}
const snapshotOf = (order: EventOrder) => (order.snapshot ?? {}) as Snapshot;

/** The free pizzas the order's lines hold. */
const freeItemsOf = (order: EventOrder) => freeItemsIn(snapshotOf(order).lines ?? []);

/**
 * An order with free pizzas spends their points as it is made, under the member's row lock, so of two orders
 * spending the same points at once one is refused (and rolled back whole) with the reason.
 */
async function redeem(tx: Db, order: EventOrder, freeItems: number, now: number): Promise<void> {
  const member = await repo.lockMember(tx, order.ownerId);
  const balance = member ? pointsBalance(await repo.entriesOf(tx, order.ownerId), now) : undefined;
  if (!balance || !canRedeem(balance, freeItems))
    throw new Refusal('LOYALTY_POINTS', LOYALTY_TEXTS.notEnoughPoints(balance?.burnable ?? 0));
  await repo.insertEntry(tx, {
    customerId: order.ownerId,
    kind: 'redeem',
    ref: order.id,
    points: freeItems * LOYALTY.itemRedeemPoints,
    at: new Date(now),
  });
}

/** The order that spent points failed or was cancelled: they come back, once, burnable at once. */
async function restore(tx: Db, order: EventOrder, now: number): Promise<void> {
  const kinds = await repo.kindsOf(tx, order.ownerId, order.id);
  if (!kinds.has('redeem') || kinds.has('redeem_restored')) return;
  await repo.insertEntry(tx, {
    customerId: order.ownerId,
    kind: 'redeem_restored',
    ref: order.id,
    points: freeItemsOf(order) * LOYALTY.itemRedeemPoints,
    at: new Date(now),
  });
}

async function follow(tx: Db, event: OrderEvent, clock: () => number): Promise<void> {
  const { order } = event;
  if (!isCustomer(order.ownerId)) return;
  switch (event.kind) {
    case 'placed': {
      const asked = snapshotOf(order);
      const placedAt = order.placedAt ?? new Date();
      const earning = {
        customerId: order.ownerId,
        kind: 'earn_pending' as const,
        ref: order.id,
        points: LOYALTY.earnPointsPerOrder,
        earnDay: new Date(earningDayOf(placedAt.getTime())),
        at: placedAt,
      };
      // the usual case, a member: one statement earns the day's points if they earn (a racing second order of the
      // day finds the day taken, by a unique index, and earns nothing)
      const tried = await repo.earnIfMember(tx, { ...earning, earning: EARNING_STATUSES });
      if (tried.status !== null && !autoEnrolls(tried.status)) return;
      // SPEC §5: a customer who never joined is enrolled by their order (with the card code it names), unless the
      // order asked not to; one who opted out stays out
      if (asked.enroll === false) return;
      let member = await repo.ensureMember(tx, order.ownerId, LOYALTY.cardCode);
      if (autoEnrolls(member.status))
        member = (await enrollIn(tx, member, asked.loyaltyCardCode ?? member.cardCode, placedAt)) ?? member;
      if (earnsPoints(member.status)) await repo.insertEntry(tx, earning);
      return;
    }
    case 'moved':
      if (event.to === 'DELIVERED') {
        const deliveredAt = order.deliveredAt ?? order.stageAt ?? new Date();
        await repo.setCreditDue(
          tx,
          order.ownerId,
          order.id,
          new Date(deliveredAt.getTime() + LOYALTY.creditAfterMs),
        );
      }
      return;
    case 'opened': {
      const freeItems = freeItemsOf(order);
      if (freeItems > 0) await redeem(tx, order, freeItems, clock());
      return;
    }
    case 'failed':
      if (freeItemsOf(order) > 0) await restore(tx, order, clock());
      return;
    case 'cancelled': {
      if (freeItemsOf(order) > 0) await restore(tx, order, clock());
      const kinds = await repo.kindsOf(tx, order.ownerId, order.id);
      if (!kinds.has('earn_pending') || kinds.has('earn_voided') || kinds.has('clawback')) return;
      const entry = { customerId: order.ownerId, ref: order.id, points: LOYALTY.earnPointsPerOrder };
      // not credited yet: the pending points go; if the credit job got there first (the unique index on a
      // settled earning refuses the void), or long before, the credited points are taken back
      if (!kinds.has('earn_credited') && (await repo.insertEntry(tx, { ...entry, kind: 'earn_voided' })))
        return;
      await repo.insertEntry(tx, { ...entry, kind: 'clawback' });
      return;
    }
    case 'late_delivery':
    case 'refund_due':
    case 'promise_moved':
      return;
    default: {
      const never: never = event;
      throw new Error(`unknown order event ${JSON.stringify(never)}`);
    }
  }
}
