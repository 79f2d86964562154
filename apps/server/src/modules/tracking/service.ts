import type { TrackLookup, Tracker } from '@crust/contract/tracking';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { EventStream } from '../../http/event-stream.ts';
import { orderTopic, type TrackingBus } from './bus.ts';
import { takeSlots, giveBack } from '../../http/limits.ts';
import { orderKey, ownerOrderKey, viewOfKey, type TrackerView } from './keys.ts';
import { trackLookupsForMobile, trackLookupsForMobileFrom, trackLookupsFromAddress } from './limits.ts';
import type { OrderQueries, OrderRow } from '../orders/queries.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { orderStageOf, orderTypeOf } from '../orders/order-facts.ts';
import { trackerOf } from './tracker-view.ts';

export const TRACKING_TEXTS = {
  notFound: 'We could not find an order with this mobile number and order id.',
  tooManyLookups: (minutes: number) =>
    `Too many tries to find an order. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/** A lookup refused by its limits: the route answers 429 with Retry-After. */
export class LookupLimited extends Error {
  constructor(readonly retryAfterSec: number) {
    super('track lookups limited');
    this.name = 'LookupLimited';
  }
}

/** The customer's side of tracking: read a tracker, look an order up by number, watch it live. */
export class TrackingService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderQueries,
    private readonly bus: TrackingBus,
    private readonly stores: StoreDirectory,
    private readonly secret: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The owner reads it with their session (or their stream's key); anyone else needs the order's key and gets
   * the shared view. Otherwise it does not exist.
   */
  async tracker(callerId: string | null, orderId: string, key: string | undefined): Promise<Tracker> {
    const order = await this.orders.find(orderId);
    const view = order?.ownerId === callerId ? 'owner' : viewOfKey(this.secret, orderId, key);
    if (!order || !view) throw httpError(404, 'NOT_FOUND', TRACKING_TEXTS.notFound);
    return this.build(order, view);
  }

  /**
   * SPEC §5 "Track your order": the order with this mobile number and order number. Every limit is taken
   * before the order is looked for (./limits.ts); a lookup that finds it gives them back. Throws
   * LookupLimited when either is used up.
   */
  async lookup(mobile: string, orderNumber: string, clientAddress: string): Promise<TrackLookup> {
    const taken = await takeSlots(
      this.db,
      [
        trackLookupsForMobileFrom(mobile, clientAddress),
        trackLookupsForMobile(mobile),
        trackLookupsFromAddress(clientAddress),
      ],
      new Date(this.clock()),
    );
    if (!taken.ok) throw new LookupLimited(taken.retryAfterSec);
    const order = await this.orders.byNumber(mobile, Number(orderNumber));
    if (!order) throw httpError(404, 'ORDER_NOT_FOUND', TRACKING_TEXTS.notFound);
    await giveBack(this.db, taken.slots);
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
    const view = viewOfKey(this.secret, orderId, key);
    if (!view) throw httpError(404, 'NOT_FOUND', TRACKING_TEXTS.notFound);
    let unsubscribe = () => {};
    const stream = open(() => unsubscribe());
    let queue = Promise.resolve();
    const push = () => {
      queue = queue
        .then(async () => {
          if (stream.closed) return;
          const order = await this.orders.find(orderId);
          if (!order) return stream.end();
          stream.send('tracker', await this.build(order, view));
          const stage = orderStageOf(order);
          if (stage && isFinalStage(stage) && stage !== 'CANCELLED') stream.end();
        })
        .catch(() => stream.end());
    };
    unsubscribe = this.bus.subscribe(orderTopic(orderId), push);
    push();
    await queue;
  }

  private async build(order: OrderRow, view: TrackerView): Promise<Tracker> {
    const [events, store] = await Promise.all([
      this.orders.stageEvents(order.id),
      this.stores.byId(order.storeId),
    ]);
    if (!store) throw new Error(`order ${order.id} has no store ${order.storeId}`);
    const shared = orderKey(this.secret, order.id);
    // the owner's stream carries the owner's key, so it goes on showing what the session showed
    const stream = view === 'owner' ? ownerOrderKey(this.secret, order.id) : shared;
    return trackerOf(order, events, store, { shared, stream }, view, this.clock());
  }
}
