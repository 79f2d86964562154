import { useId, type ReactNode } from 'react';
import type { TrainTrack } from '@crust/contract/train-orders';
import { HOUR_MINUTE, istFormat } from '../format.ts';
import { trn } from './texts.ts';
import './train-card.css';

/** What any train order's card shows: the train, the station, the seat and when the train gets there. */
export type TrainLeg = Pick<
  TrainTrack,
  | 'trainNo'
  | 'trainName'
  | 'stationCode'
  | 'stationName'
  | 'coach'
  | 'berth'
  | 'expectedArrival'
  | 'bookedArrival'
>;

// a train may arrive tomorrow: the day is always said, on India's clock like every time we show
const day = istFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const time = istFormat(HOUR_MINUTE);
const dayTime = (iso: string) => `${day(iso)}, ${time(iso)}`;

/** Less than this is the same arrival told again, not a train running late or early. */
const MOVE_MS = 60_000;

/** How the train's expected arrival moved since the passenger booked: the line to show, or null. */
function arrivalMove(booked: string, arrival: string): string | null {
  const shift = Date.parse(arrival) - Date.parse(booked);
  if (Math.abs(shift) < MOVE_MS) return null;
  const when = day(booked) === day(arrival) ? time(arrival) : dayTime(arrival);
  return trn(shift > 0 ? 'runningLate' : 'runningEarly', { time: when });
}

/**
 * A train order's card (issue 16): the train, the station, the coach and berth (for the passenger only), and, while
 * the order is on its way (`onItsWay`), when the train is expected now, with a line once that has moved (a finished
 * order's arrival would only mislead: the train may have come and gone), against the arrival it was booked for;
 * `codeNote` adds how the hand-over at the coach works.
 */
export function TrainCard({
  train,
  onItsWay = true,
  codeNote = false,
  children,
}: {
  train: TrainLeg;
  onItsWay?: boolean;
  codeNote?: boolean;
  children?: ReactNode;
}) {
  const moved = arrivalMove(train.bookedArrival, train.expectedArrival);
  const headingId = useId();
  return (
    <section className="card trn-card" data-testid="train-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="trn-train">
        <TrainGlyph />
        {trn('train', { trainNo: train.trainNo, trainName: train.trainName })}
      </h2>
      <p className="trn-station" data-testid="train-station">
        {trn('station', { name: train.stationName, code: train.stationCode })}
      </p>
      {train.coach ? (
        <p className="trn-seat" data-testid="train-seat">
          {train.berth
            ? trn('seat', { coach: train.coach, berth: train.berth })
            : trn('coach', { coach: train.coach })}
        </p>
      ) : null}
      {onItsWay ? (
        <p className="trn-expected" data-testid="train-expected">
          {trn('expected', { time: dayTime(train.expectedArrival) })}
        </p>
      ) : null}
      {moved && onItsWay ? (
        <p className="trn-moved" role="status" data-testid="train-moved">
          {moved}
        </p>
      ) : null}
      {codeNote ? (
        <p className="trn-code-note" data-testid="train-code-note">
          {trn('codeNote')}
        </p>
      ) : null}
      {children}
    </section>
  );
}

function TrainGlyph() {
  return (
    <svg className="trn-glyph" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M6 4.5C6 3.1 7.1 2 8.5 2h7C16.9 2 18 3.1 18 4.5V15c0 1.4-1.1 2.5-2.5 2.5h-7C7.1 17.5 6 16.4 6 15zM8 5v5h8V5zM9 14.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm6 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM8.5 19l-2 3m9-3 2 3"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
