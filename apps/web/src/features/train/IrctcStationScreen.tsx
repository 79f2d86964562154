import { useState } from 'react';
import type { RailJourney, RailStation } from '@crust/contract/rail';
import { trainSeat } from '@crust/domain/train';
import { paths } from '../../config/paths.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { formatDayTime, istFormat } from '../../shared/format.ts';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { startTrainOrder } from '../../shared/state/location-store.ts';
import { saveTrip } from '../../shared/train/trip.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { usePnrJourney } from './api.ts';
import { tt } from './texts.ts';
import './train.css';

const formatDate = istFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** "1 h 30 min", "45 min" */
function duration(minutes: number): string {
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}

/**
 * /irctcStation?pnr= (SPEC §2): the ticket's journey, its stations ahead with their expected times, and for each
 * whether a pizza can still be ordered to it — or why not, in the passenger's words. Choosing a station makes its
 * restaurant the store (order type IRCTC) and opens the menu; the trip is kept for checkout.
 */
export default function IrctcStationScreen() {
  const [params] = useSearchParams();
  const pnr = params.get('pnr');
  const journey = usePnrJourney(pnr);
  return (
    <div className="train-screen">
      <ScreenHeader title={tt('title')} />
      <main className="screen screen-column train-main">
        {journey.data ? (
          <Journey journey={journey.data} />
        ) : journey.isError || pnr === null ? (
          <div className="card train-card">
            <ErrorText text={pnr === null ? tt('pnrMandatory') : messageOf(journey.error)} />
            {pnr !== null ? (
              <button type="button" className="btn btn-secondary" onClick={() => void journey.refetch()}>
                {tt('retry')}
              </button>
            ) : null}
            <Link className="train-link" to={paths.deliverOnTrain()}>
              {tt('anotherPnr')}
            </Link>
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

/** The seat as the passenger has it on this screen: typed, or the ticket's. */
interface SeatTyped {
  coach: string;
  berth: string;
}

function Journey({ journey }: { journey: RailJourney }) {
  const { trainInfo, seatInfo } = journey;
  const ahead = journey.stations.filter((s) => !s.departed);
  // a charted ticket's seat is the railway's (the server takes it whatever is sent); before charting it is the
  // passenger's to type or correct
  const fixed = journey.charted && seatInfo.coach !== null && seatInfo.berth !== null;
  const [typed, setTyped] = useState<SeatTyped>({ coach: seatInfo.coach ?? '', berth: seatInfo.berth ?? '' });
  const seat = trainSeat({ charted: journey.charted, coach: seatInfo.coach, berth: seatInfo.berth }, typed);
  return (
    <>
      <section className="card train-card" aria-labelledby="train-name-h">
        <h2 id="train-name-h" className="train-h">
          {trainInfo.trainNo} {trainInfo.trainName}
        </h2>
        <p className="train-soft">
          {tt('journeyDate', { date: formatDate(`${journey.journeyDate}T12:00:00+05:30`) })}
        </p>
        <p className="train-soft">{tt('seatStatus', { status: seatInfo.status })}</p>
        {!journey.charted ? <p className="train-note">{tt('notCharted')}</p> : null}
        <fieldset className="train-seat-fields">
          <legend className="train-seat">{tt('seatTitle')}</legend>
          <TextField
            label={tt('coachLabel')}
            className="train-seat-field"
            autoComplete="off"
            maxLength={6}
            value={fixed ? (seatInfo.coach ?? '') : typed.coach}
            readOnly={fixed}
            {...(fixed ? {} : { onChange: (coach: string) => setTyped({ ...typed, coach }) })}
          />
          <TextField
            label={tt('berthLabel')}
            className="train-seat-field"
            autoComplete="off"
            maxLength={6}
            value={fixed ? (seatInfo.berth ?? '') : typed.berth}
            readOnly={fixed}
            {...(fixed ? {} : { onChange: (berth: string) => setTyped({ ...typed, berth }) })}
          />
          <p className="train-soft train-seat-hint">{fixed ? tt('seatCharted') : tt('seatTyped')}</p>
        </fieldset>
        <Link className="train-link" to={paths.deliverOnTrain()}>
          {tt('anotherPnr')}
        </Link>
      </section>
      <section aria-labelledby="train-stations-h">
        <h2 id="train-stations-h" className="train-h train-stations-h">
          {tt('stationsTitle')}
        </h2>
        {ahead.some((s) => s.order.ok) ? null : <p className="train-note">{tt('noStation')}</p>}
        <ol className="train-stations">
          {ahead.map((s) => (
            <StationRow key={s.code} station={s} journey={journey} seat={seat} />
          ))}
        </ol>
      </section>
    </>
  );
}

function StationRow({
  station: s,
  journey,
  seat,
}: {
  station: RailStation;
  journey: RailJourney;
  seat: { coach: string | null; berth: string | null };
}) {
  const navigate = useNavigate();
  const running =
    s.delayMinutes === 0
      ? tt('onTime')
      : s.delayMinutes > 0
        ? tt('late', { delay: duration(s.delayMinutes) })
        : tt('early', { delay: duration(s.delayMinutes) });
  const choose = () => {
    if (!s.order.ok) return;
    // the station's restaurant becomes the store of a train order (the customer's own is set aside); the trip
    // waits for checkout
    startTrainOrder({
      id: s.order.storeId,
      name: s.order.storeName,
      online: 1,
      advanceOrderStoreId: null,
      address: `${s.name} (${s.code})`,
    });
    saveTrip({
      pnr: journey.pnr,
      trainNo: journey.trainInfo.trainNo,
      trainName: journey.trainInfo.trainName,
      stationCode: s.code,
      stationName: s.name,
      arrivalDateTime: s.arrivalDateTime,
      coach: seat.coach,
      berth: seat.berth,
      storeId: s.order.storeId,
    });
    void navigate(paths.menu());
  };
  return (
    <li className={`card train-station${s.order.ok ? ' is-open' : ''}`} aria-label={s.name}>
      <div className="train-station-head">
        <span className="train-station-name">
          {s.name} <span className="train-code">{s.code}</span>
        </span>
        <span className={`train-badge${s.delayMinutes > 0 ? ' is-late' : ''}`}>{running}</span>
      </div>
      <p className="train-soft">
        {tt('expected', { time: formatDayTime(s.arrivalDateTime) })}
        {s.haltMinutes > 0 ? ` · ${tt('halt', { minutes: s.haltMinutes })}` : ''}
      </p>
      {s.order.ok ? (
        <>
          <p className="train-open">
            {tt('orderBy', { time: formatDayTime(s.order.bookBy), store: s.order.storeName })}
          </p>
          <button type="button" className="btn btn-primary" onClick={choose}>
            {tt('orderHere', { station: s.name })}
          </button>
        </>
      ) : (
        <p className="train-closed">{s.order.displayMsg}</p>
      )}
    </li>
  );
}
