import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { StoreSettings, StoreSettingsBody } from '@crust/contract/back-office';
import type { StaffSession } from '@crust/contract/store-console';
import { polygonProblem, type PolygonProblem } from '@crust/domain/delivery-area';
import { DELIVERY_TYPES, deliveryTypeLabel, isDeliveryType } from '@crust/domain/delivery-types';
import type { LatLng } from '@crust/domain/geo';
import { useSearchParams } from '../../shared/router/index.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import {
  fetchStoreSettings,
  isStale,
  problemOf,
  RADIUS_LIMITS_M,
  saveStoreSettings,
  storeSettingsProblem,
  type FieldProblem,
} from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { DeliveryAreaEditor } from './DeliveryAreaEditor.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { consoleKeys, useStores } from './queries.ts';
import { StoreHolidays } from './StoreHolidays.tsx';

/** A day of the week as typed: open or closed all day, its times as HH:MM. */
interface DayForm {
  open: boolean;
  opensAt: string;
  closesAt: string;
}

/**
 * The form as typed: the week's times as HH:MM, the delivery area (a radius in km as text, or the corners of a
 * polygon), the ways to pay by method code.
 */
interface Form {
  phone: string;
  week: readonly DayForm[];
  area: 'radius' | 'polygon';
  radiusKm: string;
  polygon: readonly LatLng[];
  /** the advance-order store's id as the select holds it; '' for none */
  advance: string;
  pay: Readonly<Record<string, boolean>>;
}

/** The fields the form shows, as the body names them: a refusal about one shows beside it, others above. */
const DAY_FIELDS = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [`week.${d}.opensAt`, `week.${d}.closesAt`]);
const FIELDS = [
  'phone',
  'week',
  ...DAY_FIELDS,
  'deliveryRadiusM',
  'deliveryPolygon',
  'advanceOrderStoreId',
  'paymentOptions',
] as const;
type FieldName = (typeof FIELDS)[number];

/** Sunday first, as the week is kept (0 Sunday … 6 Saturday). */
const DAY_KEYS = ['day0', 'day1', 'day2', 'day3', 'day4', 'day5', 'day6'] as const;
const DEFAULT_DAY = { opensAt: '11:00', closesAt: '23:00' };

const dayFormOf = (d: StoreSettings['week'][number]): DayForm =>
  d ? { open: true, ...d } : { open: false, opensAt: '', closesAt: '' };
const sameWeek = (a: readonly DayForm[], b: readonly DayForm[]) =>
  a.every((d, i) => {
    const o = b[i]!;
    return d.open === o.open && (!d.open || (d.opensAt === o.opensAt && d.closesAt === o.closesAt));
  });

const samePoints = (a: readonly LatLng[], b: readonly LatLng[]) =>
  a.length === b.length &&
  a.every((p, i) => p.latitude === b[i]!.latitude && p.longitude === b[i]!.longitude);

const POLYGON_TEXT: Record<PolygonProblem['problem'], Parameters<typeof bo>[0]> = {
  TOO_FEW: 'polygonTooFew',
  TOO_MANY: 'polygonTooMany',
  BAD_POINT: 'polygonBadPoint',
  TOO_FAR: 'polygonTooFar',
  NOT_SIMPLE: 'polygonNotSimple',
  STORE_OUTSIDE: 'polygonStoreOutside',
};

/** A field the form shows: one of FIELDS, or a corner of the polygon (`deliveryPolygon.3`). */
const isFormField = (field: string) =>
  FIELDS.some((f) => f === field) || /^deliveryPolygon\.\d+$/.test(field);

/** Metres as the form's km, to one decimal: 5000 → "5.0". */
export const kmOf = (metres: number): string => (Math.round(metres / 100) / 10).toFixed(1);

/** The form's km as whole metres ("0.5" → 500, "4,5" → 4500), or null when it is not a km figure to one decimal. */
export function metresOf(km: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d))?$/.exec(km.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number(match[2] ?? '0') * 100;
}

