import { useState } from 'react';
import type { Tracker } from '@crust/contract/tracking';
import type { TrainTrack } from '@crust/contract/train-orders';
import { TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import { messageOf } from '../../shared/api/errors.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { TrainCard } from '../../shared/train/TrainCard.tsx';
import { trainStatusName } from '../../shared/train/texts.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { formatTime } from '../../shared/time-format.ts';
import { cancelTrainOrder, resendDeliveryCode } from './train-api.ts';
import { tk } from './texts.ts';

type Status = TrainTrack['status'];

/** The road a train order takes (SPEC §4 train statuses 0–4); an end state takes the last step's place. */
const PATH = ['PLACED', 'CONFIRMED', 'PREPARED', 'OUTFORDELIVERY', 'DELIVERED'] as const satisfies Status[];
const ENDED: readonly Status[] = ['UNDELIVERED', 'CANCELLED'];

/** When the order reached each step: the store's stages behind the train statuses. */
function stepTimes(tracker: Tracker): Record<(typeof PATH)[number], string | null> {
  const at = (stage: string) => tracker.tracker.steps.find((s) => s.stage === stage)?.at ?? null;
  return {
    PLACED: tracker.placedAt,
    CONFIRMED: at('CONFIRMED'),
    PREPARED: at('BEING_BAKED'),
    OUTFORDELIVERY: at('DISPATCHED'),
    DELIVERED: tracker.deliveredAt ?? at('DELIVERED'),
  };
}

/**
 * SPEC §4 train order statuses as steps, top to bottom: Placed → Confirmed → Prepared → Out for delivery →
 * Delivered, each with the time it was reached. An undelivered or cancelled order ends in its end state instead of
 * Delivered, keeping the steps it reached.
 */
function TrainSteps({ tracker, train }: { tracker: Tracker; train: TrainTrack }) {
  const times = stepTimes(tracker);
  const ended = ENDED.includes(train.status);
  const steps: { status: Status; at: string | null }[] = PATH.map((status) => ({
    status,
    at: times[status],
  }));
  if (ended) steps[steps.length - 1] = { status: train.status, at: null };
  return (
    <ol className={`trk-train-steps${ended ? ' is-ended' : ''}`} aria-label={tk('trainProgress')}>
      {steps.map((step, i) => {
        const isCurrent = step.status === train.status;
        const done = isCurrent || step.at !== null || (!ended && i < train.statusCode);
        return (
          <li
            key={step.status}
            className={`trk-train-step${done ? ' is-done' : ''}${isCurrent ? ' is-current' : ''}`}
            aria-current={isCurrent ? 'step' : undefined}
            data-testid={`train-step-${step.status}`}
          >
            <span className="trk-train-dot" aria-hidden="true" />
            <span className="trk-train-name">{trainStatusName(step.status)}</span>
            <span className="trk-train-time">{step.at ? formatTime(step.at) : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Why an undelivered or cancelled train order ended, and what happens to the money. */
function TrainEnded({ tracker, train }: { tracker: Tracker; train: TrainTrack }) {
  const undelivered = train.status === 'UNDELIVERED';
  return (
    <div className="trk-cancelled card" role="alert" data-testid="train-ended">
      <h2 className="trk-cancelled-title">
        {undelivered ? tk('trainUndeliveredTitle') : tk('cancelledTitle')}
      </h2>
      {undelivered ? (
        // the server words it for the passenger; without it, the domain's sentence for the station
        <p>{tracker.cancelReason ?? TRAIN_ORDER_TEXTS.undelivered(train.stationName)}</p>
      ) : tracker.cancelReason ? (
        <p>{tk('cancelReason', { reason: tracker.cancelReason })}</p>
      ) : null}
      <p className="trk-refund">{tk('trainRefund')}</p>
    </div>
  );
}

/**
 * The passenger's cancel (SPEC §7 irctc cancel), offered while the server says it may be (`canCancel`: before the
 * cut-off, and not yet sent out), after a confirmation. A refusal shows the server's words here and stays after the
 * tracker is read again, since the button may then be gone.
 */
function CancelTrainOrder(props: { orderId: string; train: TrainTrack; onChanged: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { busy, run } = useOneCallAtATime();
  if (!props.train.canCancel && !refusal) return null;

  const cancel = () => {
    setAsking(false);
    setRefusal(null);
    void run(
      async () => {
        try {
          await cancelTrainOrder(props.orderId);
        } catch (e) {
          setRefusal(messageOf(e));
        }
        // either way the tracker is read again: the cancelled order, or what the server refused on (the cut-off
        // passed, the order sent out); a failed read leaves the stream to bring it
        await props.onChanged().catch(() => undefined);
      },
      () => undefined,
    );
  };

  return (
    <div className="trk-train-cancel" data-testid="train-cancel">
      {props.train.canCancel ? (
        <>
          <p className="trk-refund">{tk('trainCancelUntil', { time: formatTime(props.train.cancelBy) })}</p>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {busy ? tk('trainCancelling') : tk('trainCancel')}
          </button>
        </>
      ) : null}
      <ErrorText text={refusal} />
      {asking ? (
        <Dialog
          title={tk('trainCancelTitle')}
          actionLabel={tk('trainCancelYes')}
          onAction={cancel}
          secondaryLabel={tk('trainCancelNo')}
          onSecondary={() => setAsking(false)}
          onDismiss={() => setAsking(false)}
        >
          <p>{tk('trainCancelBody')}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

/** The statuses in which the order is on its way and its code will be asked for at the coach. */
const ON_ITS_WAY: readonly Status[] = ['CONFIRMED', 'PREPARED', 'OUTFORDELIVERY'];

/**
 * "Send my delivery code again" (a lost SMS): a new code is texted and the old one stops working. The server allows
 * it once a minute; its refusal is shown as it words it.
 */
function ResendCode({ orderId }: { orderId: string }) {
  const [outcome, setOutcome] = useState<{ sent: boolean; text: string } | null>(null);
  const { busy, run } = useOneCallAtATime();
  const send = () =>
    void run(
      async () => {
        setOutcome(null);
        await resendDeliveryCode(orderId);
        setOutcome({ sent: true, text: tk('trainCodeSent') });
      },
      (e) => setOutcome({ sent: false, text: messageOf(e) }),
    );
  return (
    <div className="trk-train-resend">
      <button type="button" className="trk-link-btn" disabled={busy} onClick={send}>
        {busy ? tk('trainCodeSending') : TRAIN_ORDER_TEXTS.resendCode}
      </button>
      {outcome?.sent ? (
        <p className="trk-refund" role="status">
          {outcome.text}
        </p>
      ) : (
        <ErrorText text={outcome?.text} />
      )}
    </div>
  );
}

/**
 * A train order's tracker (issue 16): its train card (seat, station, the arrival as it moves), its SPEC §4 train
 * status and steps, the rider, how the hand-over works (and the code sent again), and the passenger's cancel. No
 * map and no 30-minute guarantee: the pizza is promised for the train, wherever the train is.
 */
export function TrainTracker(props: { tracker: Tracker; train: TrainTrack; onChanged: () => Promise<void> }) {
  const { tracker, train } = props;
  const ended = ENDED.includes(train.status);
  const delivered = train.status === 'DELIVERED';
  // only the passenger's own tracker carries the total; a key holder cannot ask for the code
  const owner = tracker.orderSummary.netPrice !== null;
  const rider =
    tracker.riderName && train.status === 'OUTFORDELIVERY'
      ? tk('riderOnTheWay', { name: tracker.riderName })
      : tracker.riderName && delivered
        ? tk('deliveredBy', { name: tracker.riderName })
        : null;
  return (
    <>
      {ended ? <TrainEnded tracker={tracker} train={train} /> : null}
      <TrainCard train={train} onItsWay={!ended && !delivered} codeNote={!ended && !delivered}>
        {owner && ON_ITS_WAY.includes(train.status) ? <ResendCode orderId={tracker.orderId} /> : null}
      </TrainCard>
      <div className="trk-progress card">
        <p className={`trk-now${ended ? ' is-ended' : ''}`} role="status" data-testid="train-status">
          {trainStatusName(train.status)}
        </p>
        <TrainSteps tracker={tracker} train={train} />
        {rider ? (
          <p className="trk-rider-name" data-testid="tracker-rider">
            {rider}
          </p>
        ) : null}
      </div>
      <CancelTrainOrder orderId={tracker.orderId} train={train} onChanged={props.onChanged} />
    </>
  );
}
