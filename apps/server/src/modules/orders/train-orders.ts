import type { Principal } from '../../http/principal.ts';
import { HttpError, httpError, tooMany } from '../../http/errors.ts';
import { isFinalStage, type OrderStage } from '@crust/domain/order-lifecycle';
import {
  passengerMayCancel,
  trainOf,
  trainOrderStatus,
  TRAIN_ORDER_TEXTS,
  type TrainOrderStatus,
} from '@crust/domain/train';
import type { Db } from '../../db/client.ts';
import { DELIVERY_CODE_RESEND_SECONDS, DELIVERY_CODE_TEXTS, type DeliveryCodes } from './delivery-codes.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { orderStageOf, orderStatusOf } from './order-facts.ts';
import type * as repo from './repo.ts';
import { ownedOrder } from './owned.ts';
import { ORDER_TEXTS } from './texts.ts';

/**
 * The passenger's side of a train order (issue 16 §3, SPEC §7 irctc cancel): cancelling it until the cancellation
 * cut-off (its money given back once, as a store's cancel), and asking for the delivery code again.
 */
export class TrainOrders {
  constructor(
    private readonly db: Db,
    private readonly lifecycle: Pick<OrderLifecycle, 'end'>,
    private readonly codes: Pick<DeliveryCodes, 'issue'>,
    private readonly clock: () => number = Date.now,
  ) {}

  async cancel(
    principal: Principal,
    orderId: string,
  ): Promise<{ orderId: string; status: TrainOrderStatus }> {
    const order = await this.owned(principal, orderId);
    const booking = trainOf(order.snapshot);
    if (!booking) throw httpError(404, 'ORDER_NOT_FOUND', ORDER_TEXTS.orderNotFound);
    const progress = { status: orderStatusOf(order), stage: orderStageOf(order) };
    if (!passengerMayCancel(booking, progress, this.clock()))
      throw httpError(
        409,
        'CANCEL_CLOSED',
        progress.status === 'PLACED' && onItsWay(progress.stage)
          ? TRAIN_ORDER_TEXTS.cancelClosed
          : TRAIN_ORDER_TEXTS.cancelFinished,
      );
    try {
      const ended = await this.lifecycle.end(order, {
        stage: 'CANCELLED',
        reason: TRAIN_ORDER_TEXTS.cancelled,
        staffId: null,
      });
      return {
        orderId,
        status: trainOrderStatus({ status: orderStatusOf(ended), stage: orderStageOf(ended) }),
      };
    } catch (err) {
      // the store sent it out (or someone ended it) between our read and the cancel: too late now
      if (err instanceof HttpError && err.statusCode === 409)
        throw httpError(409, 'CANCEL_CLOSED', TRAIN_ORDER_TEXTS.cancelClosed);
      throw err;
    }
  }

  /** The delivery code again (SMS lost, or the first never went out), once a minute, while the order is on its way. */
  async resendCode(principal: Principal, orderId: string): Promise<void> {
    const order = await this.owned(principal, orderId);
    if (order.deliveryType !== 'IRCTC') throw httpError(400, 'NOT_TRAIN_ORDER', DELIVERY_CODE_TEXTS.notTrain);
    if (order.status !== 'placed' || !onItsWay(orderStageOf(order)))
      throw httpError(409, 'ORDER_FINISHED', DELIVERY_CODE_TEXTS.finished);
    if (!(await this.codes.issue(order, 'again')))
      // the last send's time is not read back: the whole wait is the most the caller has left
      throw tooMany('CODE_RESEND_WAIT', DELIVERY_CODE_TEXTS.resendWait, DELIVERY_CODE_RESEND_SECONDS);
  }

  private owned(principal: Principal, orderId: string): Promise<repo.OrderRow> {
    return ownedOrder(this.db, principal, orderId);
  }
}

/** Placed with the store and not yet finished: a train order's pizza is still to reach the coach. */
const onItsWay = (stage: OrderStage | null): boolean => stage !== null && !isFinalStage(stage);