const formOf = (s: StoreSettings): Form => ({
  phone: s.phone,
  week: s.week.map(dayFormOf),
  area: s.deliveryPolygon ? 'polygon' : 'radius',
  radiusKm: kmOf(s.deliveryRadiusM),
  polygon: s.deliveryPolygon ?? [],
  advance: s.advanceOrderStoreId === null ? '' : String(s.advanceOrderStoreId),
  pay: Object.fromEntries(s.paymentOptions.map((o) => [o.methodCode, o.enabled])),
});

/** What the hours mean: closing at or before opening is after midnight; the same time is round the clock. */
function hoursLine(opensAt: string, closesAt: string): string | null {
  if (opensAt === '' || closesAt === '') return null;
  if (opensAt === closesAt) return bo('openAllDay');
  return closesAt < opensAt ? bo('closesAfterMidnight') : null;
}

/** The order types a way to pay is offered for, in short: every one, every one but a few, or the few. */
export function payTypesText(types: readonly string[]): string {
  const label = (t: string) => (isDeliveryType(t) ? deliveryTypeLabel(t) : t);
  const missing = DELIVERY_TYPES.filter((t) => !types.includes(t));
  if (missing.length === 0) return bo('payTypesAll');
  if (missing.length < types.length) return bo('payTypesAllBut', { types: missing.map(label).join(', ') });
  return bo('payTypes', { types: types.map(label).join(', ') });
}

/**
 * The back office's Stores view (`?view=stores`, issue 30 §4): a chooser of the stores the login reaches
 * (`&store=<id>`; none for a login with one store), then that store's settings.
 */
export function StoreSettingsView({ session }: { session: StaffSession }) {
  const [params, setParams] = useSearchParams();
  const stores = [...(useStores(session.stores).data ?? session.stores)].sort((a, b) => a.id - b.id);
  const asked = Number(params.get('store'));
  const chosen = stores.find((s) => s.id === asked) ?? (stores.length === 1 ? stores[0] : undefined);

  const choose = (id: string) =>
    setParams((p) => {
      p.set('view', 'stores');
      if (id === '') p.delete('store');
      else p.set('store', id);
      return p;
    });

  return (
    <section className="bo-stores" aria-labelledby="bo-stores-heading">
      <h2 id="bo-stores-heading" className="sc-heading">
        {bo('storesHeading')}
      </h2>
      <p className="sc-muted">{bo('storesIntro')}</p>
      {stores.length > 1 ? (
        <SelectField
          className="bo-store-pick"
          label={bo('settingsStore')}
          placeholder={bo('chooseStore')}
          value={chosen ? String(chosen.id) : ''}
          onChange={choose}
          options={stores.map((s) => ({
            value: String(s.id),
            label: bo('storePlace', { name: s.name, id: s.id }),
          }))}
        />
      ) : null}
      {chosen ? <StoreSettingsLoader key={chosen.id} storeId={chosen.id} /> : null}
    </section>
  );
}

function StoreSettingsLoader({ storeId }: { storeId: number }) {
  const settings = useQuery({
    queryKey: consoleKeys.storeSettings(storeId),
    queryFn: ({ signal }) => fetchStoreSettings(storeId, signal),
    staleTime: 0,
  });
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <StoreSettingsForm
      settings={settings.data}
      reload={async () => (await settings.refetch({ throwOnError: true })).data ?? null}
    />
  );
}

/**
 * One store's settings: phone, hours, delivery radius (km here, metres to the server), the advance-order store
 * and the ways to pay as switches. Save sends only what changed, with the version the form was read at; a
 * refusal's field error shows beside its field, anything else above the form, and a stale save offers Reload.
 */
