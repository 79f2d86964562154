import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { GameDay, PrizeTable, PrizeTableSegment } from '@crust/contract/game';
import {
  chances,
  formatChance,
  PRIZE_KINDS,
  prizeTableErrors,
  WHEEL_COLOURS,
  type PrizeKind,
} from '@crust/domain/wheel';
import { rupees } from '../../shared/format.ts';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { ConsoleError, messageOf } from './console-api.ts';
import { fetchGameAdmin, savePrizeTable } from './game-admin-api.ts';
import { gm } from './game-texts.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { presetRange } from './report-range.ts';
import './game-admin.css';

const gameKey = (from: string, to: string) => ['console', 'game', from, to] as const;

/**
 * The back office's Game view (issue 33 §1; docs/game.md), for the logins that may run offers: the spins, prizes
 * granted and their cost per day, and the wheel's prize table, saved whole (the server checks it again and keeps
 * the change in the change log).
 */
export function GameView() {
  const [range, setRange] = useState(() => presetRange('last7', Date.now()));
  const q = useQuery({
    queryKey: gameKey(range.from, range.to),
    queryFn: ({ signal }) => fetchGameAdmin(range.from, range.to, signal),
  });
  return (
    <section className="bo-section bo-game" aria-labelledby="bo-game-h">
      <h2 id="bo-game-h">{gm('heading')}</h2>
      <p className="sc-muted">{gm('intro')}</p>
      <div className="bo-game-range">
        <TextField
          label={gm('from')}
          type="date"
          value={range.from}
          onChange={(from) => from && setRange((r) => ({ ...r, from }))}
        />
        <TextField
          label={gm('to')}
          type="date"
          value={range.to}
          onChange={(to) => to && setRange((r) => ({ ...r, to }))}
        />
      </div>
      {q.data ? (
        <>
          <Days days={q.data.days} />
          <TableEditor key={q.data.table.version} table={q.data.table} />
        </>
      ) : q.isError ? (
        <LoadFailed error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Spinner />
      )}
    </section>
  );
}

