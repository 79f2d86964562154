import type { OrderNotice } from '@crust/contract/notifications';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import { assertNever } from '@crust/domain/delivery-types';
import type { SmsMessage } from '../../providers/sms/provider.ts';
import { MAX_VALUE_LENGTH } from '../../providers/sms/templates.ts';
import { NOTICE_TEXTS } from './texts.ts';

/** What a notice is told from: the order as its event carries it. */
export interface NoticeOrder {
  id: string;
  number: number;
  riderName: string | null;
}

/**
 * The tracker a notification opens: the web app's `paths.trackOrder` (apps/web/src/config/paths.ts), which shows
 * any order type; the owner's session there opens it without a key.
 */
export const trackerUrl = (orderId: string) => `/trackOrder?orderHistoryId=${encodeURIComponent(orderId)}`;

/**
 * The stages a customer is told of: the food is in the oven, on its way (or ready at the counter), arrived.
 * Confirmed is on the thank-you page they are looking at; a pickup's "picked up" happens in their hands; a
 * cancel or a train that left is told by the refund's own path.
 */
export function isNoticeStage(stage: OrderStage): boolean {
  switch (stage) {
    case 'BEING_BAKED':
    case 'DISPATCHED':
    case 'READY':
    case 'DELIVERED':
      return true;
    case 'CONFIRMED':
    case 'PICKED_UP':
    case 'CANCELLED':
    case 'UNDELIVERED':
      return false;
    default:
      return assertNever(stage);
  }
}

/** The push message's data for a stage (the service worker shows it as it is). */
export function pushNotice(order: NoticeOrder, stage: OrderStage): OrderNotice {
  const n = order.number;
  const words = ((): { title: string; body: string } => {
    switch (stage) {
      case 'BEING_BAKED':
        return { title: NOTICE_TEXTS.bakingTitle, body: NOTICE_TEXTS.bakingBody(n) };
      case 'DISPATCHED':
        return { title: NOTICE_TEXTS.outTitle, body: NOTICE_TEXTS.outBody(n, order.riderName) };
      case 'READY':
        return { title: NOTICE_TEXTS.readyTitle, body: NOTICE_TEXTS.readyBody(n) };
      case 'DELIVERED':
      case 'PICKED_UP':
        return { title: NOTICE_TEXTS.deliveredTitle, body: NOTICE_TEXTS.deliveredBody(n) };
      case 'CONFIRMED':
      case 'CANCELLED':
      case 'UNDELIVERED':
        throw new Error(`no notice for ${stage}`);
      default:
        return assertNever(stage);
    }
  })();
  return { ...words, url: trackerUrl(order.id), tag: order.id, stage };
}

/** The SMS for a stage, when the order has no push subscription (DLT templates ORDER_*). */
export function smsNotice(order: NoticeOrder, stage: OrderStage): SmsMessage {
  const orderNumber = order.number;
  switch (stage) {
    case 'BEING_BAKED':
      return { kind: 'ORDER_BAKING', vars: { orderNumber } };
    case 'DISPATCHED':
      return { kind: 'ORDER_OUT', vars: { orderNumber, rider: riderForSms(order.riderName) } };
    case 'READY':
      return { kind: 'ORDER_READY', vars: { orderNumber } };
    case 'DELIVERED':
    case 'PICKED_UP':
      return { kind: 'ORDER_DELIVERED', vars: { orderNumber } };
    case 'CONFIRMED':
    case 'CANCELLED':
    case 'UNDELIVERED':
      throw new Error(`no notice for ${stage}`);
    default:
      return assertNever(stage);
  }
}

/** A DLT value is one line of at most 30 characters: the rider's first name, cut there if need be. */
function riderForSms(riderName: string | null): string {
  const first = riderName?.trim().split(/\s+/)[0] ?? '';
  return first === '' ? NOTICE_TEXTS.someRider : first.slice(0, MAX_VALUE_LENGTH);
}
