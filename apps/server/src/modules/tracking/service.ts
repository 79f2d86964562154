import type { TrackLookup, Tracker } from '@crust/contract/tracking';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { EventStream } from '../../http/event-stream.ts';
import { orderTopic, type TrackingBus } from './bus.ts';
import { checkOrderKey, orderKey } from './keys.ts';
import { findOrder, type OrderRow } from '../orders/repo.ts';
import type { StoreDirectory } from '../stores/service.ts';
import * as repo from './repo.ts';
import { orderStageOf, orderTypeOf } from '../orders/order-facts.ts';
import { trackerOf } from './tracker-view.ts';

export const TRACKING_TEXTS = {
  notFound: 'We could not find an order with this mobile number and order id.',
} as const;

/** The customer's side of tracking: read a tracker, look an order up by number, watch it live. */
export class TrackingService {
  constructor(
    private readonly db: Db,
    private readonly bus: TrackingBus,
    private readonly stores: StoreDirectory,
    private readonly secret: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The owner reads it with their session; anyone else needs the order's key. Otherwise it does not exist. */
  async tracker(callerId: string | null, orderId: string, key: string | undefined): Promise<Tracker> {
    const order = await findOrder(this.db, orderId);
    const allowed = order && (order.ownerId === callerId || checkOrderKey(this.secret, orderId, key));
    if (!order || !allowed) throw httpError(404, 'NOT_FOUND', TRACKING_TEXTS.notFound);
    return this.build(order);
  }

  async lookup(mobile: string, orderNumber: string): Promise<TrackLookup> {
    const order = await repo.findOrderByNumber(this.db, mobile, Number(orderNumber));
    if (!order) throw httpError(404, 'ORDER_NOT_FOUND', TRACKING_TEXTS.notFound);
    return {
      orderId: order.id,
      key: orderKey(this.secret, order.id),
      deliveryType: orderTypeOf(order),
      advanceOrder: order.advancedTime !== null,
    };
  }

  /**
   * Sends the tracker now and after every change until the order is delivered or picked up, then ends the
   * stream. Changes are sent one at a time, in order, each read fresh from the database.
   */
  async watch(
    orderId: string,
    key: string | undefined,
    open: (onClose: () => void) => EventStream,
  ): Promise<void> {
    if (!checkOrderKey(this.secret, orderId, key)) throw httpError(404, 'NOT_FOUND', TRACKING_TEXTS.notFound);
    let unsubscribe = () => {};
    const stream = open(() => unsubscribe());
    let queue = Promise.resolve();
    const push = () => {
      queue = queue
        .then(async () => {
          if (stream.closed) return;
          const order = await findOrder(this.db, orderId);
          if (!order) return stream.end();
          stream.send('tracker', await this.build(order));
          const stage = orderStageOf(order);
          if (stage && isFinalStage(stage) && stage !== 'CANCELLED') stream.end();
        })
        .catch(() => stream.end());
    };
    unsubscribe = this.bus.subscribe(orderTopic(orderId), push);
    push();
    await queue;
  }

  private async build(order: OrderRow): Promise<Tracker> {
    const [events, store] = await Promise.all([
      repo.stageEvents(this.db, order.id),
      this.stores.byId(order.storeId),
    ]);
    if (!store) throw new Error(`order ${order.id} has no store ${order.storeId}`);
    return trackerOf(order, events, store, orderKey(this.secret, order.id), this.clock());
  }
}
