import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FunnelReport, FunnelSummaryView } from '@crust/contract/analytics';
import type { FunnelStep } from '@crust/domain/funnel';
import { stepConversions } from '@crust/domain/funnel';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useNow } from '../../shared/use-now.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { messageOf } from './console-api.ts';
import { fetchFunnel, setTracking } from './funnel-api.ts';
import { ft } from './funnel-texts.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { presetRange } from './report-range.ts';

const RANGES = ['today', 'yesterday', 'last7'] as const;
type Range = (typeof RANGES)[number];

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const points = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

/**
 * The chain admin's Funnel (issue 33 §3; docs/analytics.md): the tracking switch, each step's customers and its
 * share of the step before, each experiment's variants with their conversion against the reference (a 95 % range
 * of the difference and whether it is more than chance), and the days one by one. The server checks the role.
 */
export function FunnelView() {
  const now = useNow(60_000);
  const [range, setRange] = useState<Range>('last7');
  const { from, to } = presetRange(range, now);
  const qc = useQueryClient();
  const report = useQuery({
    queryKey: ['console', 'funnel', from, to],
    queryFn: ({ signal }) => fetchFunnel(from, to, signal),
  });
  const toggle = useOneCallAtATime();
  const [toggleError, setToggleError] = useState<string | null>(null);
  const flip = (on: boolean) =>
    void toggle.run(
      async () => {
        setToggleError(null);
        await setTracking(on);
        await qc.invalidateQueries({ queryKey: ['console', 'funnel'] });
      },
      (e) => setToggleError(messageOf(e)),
    );

  return (
    <section className="bo-funnel" aria-labelledby="bo-funnel-heading">
      <h2 id="bo-funnel-heading" className="sc-heading">
        {ft('heading')}
      </h2>
      <p className="sc-muted">{ft('intro')}</p>
      {report.data ? (
        <div className="bo-funnel-switch">
          <p role="status">{report.data.tracking ? ft('trackingOn') : ft('trackingOff')}</p>
          <button
            type="button"
            className={`btn ${report.data.tracking ? 'btn-secondary' : 'btn-primary'}`}
            disabled={toggle.busy}
            onClick={() => flip(!report.data.tracking)}
          >
            {report.data.tracking ? ft('turnOff') : ft('turnOn')}
          </button>
          <ErrorText text={toggleError} />
        </div>
      ) : null}
      <RadioGroup
        className="bo-range"
        legend={ft('range')}
        legendClassName="bo-legend"
        optionsClassName="filter-chips"
        options={RANGES.map((r) => ({
          value: r,
          className: 'filter-chip',
          inputProps: { className: 'filter-chip-input' },
          label: <span className="filter-chip-face">{ft(`range_${r}`)}</span>,
        }))}
        value={range}
        onChange={setRange}
      />
      {report.isPending ? (
        <Spinner />
      ) : report.error ? (
        <LoadFailed error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <FunnelReportView report={report.data} />
      )}
    </section>
  );
}

function FunnelReportView({ report }: { report: FunnelReport }) {
  if (report.range.counts[0] === 0)
    return (
      <>
        <p className="sc-muted">{ft('nothing')}</p>
        <p className="sc-muted">{ft('retention', { days: String(report.retentionDays) })}</p>
      </>
    );
  return (
    <>
      <h3 className="bo-subheading">{ft('whole', { from: report.from, to: report.to })}</h3>
      <StepTable steps={report.steps} summary={report.range} />
      <p>
        <strong>{ft('conversion', { percent: percent(report.range.conversion) })}</strong>
      </p>
      <h3 className="bo-subheading">{ft('experiments')}</h3>
      {report.range.experiments.length === 0 ? <p className="sc-muted">{ft('noExperiments')}</p> : null}
      {report.range.experiments.map((e) => (
        <ExperimentTable key={e.experiment} experiment={e} />
      ))}
      <h3 className="bo-subheading">{ft('perDay')}</h3>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{ft('dayColumn')}</th>
              {report.steps.map((s) => (
                <th key={s} scope="col">
                  {ft(`step_${s}`)}
                </th>
              ))}
              <th scope="col">{ft('conversionColumn')}</th>
              <th scope="col">{ft('automatedColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                {d.counts.map((n, i) => (
                  <td key={report.steps[i]}>{n}</td>
                ))}
                <td>{percent(d.conversion)}</td>
                <td>{d.automated}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="sc-muted">{ft('retention', { days: String(report.retentionDays) })}</p>
    </>
  );
}

function StepTable({ steps, summary }: { steps: readonly FunnelStep[]; summary: FunnelSummaryView }) {
  const shares = stepConversions(summary.counts);
  return (
    <div className="bo-table-wrap">
      <table className="bo-table bo-funnel-steps">
        <thead>
          <tr>
            <th scope="col">{ft('stepColumn')}</th>
            <th scope="col">{ft('customersColumn')}</th>
            <th scope="col">{ft('ofPrevious')}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s, i) => (
            <tr key={s}>
              <th scope="row">{ft(`step_${s}`)}</th>
              <td>{summary.counts[i]}</td>
              <td>
                {i === 0 ? '—' : percent(shares[i]!)}
                <span className="bo-funnel-bar" aria-hidden="true">
                  <span
                    style={{
                      width: `${summary.counts[0] ? (summary.counts[i]! / summary.counts[0]) * 100 : 0}%`,
                    }}
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExperimentTable({ experiment }: { experiment: FunnelSummaryView['experiments'][number] }) {
  const reference = experiment.reference ?? '';
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption>{ft('experimentHeading', { name: experiment.experiment })}</caption>
        <thead>
          <tr>
            <th scope="col">{ft('variantColumn')}</th>
            <th scope="col">{ft('openedColumn')}</th>
            <th scope="col">{ft('paidColumn')}</th>
            <th scope="col">{ft('conversionColumn')}</th>
            <th scope="col">{ft('differenceColumn', { reference })}</th>
            <th scope="col">{ft('verdictColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {experiment.variants.map((v) => {
            const test = v.vsReference;
            return (
              <tr key={v.variant}>
                <th scope="row">{v.variant}</th>
                <td>{v.counts[0]}</td>
                <td>{v.counts[v.counts.length - 1]}</td>
                <td>{percent(v.conversion)}</td>
                <td>
                  {v.variant === reference
                    ? ft('reference')
                    : test
                      ? ft('difference', {
                          diff: points(test.difference),
                          low: points(test.low),
                          high: points(test.high),
                        })
                      : '—'}
                </td>
                <td>
                  {v.variant === reference
                    ? ''
                    : !test
                      ? ft('untestable')
                      : test.significant
                        ? ft('significant', { p: test.pValue.toFixed(3) })
                        : ft('notSignificant', { p: test.pValue.toFixed(3) })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