function Days({ days }: { days: readonly GameDay[] }) {
  const sum = (pick: (d: GameDay) => number) => days.reduce((s, d) => s + pick(d), 0);
  const cells = (d: Pick<GameDay, 'spins' | 'prizes' | 'byKind' | 'costPaise'>) => (
    <>
      <td>{d.spins}</td>
      <td>{d.prizes}</td>
      <td>{d.byKind.COUPON}</td>
      <td>{d.byKind.POINTS}</td>
      <td>{d.byKind.FREE_SIDE}</td>
      <td>{d.byKind.NONE}</td>
      <td>{rupees(d.costPaise)}</td>
    </>
  );
  return (
    <div className="bo-game-days">
      <h3>{gm('daysHeading')}</h3>
      {days.length === 0 ? (
        <p className="sc-muted">{gm('noSpins')}</p>
      ) : (
        <table className="bo-table">
          <caption>{gm('daysCaption')}</caption>
          <thead>
            <tr>
              {(['day', 'spins', 'prizes', 'coupons', 'points', 'freeSides', 'none', 'cost'] as const).map(
                (k) => (
                  <th key={k} scope="col">
                    {gm(k)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                {cells(d)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{gm('total')}</th>
              {cells({
                spins: sum((d) => d.spins),
                prizes: sum((d) => d.prizes),
                byKind: {
                  COUPON: sum((d) => d.byKind.COUPON),
                  POINTS: sum((d) => d.byKind.POINTS),
                  FREE_SIDE: sum((d) => d.byKind.FREE_SIDE),
                  NONE: sum((d) => d.byKind.NONE),
                },
                costPaise: sum((d) => d.costPaise),
              })}
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

/** A form's numbers as typed: text, so an empty field can mean "no limit". */
interface Draft {
  segments: (Omit<PrizeTableSegment, 'weight' | 'dailyLimit' | 'costPaise' | 'prize'> & {
    kind: PrizeKind;
    value: string;
    minOrder: string;
    productCode: string;
    weight: string;
    dailyLimit: string;
    cost: string;
  })[];
  budget: string;
  window: string;
  validDays: string;
}

const rupeesText = (paise: number) => String(paise / 100);
const paiseOf = (text: string) => Math.round(Number(text) * 100);
const wholeOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function draftOf(table: PrizeTable): Draft {
  return {
    segments: table.segments.map((s) => ({
      position: s.position,
      colourIndex: s.colourIndex,
      label: s.label,
      kind: s.prize.kind,
      value: s.prize.kind === 'COUPON' ? rupeesText(s.prize.value) : String(s.prize.value),
      minOrder: rupeesText(s.prize.minOrderPaise),
      productCode: s.prize.productCode ?? '',
      weight: String(s.weight),
      dailyLimit: s.dailyLimit === null ? '' : String(s.dailyLimit),
      cost: rupeesText(s.costPaise),
    })),
    budget: table.rules.dailyBudgetPaise === null ? '' : rupeesText(table.rules.dailyBudgetPaise),
    window: String(table.rules.spinWindowDays),
    validDays: String(table.rules.prizeValidDays),
  };
}

function bodyOf(d: Draft, version: number) {
  return {
    version,
    segments: d.segments.map((s) => ({
      position: s.position,
      colourIndex: s.colourIndex,
      label: s.label,
      prize: {
        kind: s.kind,
        value: s.kind === 'COUPON' ? paiseOf(s.value) : s.kind === 'POINTS' ? wholeOf(s.value) : 0,
        minOrderPaise: s.kind === 'COUPON' ? paiseOf(s.minOrder || '0') : 0,
        productCode: s.kind === 'FREE_SIDE' ? s.productCode : null,
      },
      weight: wholeOf(s.weight),
      dailyLimit: s.dailyLimit.trim() === '' ? null : wholeOf(s.dailyLimit),
      costPaise: paiseOf(s.cost || '0'),
    })),
    rules: {
      dailyBudgetPaise: d.budget.trim() === '' ? null : paiseOf(d.budget),
      spinWindowDays: wholeOf(d.window),
      prizeValidDays: wholeOf(d.validDays),
    },
  };
}

function TableEditor({ table }: { table: PrizeTable }) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(table));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { run, busy } = useOneCallAtATime();
  const body = bodyOf(draft, table.version);
  const errors = prizeTableErrors(body.segments, body.rules);
  const odds = chances(
    body.segments.map((s) => ({ ...s, weight: Number.isFinite(s.weight) ? s.weight : 0 })),
  );
  const [tried, setTried] = useState(false);
  const shown = (field: string) => (tried ? errors[field] : undefined);

  const change = (i: number, patch: Partial<Draft['segments'][number]>) => {
    setDone(false);
    setDraft((d) => ({ ...d, segments: d.segments.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    setProblem(null);
    if (Object.keys(errors).length > 0) {
      setProblem(Object.values(errors)[0] ?? null);
      return;
    }
    void run(
      async () => {
        await savePrizeTable(body);
        setDone(true);
        await qc.invalidateQueries({ queryKey: ['console', 'game'] });
      },
      (err) => setProblem(err instanceof ConsoleError ? err.message : messageOf(err)),
    );
  }

  return (
    <form className="bo-game-table" onSubmit={submit} noValidate>
      <h3>{gm('tableHeading')}</h3>
      <div className="bo-game-segments">
        {draft.segments.map((s, i) => (
          <fieldset key={s.position} className="bo-game-segment">
            <legend>
              <span
                className="bo-game-swatch"
                style={{ background: WHEEL_COLOURS[s.colourIndex]?.background }}
                aria-hidden="true"
              />
              {gm('position', { n: s.position + 1 })} ·{' '}
              {gm('chance', { chance: formatChance(odds.get(s.position) ?? 0) })}
            </legend>
            <TextField
              label={gm('label')}
              value={s.label}
              maxLength={24}
              onChange={(label) => change(i, { label })}
              error={shown(`segments.${i}.label`)}
            />
            <SelectField
              label={gm('colour')}
              value={s.colourIndex}
              options={WHEEL_COLOURS.map((_, n) => ({ value: n, label: gm('colourN', { n: n + 1 }) }))}
              onChange={(v) => change(i, { colourIndex: Number(v) })}
            />
            <SelectField
              label={gm('kind')}
              value={s.kind}
              options={PRIZE_KINDS.map((k) => ({ value: k, label: gm(`kind${k}`) }))}
              onChange={(v) => change(i, { kind: v as PrizeKind })}
            />
            {s.kind === 'COUPON' || s.kind === 'POINTS' ? (
              <TextField
                label={s.kind === 'COUPON' ? gm('valueRupees') : gm('valuePoints')}
                inputMode="decimal"
                value={s.value}
                onChange={(value) => change(i, { value })}
                error={shown(`segments.${i}.prize.value`)}
              />
            ) : null}
            {s.kind === 'COUPON' ? (
              <TextField
                label={gm('minOrder')}
                inputMode="decimal"
                value={s.minOrder}
                onChange={(minOrder) => change(i, { minOrder })}
              />
            ) : null}
            {s.kind === 'FREE_SIDE' ? (
              <TextField
                label={gm('product')}
                value={s.productCode}
                maxLength={40}
                onChange={(productCode) => change(i, { productCode })}
                error={shown(`segments.${i}.prize.productCode`)}
              />
            ) : null}
            <TextField
              label={gm('weight')}
              numeric
              value={s.weight}
              onChange={(weight) => change(i, { weight })}
              error={shown(`segments.${i}.weight`)}
            />
            {s.kind === 'NONE' ? null : (
              <>
                <TextField
                  label={gm('dailyLimit')}
                  hint={gm('dailyLimitHint')}
                  numeric
                  value={s.dailyLimit}
                  onChange={(dailyLimit) => change(i, { dailyLimit })}
                  error={shown(`segments.${i}.dailyLimit`)}
                />
                <TextField
                  label={gm('costRupees')}
                  inputMode="decimal"
                  value={s.cost}
                  onChange={(cost) => change(i, { cost })}
                  error={shown(`segments.${i}.costPaise`)}
                />
              </>
            )}
          </fieldset>
        ))}
      </div>
      <div className="bo-game-rules">
        <TextField
          label={gm('budget')}
          hint={gm('budgetHint')}
          inputMode="decimal"
          value={draft.budget}
          onChange={(budget) => setDraft((d) => ({ ...d, budget }))}
          error={shown('rules.dailyBudgetPaise')}
        />
        <TextField
          label={gm('window')}
          numeric
          value={draft.window}
          onChange={(window) => setDraft((d) => ({ ...d, window }))}
          error={shown('rules.spinWindowDays')}
        />
        <TextField
          label={gm('validDays')}
          numeric
          value={draft.validDays}
          onChange={(validDays) => setDraft((d) => ({ ...d, validDays }))}
          error={shown('rules.prizeValidDays')}
        />
      </div>
      {problem ? (
        <p className="sc-notice" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? (
        <p className="sc-muted" role="status">
          {gm('saved')}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {gm('save')}
      </button>
    </form>
  );
}
