import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoyaltyInfo } from '@crust/contract/loyalty';
import { messageOf } from '../../shared/api/errors.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { joinPizzaPals } from './api.ts';
import { Perks } from './Perks.tsx';
import { yt } from './texts.ts';

/**
 * Joining (SPEC §7 cheesy-rewards register): the programme's terms, a box to accept them, and the join. A
 * customer who left sees that their points were kept, and joins again the same way.
 */
export function JoinCard({ info }: { info: LoyaltyInfo }) {
  const qc = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = info.status === 'OPT_OUT';
  // a join the programme has not confirmed yet (SPEC §3 ENROLLING, WAITING): nothing to do but wait
  const waiting = info.status === 'ENROLLING' || info.status === 'WAITING';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!accepted) {
      setError(yt('acceptTermsFirst'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await joinPizzaPals(qc);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card loy-card" aria-labelledby="loy-join-h" noValidate onSubmit={(e) => void submit(e)}>
      <h2 id="loy-join-h" className="loy-h">
        {left ? yt('optedOutTitle') : yt('joinTitle')}
      </h2>
      {left ? <p className="loy-soft">{yt('optedOutBody')}</p> : <Perks />}
      {waiting ? (
        <p className="loy-soft" role="status">
          {yt('joinWaiting')}
        </p>
      ) : (
        <>
          <details className="loy-terms">
            <summary>{yt('termsTitle')}</summary>
            <ul>
              <li>{yt('term1')}</li>
              <li>{yt('term2')}</li>
              <li>{yt('term3')}</li>
              <li>{yt('term4')}</li>
            </ul>
          </details>
          <Checkbox
            className="loy-accept"
            label={yt('acceptTerms')}
            checked={accepted}
            onChange={(on) => {
              setAccepted(on);
              if (on) setError(null);
            }}
          />
          <ErrorText text={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? yt('joining') : left ? yt('joinAgain') : yt('join')}
          </button>
        </>
      )}
    </form>
  );
}
