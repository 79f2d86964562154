import type { ConsoleTrain } from '@crust/contract/train-orders';
import { formatTime } from './order-format.ts';
import { sc } from './texts.ts';

/**
 * Where a train order is handed over (issue 16): the train, the station, the coach and berth, the masked PNR and
 * when the train is due now (it moves as the train runs late), for the rider to find the passenger.
 */
export function TrainFacts({ train, now }: { train: ConsoleTrain; now: number }) {
  const seat = train.coach
    ? train.berth
      ? sc('seatValue', { coach: train.coach, berth: train.berth })
      : sc('coachValue', { coach: train.coach })
    : sc('seatUnknown');
  return (
    <section className="sc-train" aria-label={sc('trainBlock')} data-testid="console-train">
      <dl className="sc-facts">
        <div>
          <dt>{sc('train')}</dt>
          <dd>
            {train.trainNo} {train.trainName}
          </dd>
        </div>
        <div>
          <dt>{sc('station')}</dt>
          <dd>
            {train.stationName} ({train.stationCode})
          </dd>
        </div>
        <div>
          <dt>{sc('seat')}</dt>
          <dd>
            <strong>{seat}</strong>
          </dd>
        </div>
        <div>
          <dt>{sc('pnr')}</dt>
          <dd>{train.pnr}</dd>
        </div>
        <div>
          <dt>{sc('trainDue')}</dt>
          <dd>
            <strong>{formatTime(train.expectedArrival, now)}</strong>
          </dd>
        </div>
      </dl>
    </section>
  );
}
