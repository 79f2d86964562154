import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExperimentAdmin } from '@crust/contract/experiments';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { formatLogTime } from './AuditView.tsx';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { fetchExperiments, switchExperiment } from './experiments-api.ts';
import { LoadFailed } from './LoadFailed.tsx';

const EXPERIMENTS_KEY = ['console', 'experiments'] as const;

const when = (iso: string | null) => (iso ? formatLogTime(iso) : bo('experimentNoTime'));

/**
 * The chain admin's experiments (issue 33 §2; docs/experiments.md): each with the §4 buckets it runs in, its
 * variants and their shares, its start and stop, and whether it is on and running now; Start and Stop switch it
 * (the server checks the role and writes the change log).
 */
export function ExperimentsView() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: EXPERIMENTS_KEY, queryFn: ({ signal }) => fetchExperiments(signal) });
  const flip = useMutation({
    mutationFn: ({ name, action }: { name: string; action: 'start' | 'stop' }) =>
      switchExperiment(name, action),
    onSuccess: (changed) =>
      qc.setQueryData<ExperimentAdmin[]>(EXPERIMENTS_KEY, (old) =>
        old?.map((e) => (e.name === changed.name ? changed : e)),
      ),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <section className="bo-experiments" aria-labelledby="bo-experiments-heading">
      <h2 id="bo-experiments-heading" className="sc-heading">
        {bo('experimentsHeading')}
      </h2>
      <p className="sc-muted">{bo('experimentsIntro')}</p>
      <ErrorText id="bo-experiments-error" text={flip.isError ? messageOf(flip.error) : undefined} />
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{bo('experimentName')}</th>
              <th scope="col">{bo('experimentBuckets')}</th>
              <th scope="col">{bo('experimentVariants')}</th>
              <th scope="col">{bo('experimentStart')}</th>
              <th scope="col">{bo('experimentStop')}</th>
              <th scope="col">{bo('experimentState')}</th>
              <th scope="col">
                <span className="visually-hidden">{bo('experimentAction')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((e) => (
              <ExperimentRow
                key={e.name}
                experiment={e}
                busy={flip.isPending && flip.variables.name === e.name}
                onSwitch={(action) => flip.mutate({ name: e.name, action })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ExperimentRow({
  experiment: e,
  busy,
  onSwitch,
}: {
  experiment: ExperimentAdmin;
  busy: boolean;
  onSwitch: (action: 'start' | 'stop') => void;
}) {
  const total = e.variants.reduce((sum, v) => sum + v.weight, 0);
  const state = e.running ? 'experimentRunning' : e.enabled ? 'experimentWaiting' : 'experimentOff';
  return (
    <tr>
      <th scope="row">
        <span className="bo-experiment-name">{e.name}</span>
        <span className="sc-muted bo-experiment-about">{e.description}</span>
      </th>
      <td>{e.buckets.join(', ')}</td>
      <td>
        {e.variants
          .map((v) => `${v.name} ${total > 0 ? Math.round((v.weight / total) * 100) : 0}%`)
          .join(' · ')}
      </td>
      <td>{when(e.startsAt)}</td>
      <td>{when(e.stopsAt)}</td>
      <td>{bo(state)}</td>
      <td>
        {e.enabled ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            aria-label={bo('experimentStopOf', { name: e.name })}
            onClick={() => onSwitch('stop')}
          >
            {bo('experimentStopAction')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-label={bo('experimentStartOf', { name: e.name })}
            onClick={() => onSwitch('start')}
          >
            {bo('experimentStartAction')}
          </button>
        )}
      </td>
    </tr>
  );
}
