import { useId, useState, type KeyboardEvent } from 'react';
import type { StoreSettings, StoreSettingsBody } from '@crust/contract/back-office';
import { istDateOf } from '@crust/domain/store-hours';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { isStale, problemOf, saveStoreSettings, type FieldProblem } from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';

interface AddForm {
  date: string;
  closed: 'closed' | 'hours';
  opensAt: string;
  closesAt: string;
  note: string;
}
const EMPTY: AddForm = { date: '', closed: 'closed', opensAt: '11:00', closesAt: '16:00', note: '' };

/** The add form's fields as the server names them (`body.addExceptions.0.date` → `addExceptions.0.date`). */
const ADD_FIELDS = {
  date: 'addExceptions.0.date',
  opensAt: 'addExceptions.0.hours.opensAt',
  closesAt: 'addExceptions.0.hours.closesAt',
  note: 'addExceptions.0.note',
} as const;

/** "Sat, 1 Nov 2025": a date the store keeps (YYYY-MM-DD, India), in words, the same in every browser. */
export function dateText(date: string): string {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * A store's holidays and special hours (issue 30 §4): the ones from today on, each with Remove, and a form to add
 * one (a date, closed all day or its own hours, a note). Each is saved at once through the settings' PATCH with
 * the version the screen holds; the answer becomes the screen's settings. A refusal shows at its field, a stale
 * version above the list with Reload.
 */
export function StoreHolidays({
  settings,
  onSaved,
  onReload,
  now = Date.now,
}: {
  settings: StoreSettings;
  onSaved: (saved: StoreSettings) => void;
  onReload: () => Promise<void>;
  now?: () => number;
}) {
  const id = useId();
  const [form, setForm] = useState<AddForm>(EMPTY);
  const [problem, setProblem] = useState<(FieldProblem & { stale: boolean }) | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { busy, run } = useOneCallAtATime();

  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setNote(null);
    setProblem((p) => (p && !p.stale ? null : p));
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const known = new Set<string>(Object.values(ADD_FIELDS));
  const general = problem && !known.has(problem.field) ? problem : null;

  const send = (body: Omit<StoreSettingsBody, 'version'>, done: string, after?: () => void) =>
    run(
      async () => {
        const saved = await saveStoreSettings(settings.storeId, { version: settings.version, ...body });
        onSaved(saved);
        after?.();
        setNote(done);
      },
      (err) => setProblem({ ...problemOf(err, messageOf(err)), stale: isStale(err) }),
    );

  const focus = (field: string) => document.getElementById(`${id}-${field}`)?.focus();
  const add = () => {
    if (busy) return;
    const today = istDateOf(now());
    const local: FieldProblem | null =
      form.date === ''
        ? { field: ADD_FIELDS.date, message: bo('holidayNeedsDate') }
        : form.date < today
          ? { field: ADD_FIELDS.date, message: bo('holidayPast') }
          : form.closed === 'hours' && form.opensAt === ''
            ? { field: ADD_FIELDS.opensAt, message: bo('needsTime') }
            : form.closed === 'hours' && form.closesAt === ''
              ? { field: ADD_FIELDS.closesAt, message: bo('needsTime') }
              : null;
    if (local) {
      setProblem({ ...local, stale: false });
      focus(local.field);
      return;
    }
    setProblem(null);
    const hours = form.closed === 'closed' ? null : { opensAt: form.opensAt, closesAt: form.closesAt };
    void send(
      { addExceptions: [{ date: form.date, hours, note: form.note.trim() }] },
      bo('holidayAdded', { date: dateText(form.date) }),
      () => setForm(EMPTY),
    );
  };
  // Enter in the add form adds the holiday, instead of saving the settings around it
  const enterAdds = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };

  return (
    <fieldset className="bo-group bo-holidays" aria-busy={busy}>
      <legend>{bo('groupHolidays')}</legend>
      <p className="sc-muted bo-hint">{bo('holidaysHint')}</p>
      {general ? (
        <div className="sc-notice bo-problem" role="alert">
          <span>{general.message}</span>
          {general.stale ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() =>
                void run(
                  async () => {
                    await onReload();
                    setProblem(null);
                  },
                  (err) => setProblem({ ...problemOf(err, messageOf(err)), stale: isStale(err) }),
                )
              }
            >
              {bo('reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      {settings.exceptions.length === 0 ? (
        <p className="bo-holidays-none">{bo('holidaysNone')}</p>
      ) : (
        <table className="bo-holidays-table">
          <caption className="visually-hidden">{bo('holidaysCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{bo('holidayDate')}</th>
              <th scope="col">{bo('holidayHours')}</th>
              <th scope="col">{bo('holidayNote')}</th>
              <th scope="col">
                <span className="visually-hidden">{bo('remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.exceptions.map((e) => {
              const when = dateText(e.date);
              return (
                <tr key={e.date}>
                  <th scope="row">{when}</th>
                  <td>
                    {e.hours
                      ? bo('holidaySpecial', { opens: e.hours.opensAt, closes: e.hours.closesAt })
                      : bo('weekClosed')}
                  </td>
                  <td>{e.note === '' ? bo('none') : e.note}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-secondary bo-holiday-remove"
                      disabled={busy}
                      aria-label={bo('holidayRemove', { date: when })}
                      onClick={() =>
                        void send({ removeExceptions: [e.date] }, bo('holidayRemoved', { date: when }))
                      }
                    >
                      {bo('remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="bo-holiday-add" role="group" aria-labelledby={`${id}-add`}>
        <h4 id={`${id}-add`} className="bo-holiday-add-title">
          {bo('holidayAddTitle')}
        </h4>
        <div className="bo-holiday-row">
          <TextField
            id={`${id}-${ADD_FIELDS.date}`}
            label={bo('holidayDate')}
            type="date"
            min={istDateOf(now())}
            value={form.date}
            onChange={(v) => set('date', v)}
            onKeyDown={enterAdds}
            error={errorOf(ADD_FIELDS.date)}
          />
          <TextField
            id={`${id}-${ADD_FIELDS.note}`}
            label={bo('holidayNoteLabel')}
            hint={bo('holidayNoteHint')}
            maxLength={60}
            autoComplete="off"
            value={form.note}
            onChange={(v) => set('note', v)}
            onKeyDown={enterAdds}
            error={errorOf(ADD_FIELDS.note)}
          />
        </div>
        <RadioGroup
          className="bo-holiday-kind"
          legend={bo('holidayKind')}
          legendClassName="bo-holiday-kind-legend"
          value={form.closed}
          onChange={(v) => set('closed', v)}
          options={[
            { value: 'closed', label: bo('weekClosed') },
            { value: 'hours', label: bo('holidayHoursOption') },
          ]}
        />
        {form.closed === 'hours' ? (
          <div className="bo-holiday-row">
            <TextField
              id={`${id}-${ADD_FIELDS.opensAt}`}
              label={bo('opensAt')}
              type="time"
              value={form.opensAt}
              onChange={(v) => set('opensAt', v)}
              onKeyDown={enterAdds}
              error={errorOf(ADD_FIELDS.opensAt)}
            />
            <TextField
              id={`${id}-${ADD_FIELDS.closesAt}`}
              label={bo('closesAt')}
              type="time"
              value={form.closesAt}
              onChange={(v) => set('closesAt', v)}
              onKeyDown={enterAdds}
              error={errorOf(ADD_FIELDS.closesAt)}
            />
          </div>
        ) : null}
        <div className="bo-holiday-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={add}>
            {busy ? bo('working') : bo('holidayAdd')}
          </button>
          <p className="bo-saved" role="status">
            {note ?? ''}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
