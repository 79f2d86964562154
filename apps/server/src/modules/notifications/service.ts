import type { FastifyBaseLogger } from 'fastify';
import type { PushSubscriptionBody } from '@crust/contract/notifications';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import type { PushConfig } from '../../config/push.ts';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { SmsProvider } from '../../providers/sms/provider.ts';
import type { PushOutcome, PushTarget } from '../../providers/push/web-push.ts';
import type { EventOrder, OrderSubscriber } from '../orders/events.ts';
import type { OrderQueries } from '../orders/queries.ts';
import { endpointAllowed } from './endpoints.ts';
import { isNoticeStage, pushNotice, smsNotice } from './notices.ts';
import * as repo from './repo.ts';
import { NOTICE_TEXTS } from './texts.ts';

/** What sends one push message (providers/push/web-push.ts). */
export interface PushSender {
  send(target: PushTarget, payload: string, topic: string): Promise<PushOutcome>;
}

/** Browsers one order may have subscribed: a family's phones, not a way to make the server call many URLs. */
export const MAX_SUBSCRIPTIONS_PER_ORDER = 5;

/** The notice of one stage to target `sms`, the fallback of an order with no push subscription. */
const SMS_TARGET = 'sms';

/**
 * Order status notifications (issue 31 §14; docs/notifications.md): a customer's browsers subscribe to one of
 * their orders, and each stage the store moves it to is pushed to them, or texted when none subscribed.
 *
 * Sending follows the order's commit (decision 014's `after`) but is not awaited by it: the staff member's move is
 * answered at once, whatever the push services or the SMS provider do, and a failure is logged. Each notice is a
 * row (order, stage, target) inserted before it is sent, so an event told twice, or seen by two processes, sends
 * once. A process dying between the row and the send loses that notice: the tracker still shows the stage, and a
 * notification repeated late would be worse than one missed.
 */
export class OrderNotifications {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly f: {
      db: Db;
      orders: Pick<OrderQueries, 'find'>;
      push: PushSender;
      sms: SmsProvider;
      config: PushConfig;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The VAPID public key browsers subscribe with. */
  publicKey(): string {
    const vapid = this.f.config.vapid;
    if (!vapid) throw new Error('no VAPID key pair');
    return vapid.publicKey;
  }

  /** Keeps the browser's subscription to one of the caller's orders; anyone else's order is not found. */
  async subscribe(callerId: string, orderId: string, body: PushSubscriptionBody): Promise<{ id: string }> {
    await this.ownOrder(callerId, orderId);
    if (!endpointAllowed(body.endpoint, this.f.config.loopbackEndpoints))
      throw httpError(400, 'PUSH_ENDPOINT_REFUSED', NOTICE_TEXTS.endpointRefused, { field: 'endpoint' });
    const id = await repo.keepSubscription(
      this.f.db,
      { orderId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      MAX_SUBSCRIPTIONS_PER_ORDER,
    );
    if (id === null)
      throw httpError(
        400,
        'PUSH_SUBSCRIPTIONS_FULL',
        NOTICE_TEXTS.subscriptionsFull(MAX_SUBSCRIPTIONS_PER_ORDER),
        {
          field: 'endpoint',
        },
      );
    return { id };
  }

  /** The customer opts out: that browser is told nothing more; an order left with none is texted (decision 021). */
  async unsubscribe(callerId: string, orderId: string, subscriptionId: string): Promise<void> {
    await this.ownOrder(callerId, orderId);
    if (!(await repo.dropSubscription(this.f.db, orderId, subscriptionId)))
      throw httpError(404, 'NOT_FOUND', NOTICE_TEXTS.orderNotFound);
  }

  /** The order-event subscriber (wiring/order-subscribers.ts): each notified stage, once committed. */
  follow(): OrderSubscriber {
    return {
      name: 'notifications',
      after: (event) => {
        if (event.kind !== 'moved' || !isNoticeStage(event.to)) return;
        const sending = this.tell(event.order, event.to)
          .catch((err: unknown) =>
            this.f.log.error({ err, orderId: event.order.id, stage: event.to }, 'order notice'),
          )
          .finally(() => this.inFlight.delete(sending));
        this.inFlight.add(sending);
      },
    };
  }

  /** Resolves once every notice started so far is sent or given up (tests; the app's close). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async tell(order: EventOrder, stage: OrderStage): Promise<void> {
    const { db } = this.f;
    const subscriptions = await repo.subscriptionsOf(db, order.id);
    if (subscriptions.length === 0) {
      if (!(await repo.claimNotice(db, order.id, stage, SMS_TARGET))) return;
      try {
        await this.f.sms.send(order.mobile, smsNotice(order, stage));
      } catch (err) {
        await repo.settleNotice(db, order.id, stage, SMS_TARGET, 'failed');
        throw err;
      }
      await repo.settleNotice(db, order.id, stage, SMS_TARGET, 'sent');
      return;
    }
    const payload = JSON.stringify(pushNotice(order, stage));
    await Promise.all(
      subscriptions.map(async (s) => {
        if (!(await repo.claimNotice(db, order.id, stage, s.id))) return;
        const outcome = await this.f.push.send(s, payload, order.id);
        // the browser dropped it (RFC 8030 §7.3): nothing more goes there
        if (outcome === 'gone') await repo.dropSubscription(db, order.id, s.id);
        await repo.settleNotice(db, order.id, stage, s.id, outcome);
      }),
    );
  }

  private async ownOrder(callerId: string, orderId: string): Promise<void> {
    // the tracker's own rule (tracking/service.ts): the owner's session, else it does not exist
    const order = await this.f.orders.find(orderId);
    if (!order || order.ownerId !== callerId)
      throw httpError(404, 'ORDER_NOT_FOUND', NOTICE_TEXTS.orderNotFound);
  }
}
