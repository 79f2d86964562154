import type { Tracker } from '@crust/contract/tracking';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { stagesFor, type OrderStage } from '@crust/domain/order-lifecycle';
import { formatTime } from '../../shared/time-format.ts';
import { tk } from './texts.ts';

/** The customer's names of the stages (the store console words some of them differently, on purpose). */
const STAGE_TEXT = {
  CONFIRMED: 'confirmed',
  BEING_BAKED: 'beingBaked',
  DISPATCHED: 'dispatched',
  READY: 'ready',
  DELIVERED: 'delivered',
  PICKED_UP: 'pickedUp',
  UNDELIVERED: 'undelivered',
  CANCELLED: 'cancelled',
} as const satisfies Record<OrderStage, Parameters<typeof tk>[0]>;

/** A dine-in order is served at the table, not picked up at the counter. */
const DINE_IN_TEXT: Partial<Record<OrderStage, Parameters<typeof tk>[0]>> = {
  READY: 'readyToServe',
  PICKED_UP: 'served',
};

export const stageName = (stage: OrderStage, deliveryType?: DeliveryType): string =>
  tk((deliveryType === 'DINEIN' ? DINE_IN_TEXT[stage] : undefined) ?? STAGE_TEXT[stage]);

/**
 * SPEC §4 tracking stages as a bar: the order type's four stages, each with the time it was reached; the
 * current one is marked (aria-current) and everything before it is done. A cancelled order keeps what it reached.
 */
export function StageBar({ tracker }: { tracker: Tracker }) {
  const { stage, steps: given } = tracker.tracker;
  const steps = given.length
    ? given
    : stagesFor(tracker.orderSummary.deliveryType).map((s) => ({ stage: s, code: 0, at: null }));
  const current = stage === null ? -1 : steps.findIndex((s) => s.stage === stage);
  return (
    <ol className={`trk-stages${stage === 'CANCELLED' ? ' is-cancelled' : ''}`} aria-label={tk('progress')}>
      {steps.map((step, i) => {
        const done = step.at !== null || (current >= 0 && i <= current);
        const isCurrent = i === current;
        return (
          <li
            key={step.stage}
            className={`trk-stage${done ? ' is-done' : ''}${isCurrent ? ' is-current' : ''}`}
            aria-current={isCurrent ? 'step' : undefined}
            data-testid={`stage-${step.stage}`}
          >
            <span className="trk-stage-dot" aria-hidden="true" />
            <span className="trk-stage-name">{stageName(step.stage, tracker.orderSummary.deliveryType)}</span>
            <span className="trk-stage-time">{step.at ? formatTime(step.at) : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
