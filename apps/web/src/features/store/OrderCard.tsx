import { useId } from 'react';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { deliveryTypeLabel, isPickupType } from '@crust/domain/delivery-types';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import { rupees } from '../../shared/format.ts';
import { GiftIcon } from '../../shared/ui/GiftIcon.tsx';
import { OrderActions } from './OrderActions.tsx';
import { TrainFacts } from './TrainFacts.tsx';
import { advanceWait, dueState, dueText, formatTime, stageLabel } from './order-format.ts';
import { sc } from './texts.ts';

/** One order as the kitchen and the counter need it: what, for whom, by when, paid how, and the next step. */
export function OrderCard({
  order,
  now,
  isNew,
  onStart,
  onFailed,
}: {
  order: ConsoleOrder;
  now: number;
  isNew: boolean;
  onStart: () => void;
  onFailed: (error: unknown) => void;
}) {
  const titleId = useId();
  const finished = order.stage !== null && isFinalStage(order.stage);
  const waiting = finished ? null : advanceWait(order, now);
  const due = finished || waiting || !order.promisedAt ? null : dueState(order.promisedAt, now);
  const curbside = order.deliveryType === 'CURB';
  const pickup = isPickupType(order.deliveryType);
  const classes = ['sc-order', 'card'];
  if (isNew) classes.push('sc-order-new');
  if (due?.kind === 'late') classes.push('sc-order-late');
  if (waiting) classes.push('sc-order-waiting');

  return (
    <article className={classes.join(' ')} aria-labelledby={titleId}>
      <header className="sc-order-head">
        <h2 id={titleId} className="sc-order-no">
          {sc('orderNo', { number: order.dominosOrderId })}
        </h2>
        {isNew ? <span className="sc-pill sc-pill-new">{sc('newOrder')}</span> : null}
        <span className="sc-pill">{deliveryTypeLabel(order.deliveryType)}</span>
        <span
          className="sc-stage"
          aria-label={`${sc('stageNow')}: ${stageLabel(order.stage, order.deliveryType)}`}
        >
          {stageLabel(order.stage, order.deliveryType)}
        </span>
      </header>

      <p className="sc-times">
        {order.placedAt ? <span>{sc('placedAt', { time: formatTime(order.placedAt, now) })}</span> : null}
        {order.promisedAt ? (
          <span>{sc('promisedAt', { time: formatTime(order.promisedAt, now) })}</span>
        ) : null}
        {due ? <strong className={`sc-due sc-due-${due.kind}`}>{dueText(due)}</strong> : null}
      </p>
      {order.slotAt ? (
        <p className="sc-advance">
          <strong>{sc('advanceSlot', { time: formatTime(order.slotAt, now) })}</strong>
          {waiting ? (
            <span> · {sc('advanceWaiting', { time: formatTime(waiting.startsAt, now) })}</span>
          ) : null}
        </p>
      ) : null}

      <dl className="sc-facts">
        <div>
          <dt>{sc('customer')}</dt>
          <dd>
            {order.customerName} · {order.mobile}
          </dd>
        </div>
        {/* a train order's seat line is in its train block */}
        {order.deliverTo && !order.train && (!pickup || curbside) ? (
          <div>
            <dt>{curbside ? sc('vehicle') : sc('deliverTo')}</dt>
            <dd>{order.deliverTo}</dd>
          </div>
        ) : null}
        {order.instructions ? (
          <div>
            <dt>{sc('instructions')}</dt>
            <dd>{order.instructions}</dd>
          </div>
        ) : null}
      </dl>
      {order.train ? <TrainFacts train={order.train} now={now} /> : null}
      {order.zeroContact ? <p className="sc-flag">{sc('noContact')}</p> : null}

      <ul className="sc-items">
        {order.items.map((item, i) => (
          <li key={i}>
            <strong>{sc('itemLine', { quantity: item.quantity, name: item.name })}</strong>
            {item.description ? <span className="sc-muted"> {item.description}</span> : null}
          </li>
        ))}
        {order.surpriseGift ? (
          <li className="sc-gift" data-testid="surprise-gift">
            <GiftIcon className="sc-gift-icon" />
            <strong>{sc('surpriseGift', { name: order.surpriseGift.name })}</strong>
            <span className="sc-muted"> · {sc('surpriseGiftFree')}</span>
          </li>
        ) : null}
      </ul>

      <p className="sc-pay">
        <span>
          {sc('total')} <strong>{rupees(order.totalPaise)}</strong>
        </span>
        <span className="sc-muted">
          {sc('payment', { method: order.payment.method, state: order.payment.state })}
        </span>
        {order.payment.toCollectPaise > 0 && !finished ? (
          <strong className="sc-collect">
            {sc('collect', { amount: rupees(order.payment.toCollectPaise) })}
          </strong>
        ) : null}
      </p>
      {(order.payment.extraPayments ?? []).map((p, i) => (
        <p key={i} className="sc-paid-twice" data-testid="paid-twice">
          {sc(p.refund === 'DONE' ? 'paidTwiceRefunded' : 'paidTwiceRefunding', {
            amount: rupees(p.amountPaise),
          })}
        </p>
      ))}
      {order.riderName ? <p className="sc-muted">{sc('rider', { name: order.riderName })}</p> : null}
      {order.cancelReason ? (
        <p className="sc-cancelled">{sc('cancelReasonShown', { reason: order.cancelReason })}</p>
      ) : null}

      {finished ? null : <OrderActions order={order} onStart={onStart} onFailed={onFailed} />}
    </article>
  );
}
