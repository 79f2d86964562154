import { useState } from 'react';
import { isValidPnr } from '@crust/domain/train';
import { paths } from '../../config/paths.ts';
import { useNavigate } from '../../shared/router/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { readTrip } from '../../shared/train/trip.ts';
import { useTrainStations } from './api.ts';
import { tt } from './texts.ts';
import './train.css';

/**
 * /deliverOnTrain (SPEC §2; the landing's train banner): the passenger types the PNR on their ticket; a valid one
 * opens its journey (/irctcStation?pnr=), where the stations ahead are offered.
 */
export default function DeliverOnTrainScreen() {
  const navigate = useNavigate();
  const [pnr, setPnr] = useState(() => readTrip()?.pnr ?? '');
  const [submitted, setSubmitted] = useState(false);
  const value = pnr.trim();
  const error = submitted && !isValidPnr(value) ? tt('pnrMandatory') : null;

  return (
    <div className="train-screen">
      <ScreenHeader title={tt('title')} />
      <main className="screen screen-column train-main">
        <p className="train-intro">{tt('intro')}</p>
        <form
          className="train-form card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            if (isValidPnr(value)) void navigate(paths.irctcStation({ pnr: value }));
          }}
        >
          <TextField
            label={tt('pnrLabel')}
            hint={tt('pnrHint')}
            errorReplacesHint
            type="text"
            numeric
            autoComplete="off"
            maxLength={10}
            value={pnr}
            error={error}
            onChange={(v) => setPnr(v.replace(/\D/g, ''))}
          />
          <button type="submit" className="btn btn-primary btn-block">
            {tt('find')}
          </button>
        </form>
        <section className="card train-how" aria-labelledby="train-how-h">
          <h2 id="train-how-h" className="train-h">
            {tt('how')}
          </h2>
          <ol>
            <li>{tt('how1')}</li>
            <li>{tt('how2')}</li>
            <li>{tt('how3')}</li>
          </ol>
        </section>
        <ServedStations />
      </main>
    </div>
  );
}

/** Where a restaurant serves the train (SPEC §7 irctc banner), so a passenger knows before typing the PNR. */
function ServedStations() {
  const { data } = useTrainStations();
  if (!data) return null;
  if (!data.available) return <p className="train-note">{tt('unavailable')}</p>;
  return (
    <section className="card train-served" aria-labelledby="train-served-h">
      <h2 id="train-served-h" className="train-h">
        {tt('servedTitle')}
      </h2>
      <ul>
        {data.stations.map((s) => (
          <li key={s.code}>
            <span>
              {s.name} <span className="train-code">({s.code})</span>
            </span>
            <span className="train-served-ahead">{tt('servedAhead', { minutes: s.orderAheadMinutes })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
