import type { Tracker } from '@crust/contract/tracking';
import { MESSAGES } from '@crust/domain/messages';
import { isPickupType } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { rupees } from '../../shared/format.ts';
import { Link } from '../../shared/router/index.ts';
import { formatSlot, formatTime } from '../../shared/time-format.ts';
import { StageBar, stageName } from './StageBar.tsx';
import { TrackerMap } from './TrackerMap.tsx';
import { TrainTracker } from './TrainTracker.tsx';
import { tk } from './texts.ts';

/** SPEC §9: an advance order's preparation starts 30 minutes before its slot. */
const PREP_LEAD_MS = 30 * 60_000;

const stepAt = (t: Tracker, stage: string) => t.tracker.steps.find((s) => s.stage === stage)?.at ?? null;

/** The when-line: the promise while the order moves, the hand-over time once it is done. */
function WhenLine({ tracker }: { tracker: Tracker }) {
  const { stage } = tracker.tracker;
  const pickup = isPickupType(tracker.orderSummary.deliveryType);
  let text: string | null = null;
  if (stage === 'DELIVERED') {
    const at = tracker.deliveredAt ?? stepAt(tracker, 'DELIVERED');
    text = at ? tk('deliveredAt', { time: formatTime(at) }) : null;
  } else if (stage === 'PICKED_UP') {
    const at = stepAt(tracker, 'PICKED_UP');
    const dineIn = tracker.orderSummary.deliveryType === 'DINEIN';
    text = at ? tk(dineIn ? 'servedAt' : 'pickedUpAt', { time: formatTime(at) }) : null;
  } else if (tracker.promisedAt) {
    const time = formatTime(tracker.promisedAt);
    text = pickup ? tk('readyBy', { time }) : tk('arrivingBy', { time });
  }
  return text ? (
    <p className="trk-when" data-testid="tracker-when">
      {text}
    </p>
  ) : null;
}

function AdvanceNote({ slotAt }: { slotAt: string }) {
  const slotMs = Date.parse(slotAt);
  return (
    <div className="trk-advance" data-testid="tracker-advance">
      <p className="trk-advance-slot">{tk('advanceSlot', { time: formatSlot(slotMs) })}</p>
      <p className="trk-advance-prep">{tk('advancePrep', { time: formatTime(slotMs - PREP_LEAD_MS) })}</p>
    </div>
  );
}

export function OrderNumber({ tracker }: { tracker: Tracker }) {
  return (
    <p className="trk-order-no">
      {tk('orderNumber')} <strong data-testid="order-number">{tracker.dominosOrderId}</strong>
    </p>
  );
}

function Cancelled({ reason }: { reason: string | null }) {
  return (
    <div className="trk-cancelled card" role="alert" data-testid="tracker-cancelled">
      <h2 className="trk-cancelled-title">{tk('cancelledTitle')}</h2>
      {reason ? <p>{tk('cancelReason', { reason })}</p> : null}
      <p className="trk-refund">{tk('refundNote')}</p>
    </div>
  );
}

/**
 * What the customer sees of one order (SPEC §4 Tracker, §9 delivery guarantee): its number, then by state —
 * a failed order's error; a cancelled one's reason and refund note; "not available yet" before the store has
 * it; otherwise the stage bar, the promised time, the guarantee, a late delivery's credit, the rider, the map.
 * A train order has its own (TrainTracker). `onChanged` reads the tracker again after the customer changed it.
 */
export function TrackerView({
  tracker,
  showNumber = true,
  onChanged,
}: {
  tracker: Tracker;
  showNumber?: boolean;
  onChanged: () => Promise<void>;
}) {
  const { stage } = tracker.tracker;
  const delivery = !isPickupType(tracker.orderSummary.deliveryType);
  const cancelled = stage === 'CANCELLED' || tracker.status === 'CANCELLED';
  const top = showNumber ? <OrderNumber tracker={tracker} /> : null;

  if (tracker.status === 'FAILED')
    return (
      <section className="trk">
        {top}
        <p className="trk-failed card" role="alert">
          {MESSAGES.orderFailedRefund}
        </p>
      </section>
    );

  if (tracker.train)
    return (
      <section className="trk">
        {top}
        <TrainTracker tracker={tracker} train={tracker.train} onChanged={onChanged} />
      </section>
    );

  const waitingAdvance =
    tracker.advanceOrder && tracker.slotAt && (stage === null || stage === 'CONFIRMED')
      ? tracker.slotAt
      : null;
  const credited = tracker.guarantee.creditedPaise;
  const rider =
    tracker.riderName && stage === 'DISPATCHED'
      ? tk('riderOnTheWay', { name: tracker.riderName })
      : tracker.riderName && stage === 'DELIVERED'
        ? tk('deliveredBy', { name: tracker.riderName })
        : null;

  return (
    <section className="trk">
      {top}
      {cancelled ? <Cancelled reason={tracker.cancelReason} /> : null}
      {waitingAdvance ? <AdvanceNote slotAt={waitingAdvance} /> : null}
      {stage === null && !cancelled ? (
        <p className="trk-unknown card" role="status">
          {MESSAGES.trackingNotAvailable}
        </p>
      ) : null}
      {stage !== null ? (
        <div className="trk-progress card">
          {cancelled ? null : (
            <p className="trk-now" role="status" data-testid="current-stage">
              {stageName(stage, tracker.orderSummary.deliveryType)}
            </p>
          )}
          <StageBar tracker={tracker} />
          {cancelled ? null : <WhenLine tracker={tracker} />}
          {delivery && tracker.guarantee.applies && !cancelled ? (
            <p className="trk-guarantee" data-testid="tracker-guarantee">
              {tk('guarantee', { minutes: tracker.guarantee.minutes })}
            </p>
          ) : null}
          {rider ? (
            <p className="trk-rider-name" data-testid="tracker-rider">
              {rider}
            </p>
          ) : null}
        </div>
      ) : null}
      {credited > 0 ? (
        <p className="trk-credit card" role="status" data-testid="tracker-credit">
          {tk('lateCredit', { amount: rupees(credited) })}
        </p>
      ) : null}
      {cancelled ? null : <TrackerMap tracker={tracker} />}
      <CallStore store={tracker.store} />
    </section>
  );
}

/**
 * The store's number, a tap away: what /info?page=contact tells customers to look for here; and the way to that
 * help page, except where the partner whose mini-app this is blocks support (SPEC §6).
 */
function CallStore({ store }: { store: Tracker['store'] }) {
  const help = useCapability('support');
  return (
    <div className="trk-call card" data-testid="tracker-call-store">
      <p className="trk-call-question">{tk('callStore', { store: store.name })}</p>
      <a
        className="trk-call-link"
        href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
        aria-label={tk('callStoreLink', { store: store.name, phone: store.phone })}
      >
        {tk('callStoreButton', { phone: store.phone })}
      </a>
      {help ? (
        <Link className="trk-help-link" to={paths.info({ page: 'contact' })} data-testid="tracker-help">
          {tk('help')}
        </Link>
      ) : null}
    </div>
  );
}
