import {
  autoEnrolls,
  earningDayOf,
  earnsPoints,
  LOYALTY,
  type EnrollmentStatus,
} from '@crust/domain/loyalty';
import type { Db } from '../../db/client.ts';
import type { OrderEvent, OrderSubscriber } from '../orders/events.ts';
import * as repo from './repo.ts';
import { enrollIn } from './service.ts';

/** A customer's userId starts with U; guests (G…) have no loyalty (SPEC §6). */
const isCustomer = (ownerId: string) => ownerId.startsWith('U');

/**
 * Points follow an order inside its transaction (decision 014), like the wallet: an order placed enrols a
 * customer who never joined and earns the day's points; delivered, its points fall due 24 h later (the credit job
 * credits them); cancelled, its pending points go, or its credited ones are taken back. Each entry is written once
 * per order, so a repeated event changes nothing.
 */
export const loyaltyFollowsOrders: OrderSubscriber = {
  name: 'loyalty',
  within: (tx, event) => follow(tx, event),
};

async function follow(tx: Db, event: OrderEvent): Promise<void> {
  const { order } = event;
  if (!isCustomer(order.ownerId)) return;
  switch (event.kind) {
    case 'placed': {
      let member = await repo.ensureMember(tx, order.ownerId, LOYALTY.cardCode);
      const placedAt = order.placedAt ?? new Date();
      if (autoEnrolls(member.status as EnrollmentStatus))
        member = (await enrollIn(tx, member, member.cardCode, placedAt)) ?? member;
      if (!earnsPoints(member.status as EnrollmentStatus)) return;
      // the day's first order takes the day (a unique index): a racing second order of the day earns nothing
      await repo.insertEntry(tx, {
        customerId: order.ownerId,
        kind: 'earn_pending',
        ref: order.id,
        points: LOYALTY.earnPointsPerOrder,
        earnDay: new Date(earningDayOf(placedAt.getTime())),
        at: placedAt,
      });
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
    case 'cancelled': {
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
    case 'opened':
    case 'failed':
    case 'late_delivery':
    case 'refund_due':
      return;
    default: {
      const never: never = event;
      throw new Error(`unknown order event ${JSON.stringify(never)}`);
    }
  }
}
