import { useId } from 'react';
import { paths } from '../../config/paths.ts';
import { formatDayTime } from '../../shared/format.ts';
import { Link } from '../../shared/router/index.ts';
import type { Trip } from '../../shared/train/trip.ts';
import { ck } from './texts.ts';

/**
 * A train order's "deliver to" (issue 16): the seat, the train and the station the pizza is brought to, as chosen on
 * /irctcStation, with a way to choose again. Without a trip (a new tab) the passenger is sent to enter the PNR.
 */
export function TrainSection({ trip }: { trip: Trip | null }) {
  const id = useId();
  return (
    <section className="ck-block" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="ck-h">
        {ck('deliverTo')}
      </h2>
      {trip ? (
        <>
          <p className="ck-train" data-testid="train-trip">
            <strong>
              {trip.coach && trip.berth
                ? ck('trainSeat', { coach: trip.coach, berth: trip.berth })
                : ck('trainSeatUnknown')}
            </strong>
            <br />
            {ck('trainAt', {
              train: `${trip.trainNo} ${trip.trainName}`,
              station: `${trip.stationName} (${trip.stationCode})`,
            })}
            <br />
            <span className="ck-muted ck-small">
              {ck('trainExpected', { time: formatDayTime(trip.arrivalDateTime) })}
            </span>
          </p>
          <Link className="ck-link" to={paths.irctcStation({ pnr: trip.pnr })}>
            {ck('trainChange')}
          </Link>
        </>
      ) : (
        <>
          <p className="ck-warn" role="alert">
            {ck('trainMissing')}
          </p>
          <Link className="btn btn-secondary" to={paths.deliverOnTrain()}>
            {ck('trainEnterPnr')}
          </Link>
        </>
      )}
    </section>
  );
}
