import type { Cart } from '@crust/contract/cart';
import type { ExtraPayment } from '@crust/contract/orders';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { isAdvanceWaiting, nextStage } from '@crust/domain/order-lifecycle';
import { isPaymentType } from '@crust/domain/payment-types';
import { paymentMethodName } from '@crust/domain/payment-words';
import { typeOf } from '../orders/service.ts';
import type { OrderRow } from '../orders/queries.ts';
import {
  consoleTrainOf,
  orderNumberOf,
  orderStageOf,
  orderStatusOf,
  orderTypeOf,
  surpriseGiftOf,
} from '../orders/order-facts.ts';

/** The store sees enough of the number to tell two customers apart; the full number is on the order slip. */
export function maskMobile(mobile: string): string {
  return mobile.length < 6
    ? mobile
    : `${mobile.slice(0, 2)}${'x'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the store needs to know of the money: cash is due or collected; an online payment paid or given back. */
function paymentWords(method: string, state: string | null, status: string, stage: string | null): string {
  if (status === 'cancelled')
    return state === 'refunded' ? 'refunded' : state === 'refund_pending' ? 'refund pending' : 'cancelled';
  if (method === 'CASH') return stage === 'DELIVERED' || stage === 'PICKED_UP' ? 'collected' : 'due';
  return state === 'success' ? 'paid' : (state ?? 'unknown').replace('_', ' ');
}

/** An order as the store's queue shows it (contract ConsoleOrder). */
export function consoleOrderOf(
  order: OrderRow,
  payment: {
    state: string | null;
    method: string | null;
    /** what else the gateway took for it, refunded to the customer (issue 28 §1) */
    extraPayments?: ExtraPayment[];
  },
  nowMs: number,
  /** the curbside bay the order's stationId names, as the store's signs call it */
  bayName: string | null = null,
): ConsoleOrder {
  const type = orderTypeOf(order);
  const stage = orderStageOf(order);
  const { cart } = order.snapshot as { cart: Cart };
  const u = order.userDetails as { firstName: string; lastName: string };
  const vehicle = (order.vehicle as { number?: string; colour?: string; model?: string } | null) ?? null;
  const method = payment.method ?? 'CASH';
  const cashDue = method === 'CASH' && order.status === 'placed' ? order.amountPaise : 0;
  return {
    id: order.id,
    dominosOrderId: orderNumberOf(order),
    storeId: order.storeId,
    deliveryType: type,
    status: orderStatusOf(order),
    stage,
    next: stage ? nextStage(stage, type) : null,
    advanceWaiting: isAdvanceWaiting(order.advancedTime?.getTime() ?? null, nowMs),
    slotAt: iso(order.advancedTime),
    placedAt: iso(order.placedAt),
    promisedAt: iso(order.promisedAt),
    stageAt: iso(order.stageAt),
    customerName: `${u.firstName} ${u.lastName}`.trim(),
    mobile: maskMobile(order.mobile),
    deliverTo: vehicle?.number
      ? [bayName, vehicle.number, vehicle.colour, vehicle.model].filter(Boolean).join(' · ')
      : order.deliverTo,
    instructions: order.instructions,
    zeroContact: order.zeroContact,
    items: cart.validItems.map((i) => ({
      name: i.product.name,
      quantity: i.quantity,
      description: i.summary,
    })),
    surpriseGift: surpriseGiftOf(order),
    totalPaise: order.totalPaise,
    payment: {
      method: isPaymentType(method) ? paymentMethodName(method, typeOf(order)) : capitalise(method),
      state: paymentWords(method, payment.state, order.status, stage),
      toCollectPaise: cashDue,
      extraPayments: payment.extraPayments ?? [],
    },
    riderName: order.riderName,
    cancelReason: order.cancelReason,
    train: consoleTrainOf(order),
  };
}
