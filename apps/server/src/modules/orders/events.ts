import type { FastifyBaseLogger } from 'fastify';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from './repo.ts';

/** An order as its events carry it, for subscribers in other modules. */
export type { OrderRow as EventOrder };

/**
 * What happened to an order (decision 014). Raised by the orders module inside the transaction that made it
 * happen; the order as it is after the change is carried, so subscribers never read it again.
 */
export type OrderEvent =
  /** made and waiting for its payment: the wallet part is held */
  | { kind: 'opened'; order: OrderRow }
  /** paid, or its code entered: the store's queue has it. `late` when nobody was waiting for the answer */
  | { kind: 'placed'; order: OrderRow; late: boolean }
  /** its payment failed or lapsed before it was placed. `late` as for placed */
  | { kind: 'failed'; order: OrderRow; late: boolean }
  /** the store moved it one stage on */
  | { kind: 'moved'; order: OrderRow; to: Exclude<OrderStage, 'CANCELLED'> }
  /** delivered after its promise (SPEC §9): `paise` is owed to the customer's wallet */
  | { kind: 'late_delivery'; order: OrderRow; customerId: string; paise: number }
  /**
   * it ended after it was placed without being delivered, its money to go back: the store or the passenger
   * cancelled it (stage CANCELLED), or its train left the station first (stage UNDELIVERED)
   */
  | { kind: 'cancelled'; order: OrderRow }
  /** a train order's promised time moved with its train (issue 16): its tracker shows the new time */
  | { kind: 'promise_moved'; order: OrderRow }
  /** money the gateway took must go back through it (a cancelled order, a success after a failure) */
  | { kind: 'refund_due'; order: OrderRow };

export type OrderEventKind = OrderEvent['kind'];

/**
 * One who follows orders. `within` runs inside the order's transaction, for what must move with the order
 * exactly once (money in the database): a throw rolls the order back, and a `Refusal` becomes the customer's
 * answer. `after` runs once the transaction committed, for the world outside the database (the tracking bus,
 * texts, the gateway): it never undoes the order; a failure is logged, so anything that must not be lost is
 * first remembered in the rows `within` wrote (as a refund is by the payment's refund_pending state).
 */
export interface OrderSubscriber {
  readonly name: string;
  within?(tx: Db, event: OrderEvent): Promise<void>;
  after?(event: OrderEvent): Promise<void> | void;
}

/** Raises an event inside the current transaction. */
export type Raise = (event: OrderEvent) => Promise<void>;

/** A refusal decided inside a transaction: it rolls the transaction back and becomes the customer's answer. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly displayMsg: string,
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

/** The one point order side effects hang off: subscribers are registered once, by buildApp. */
export class OrderEvents {
  private readonly subscribers: OrderSubscriber[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  subscribe(subscriber: OrderSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /**
   * Runs `work` in one transaction of `db`. Events it raises reach every `within` at once, in the same
   * transaction, and every `after` once the transaction has committed (never when it rolled back).
   */
  async transaction<T>(db: Db, work: (tx: Db, raise: Raise) => Promise<T>): Promise<T> {
    let raised: OrderEvent[] = [];
    const result = await db.transaction(async (tx) => {
      raised = [];
      return work(tx, async (event) => {
        for (const s of this.subscribers) await s.within?.(tx, event);
        raised.push(event);
      });
    });
    await this.announce(raised);
    return result;
  }

  private async announce(events: readonly OrderEvent[]): Promise<void> {
    for (const event of events)
      for (const s of this.subscribers) {
        if (!s.after) continue;
        try {
          await s.after(event);
        } catch (err) {
          this.log.error(
            { err, orderId: event.order.id, event: event.kind, subscriber: s.name },
            'order event',
          );
        }
      }
  }
}