export function StoreSettingsForm({
  settings,
  reload,
}: {
  settings: StoreSettings;
  /** fetches the settings again; answers them as they are now */
  reload: () => Promise<StoreSettings | null>;
}) {
  const qc = useQueryClient();
  const id = useId();
  const [base, setBase] = useState(settings);
  const [form, setForm] = useState(() => formOf(settings));
  const [problem, setProblem] = useState<(FieldProblem & { stale?: boolean }) | null>(null);
  const [note, setNote] = useState<'saved' | 'nothing' | null>(null);
  const { busy, run } = useOneCallAtATime();

  const edit = (change: (f: Form) => Form) => {
    setForm(change);
    setNote(null);
    setProblem((p) => (p && !p.stale ? null : p));
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => edit((f) => ({ ...f, [key]: value }));

  const errorOf = (field: FieldName) => (problem?.field === field ? problem.message : null);
  const idOf = (field: FieldName) => `${id}-${field}`;

  // a field refused (by the form or the server) takes the focus, so it is in sight with its error beside it
  useEffect(() => {
    const field = problem && isFormField(problem.field) ? problem.field : null;
    const el = field ? document.getElementById(`${id}-${field}`) : null;
    el?.focus({ preventScroll: true });
    // the field with its error, clear of the sticky tabs above and the Save bar below
    (el?.closest('.field') ?? el)?.scrollIntoView?.({ block: 'center' });
  }, [problem, id]);
  const general = problem && !isFormField(problem.field) ? problem : null;
  const polygonError =
    problem?.field.startsWith('deliveryPolygon') === true
      ? {
          message: problem.message,
          index: problem.field === 'deliveryPolygon' ? null : Number(problem.field.split('.')[1]),
        }
      : null;
  const refused = (err: unknown) => setProblem({ ...problemOf(err, messageOf(err)), stale: isStale(err) });

  const was = formOf(base);
  const switched = base.paymentOptions
    .filter((o) => form.pay[o.methodCode] !== o.enabled)
    .map((o) => ({ methodCode: o.methodCode, enabled: form.pay[o.methodCode] ?? o.enabled }));
  const dirty =
    form.phone !== was.phone ||
    !sameWeek(form.week, was.week) ||
    form.radiusKm !== was.radiusKm ||
    form.area !== was.area ||
    (form.area === 'polygon' && !samePoints(form.polygon, was.polygon)) ||
    form.advance !== was.advance ||
    switched.length > 0;

  /** The form's own checks, in its own words (km, an empty time), before the contract's. */
  const formProblem = (): FieldProblem | null => {
    for (const [i, d] of form.week.entries()) {
      if (!d.open) continue;
      if (d.opensAt === '') return { field: `week.${i}.opensAt`, message: bo('needsTime') };
      if (d.closesAt === '') return { field: `week.${i}.closesAt`, message: bo('needsTime') };
    }
    if (form.week.every((d) => !d.open)) return { field: 'week', message: bo('neverOpen') };
    if (form.area === 'polygon') {
      const found = polygonProblem(form.polygon, base);
      if (found)
        return {
          field: 'index' in found ? `deliveryPolygon.${found.index}` : 'deliveryPolygon',
          message: bo(POLYGON_TEXT[found.problem]),
        };
    }
    if (form.radiusKm === was.radiusKm) return null;
    const metres = metresOf(form.radiusKm);
    if (metres === null) return { field: 'deliveryRadiusM', message: bo('radiusNotNumber') };
    if (metres < RADIUS_LIMITS_M.min || metres > RADIUS_LIMITS_M.max)
      return {
        field: 'deliveryRadiusM',
        message: bo('radiusOutOfRange', {
          min: kmLimit(RADIUS_LIMITS_M.min),
          max: kmLimit(RADIUS_LIMITS_M.max),
        }),
      };
    return null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!dirty) {
      setProblem(null);
      setNote('nothing');
      return;
    }
    const invalid = formProblem();
    setProblem(invalid);
    if (invalid) return;
    const advance = form.advance === '' ? null : Number(form.advance);
    const body: StoreSettingsBody = {
      version: base.version,
      ...(form.phone !== was.phone ? { phone: form.phone.trim() } : {}),
      ...(!sameWeek(form.week, was.week)
        ? { week: form.week.map((d) => (d.open ? { opensAt: d.opensAt, closesAt: d.closesAt } : null)) }
        : {}),
      ...(form.radiusKm !== was.radiusKm ? { deliveryRadiusM: metresOf(form.radiusKm) ?? 0 } : {}),
      ...(form.area === 'polygon' && (was.area !== 'polygon' || !samePoints(form.polygon, was.polygon))
        ? { deliveryPolygon: [...form.polygon] }
        : {}),
      ...(form.area === 'radius' && was.area === 'polygon' ? { deliveryPolygon: null } : {}),
      ...(form.advance !== was.advance ? { advanceOrderStoreId: advance } : {}),
      ...(switched.length > 0 ? { paymentOptions: switched } : {}),
    };
    const unfit = storeSettingsProblem(body);
    setProblem(unfit);
    if (unfit) return;
    void run(async () => {
      const saved = await saveStoreSettings(base.storeId, body);
      qc.setQueryData(consoleKeys.storeSettings(saved.storeId), saved);
      void qc.invalidateQueries({ queryKey: consoleKeys.audits });
      setBase(saved);
      setForm(formOf(saved));
      setNote('saved');
    }, refused);
  };

  const undo = () => {
    setForm(formOf(base));
    setProblem(null);
    setNote(null);
  };

  const onReload = () =>
    run(async () => {
      const latest = await reload();
      setProblem(null);
      setNote(null);
      if (latest) {
        setBase(latest);
        setForm(formOf(latest));
      }
    }, refused);

  const on = base.paymentOptions.filter((o) => form.pay[o.methodCode] ?? o.enabled);
  const payError = errorOf('paymentOptions');

  return (
    <div className="bo-settings-wrap">
      <h3 className="bo-settings-title">{bo('settingsOf', { name: base.name, id: base.storeId })}</h3>
      {general ? (
        <div className="sc-notice bo-problem" role="alert">
          <span>{general.message}</span>
          {general.stale ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void onReload()}
            >
              {bo('reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      <form className="bo-settings card" onSubmit={onSubmit} noValidate>
        <div className="bo-settings-grid">
          <div className="bo-settings-col">
            <fieldset className="bo-group">
              <legend>{bo('groupContact')}</legend>
              <TextField
                id={idOf('phone')}
                label={bo('phone')}
                hint={bo('phoneHint')}
                type="tel"
                autoComplete="off"
                maxLength={20}
                value={form.phone}
                onChange={(v) => set('phone', v)}
                error={errorOf('phone')}
              />
            </fieldset>
            <fieldset id={idOf('week')} tabIndex={-1} className="bo-group bo-week">
              <legend>{bo('groupWeek')}</legend>
              <p className="sc-muted bo-hint">{bo('hoursHint')}</p>
              <table className="bo-week-table">
                <thead>
                  <tr>
                    <th scope="col">{bo('weekDay')}</th>
                    <th scope="col">{bo('weekOpen')}</th>
                    <th scope="col">{bo('opensAt')}</th>
                    <th scope="col">{bo('closesAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {form.week.map((d, i) => {
                    const day = bo(DAY_KEYS[i]!);
                    const setDay = (change: Partial<DayForm>) =>
                      edit((f) => ({
                        ...f,
                        week: f.week.map((x, j) => (j === i ? { ...x, ...change } : x)),
                      }));
                    const opensField = `week.${i}.opensAt`;
                    const closesField = `week.${i}.closesAt`;
                    return (
                      <tr key={day}>
                        <th scope="row">{day}</th>
                        <td>
                          <label className="bo-week-open">
                            <input
                              type="checkbox"
                              checked={d.open}
                              aria-label={bo('weekOpenOn', { day })}
                              onChange={(e) =>
                                setDay(
                                  e.target.checked
                                    ? { open: true, ...(d.opensAt === '' ? DEFAULT_DAY : {}) }
                                    : { open: false },
                                )
                              }
                            />
                            <span>{d.open ? bo('weekOpenShort') : bo('weekClosed')}</span>
                          </label>
                        </td>
                        <td>
                          {d.open ? (
                            <TextField
                              id={idOf(opensField)}
                              label={bo('opensOn', { day })}
                              type="time"
                              className="bo-week-time"
                              labelClassName="visually-hidden"
                              value={d.opensAt}
                              onChange={(v) => setDay({ opensAt: v })}
                              error={errorOf(opensField)}
                            />
                          ) : null}
                        </td>
                        <td>
                          {d.open ? (
                            <TextField
                              id={idOf(closesField)}
                              label={bo('closesOn', { day })}
                              type="time"
                              className="bo-week-time"
                              labelClassName="visually-hidden"
                              value={d.closesAt}
                              onChange={(v) => setDay({ closesAt: v })}
                              hint={hoursLine(d.opensAt, d.closesAt) ?? undefined}
                              hintClassName="bo-hours-line"
                              error={errorOf(closesField)}
                            />
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <ErrorText id={`${id}-week-e`} text={errorOf('week')} />
            </fieldset>
            <fieldset className="bo-group bo-delivery">
              <legend>{bo('groupDelivery')}</legend>
              <RadioGroup
                className="bo-area-kind"
                legend={bo('areaKind')}
                legendClassName="bo-area-kind-legend"
                value={form.area}
                onChange={(v) => set('area', v)}
                options={[
                  { value: 'radius', label: bo('areaRadius') },
                  { value: 'polygon', label: bo('areaPolygon') },
                ]}
              />
              {form.area === 'radius' ? (
                <TextField
                  id={idOf('deliveryRadiusM')}
                  label={bo('radius')}
                  hint={bo('radiusHint')}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={5}
                  className="bo-radius"
                  value={form.radiusKm}
                  onChange={(v) => set('radiusKm', v)}
                  error={errorOf('deliveryRadiusM')}
                />
              ) : (
                <DeliveryAreaEditor
                  id={idOf('deliveryPolygon')}
                  store={base}
                  radiusKm={base.deliveryRadiusM / 1000}
                  points={form.polygon}
                  onChange={(points) => set('polygon', points)}
                  error={polygonError}
                />
              )}
              <SelectField
                id={idOf('advanceOrderStoreId')}
                label={bo('advanceStore')}
                hint={bo('advanceHint')}
                value={form.advance}
                onChange={(v) => set('advance', v)}
                options={[
                  { value: '', label: bo('advanceNone') },
                  ...base.advanceStoreChoices.map((s) => ({
                    value: String(s.id),
                    label: bo('storePlace', { name: s.name, id: s.id }),
                  })),
                ]}
                error={errorOf('advanceOrderStoreId')}
              />
            </fieldset>
          </div>
          <div className="bo-settings-col">
            <StoreHolidays
              settings={base}
              onSaved={(saved) => {
                qc.setQueryData(consoleKeys.storeSettings(saved.storeId), saved);
                void qc.invalidateQueries({ queryKey: consoleKeys.audits });
                setBase(saved);
              }}
              onReload={async () => {
                const latest = await reload();
                if (latest) setBase(latest);
              }}
            />
            <fieldset
              id={idOf('paymentOptions')}
              tabIndex={-1}
              className="bo-group bo-pay"
              aria-describedby={payError ? `${id}-pay-h ${id}-pay-e` : `${id}-pay-h`}
            >
              <legend>{bo('groupPay')}</legend>
              <p id={`${id}-pay-h`} className="sc-muted bo-hint">
                {bo('payHint')}
              </p>
              <ul className="bo-pay-list">
                {base.paymentOptions.map((o) => {
                  const enabled = form.pay[o.methodCode] ?? o.enabled;
                  const last = enabled && on.length === 1;
                  const typesId = `${id}-pay-${o.methodCode}`;
                  return (
                    <li key={o.methodCode} className="bo-pay-item">
                      <button
                        type="button"
                        role="switch"
                        aria-checked={enabled}
                        aria-describedby={typesId}
                        className="sc-switch bo-pay-switch"
                        disabled={last}
                        onClick={() => set('pay', { ...form.pay, [o.methodCode]: !enabled })}
                      >
                        <span className="sc-switch-track" aria-hidden="true">
                          <span className="sc-switch-knob" />
                        </span>
                        <span>{o.providerName}</span>
                      </button>
                      <span id={typesId} className="sc-muted bo-pay-types">
                        {last ? `${bo('payLast')}. ` : ''}
                        {payTypesText(o.deliveryTypes)}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <ErrorText id={`${id}-pay-e`} text={payError} />
            </fieldset>
          </div>
        </div>
        <div className="bo-form-actions bo-settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? bo('working') : bo('save')}
          </button>
          {dirty ? (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={undo}>
              {bo('undo')}
            </button>
          ) : null}
          <p className="bo-saved" role="status">
            {note === 'saved' ? bo('saved') : note === 'nothing' ? bo('nothingToSave') : ''}
          </p>
        </div>
      </form>
    </div>
  );
}

/** A radius limit in km as the form writes it: 500 → "0.5", 15000 → "15". */
const kmLimit = (metres: number) => String(metres / 1000);
