import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import type { AuditEvent, StaffList } from '@crust/contract/back-office';
import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { STAFF_ROLES, type StaffRole } from '@crust/domain/staff-roles';
import { istFormat } from '../../shared/format.ts';
import { useSearchParams } from '../../shared/router/index.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { fetchAudit, fetchStaff, NO_AUDIT_FILTERS, type AuditFilters } from './back-office-api.ts';
import { bo, boMaybe } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { consoleKeys, useStores } from './queries.ts';
import { roleText } from './staff-places.ts';

/** "05 Jan 2025, 07:10 pm", on India's clock whatever the device's zone. */
export const formatLogTime = /* @__PURE__ */ istFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** The things the log knows by name (any other entity a log entry names is offered too, as it is). */
const ENTITIES = ['staff', 'store', 'product'] as const;

/** What no diff shows: the row's own bookkeeping, which every save changes. */
const NOT_SHOWN = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/** The fields a diff shows first, in this order (the log's JSON keeps no order); any others after, by name. */
const FIELD_ORDER = [
  'username',
  'name',
  'title',
  'role',
  'storeId',
  'cities',
  'mobile',
  'disabled',
  'mustChangePassword',
  // a store's settings
  'phone',
  'week',
  'exceptions',
  'deliveryRadiusM',
  'deliveryPolygon',
  'advanceOrderStoreId',
  'paymentOptions',
];
const rank = (field: string) => {
  const at = FIELD_ORDER.indexOf(field);
  return at < 0 ? FIELD_ORDER.length : at;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields a change changed, with their values before and after (a new record: every field it has). */
export function changedFields(
  before: unknown,
  after: unknown,
): { field: string; before: unknown; after: unknown }[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !NOT_SHOWN.has(k))
    .sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}

/** A store's ways to pay in the log ({methodCode, providerName, enabled, …}): the names of those switched on. */
function paymentsText(options: unknown[]): string | null {
  const names: string[] = [];
  for (const o of options) {
    if (!isRecord(o) || typeof o.enabled !== 'boolean') return null;
    const name = typeof o.providerName === 'string' ? o.providerName : String(o.methodCode);
    if (o.enabled) names.push(name);
  }
  return names.length === 0 ? bo('paymentsAllOff') : bo('paymentsOn', { names: names.join(', ') });
}

/** A field's value in words: a role's name, a store's, Yes/No, a list joined. */
function valueText(field: string, value: unknown, stores: readonly ConsoleStore[]): string {
  if (value === null || value === undefined || value === '') return bo('none');
  if (typeof value === 'boolean') return value ? bo('yes') : bo('no');
  if (field === 'role' && STAFF_ROLES.includes(value as StaffRole)) return roleText(value as StaffRole);
  if (field === 'paymentOptions' && Array.isArray(value)) {
    const text = paymentsText(value);
    if (text !== null) return text;
  }
  if ((field === 'storeId' || field === 'advanceOrderStoreId') && typeof value === 'number') {
    const store = stores.find((s) => s.id === value);
    return store ? bo('storePlace', { name: store.name, id: store.id }) : `#${value}`;
  }
  if (field === 'week' && Array.isArray(value))
    return value.map((d, i) => `${bo(`day${i % 7}` as 'day0')} ${dayText(d)}`).join('; ');
  if (field === 'exceptions' && Array.isArray(value) && value.length > 0)
    return value
      .map((e) =>
        isRecord(e)
          ? `${String(e.date)} ${dayText(e.hours)}${typeof e.note === 'string' && e.note !== '' ? ` (${e.note})` : ''}`
          : '',
      )
      .join('; ');
  if (field === 'deliveryPolygon' && Array.isArray(value))
    return bo('areaCorners', {
      count: value.length,
      points: value
        .map((p) => (isRecord(p) ? `${String(p.latitude)}, ${String(p.longitude)}` : ''))
        .join(' · '),
    });
  if (Array.isArray(value))
    return value.length === 0
      ? bo('none')
      : value.map((v) => (isRecord(v) ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A day's hours in the log: "10:00–02:00", or closed all day. */
const dayText = (d: unknown) =>
  isRecord(d) ? `${String(d.opensAt)}–${String(d.closesAt)}` : bo('weekClosed');

/** What a record is called in the log: its username or name when it has one. */
function recordLabel(e: AuditEvent): string | null {
  for (const side of [e.after, e.before])
    if (isRecord(side))
      for (const key of ['username', 'name', 'title']) {
        const value = side[key];
        if (typeof value === 'string' && value !== '') return value;
      }
  return null;
}

const entityText = (entity: string) => boMaybe(`entity_${entity}`) ?? entity;

const FILTER_KEYS = Object.keys(NO_AUDIT_FILTERS) as (keyof AuditFilters)[];

/**
 * The back office's Change log (`?view=audit`, issue 30 §6): every change, newest first, filtered by what, who,
 * store and dates (kept in the address, so a reload keeps them); "Load more" pages back in time; each entry opens
 * to the fields it changed.
 */
export function AuditView({ session }: { session: StaffSession }) {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = { ...NO_AUDIT_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key) ?? '';
  const badRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from;

  const log = useInfiniteQuery({
    queryKey: consoleKeys.audit({ ...filters }),
    queryFn: ({ pageParam, signal }) => fetchAudit(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    enabled: !badRange,
    staleTime: 0,
  });
  const staff = useQuery({
    queryKey: consoleKeys.staff,
    queryFn: ({ signal }) => fetchStaff(signal),
    enabled: session.staff.may.includes('staff'),
    staleTime: 60_000,
  });
  const stores = useStores(session.stores).data ?? session.stores;
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];

  const setFilter = (key: keyof AuditFilters, value: string) =>
    setParams(
      (p) => {
        p.set('view', 'audit');
        if (value === '') p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const clear = () => setParams({ view: 'audit' }, { replace: true });
  const filtered = FILTER_KEYS.some((k) => filters[k] !== '');

  return (
    <section className="bo-audit" aria-labelledby="bo-audit-heading">
      <h2 id="bo-audit-heading" className="sc-heading">
        {bo('auditHeading')}
      </h2>
      <p className="sc-muted">{bo('auditIntro')}</p>
      <div className="bo-filters bo-audit-filters">
        <SelectField
          label={bo('filterWhat')}
          value={filters.entity}
          onChange={(v) => setFilter('entity', v)}
          options={[
            { value: '', label: bo('allThings') },
            ...entityOptions(events, filters.entity).map((e) => ({ value: e, label: entityText(e) })),
          ]}
        />
        <SelectField
          label={bo('filterWho')}
          value={filters.staffId}
          onChange={(v) => setFilter('staffId', v)}
          options={[{ value: '', label: bo('everyone') }, ...whoOptions(staff.data, events, filters.staffId)]}
        />
        <SelectField
          label={bo('filterStore')}
          value={filters.storeId}
          onChange={(v) => setFilter('storeId', v)}
          options={[
            { value: '', label: bo('allStores') },
            ...[...stores]
              .sort((a, b) => a.id - b.id)
              .map((s) => ({ value: String(s.id), label: bo('storePlace', { name: s.name, id: s.id }) })),
          ]}
        />
        <TextField
          label={bo('filterFrom')}
          type="date"
          value={filters.from}
          onChange={(v) => setFilter('from', v)}
        />
        <TextField
          label={bo('filterTo')}
          type="date"
          value={filters.to}
          onChange={(v) => setFilter('to', v)}
          error={badRange ? bo('toBeforeFrom') : null}
        />
        {filtered ? (
          <button type="button" className="sc-link-btn bo-clear" onClick={clear}>
            {bo('clearFilters')}
          </button>
        ) : null}
      </div>
      {badRange ? null : log.isPending ? (
        <Spinner />
      ) : log.isError && events.length === 0 ? (
        <LoadFailed error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <>
          {events.length === 0 ? (
            <p className="sc-muted sc-empty">{bo('noEvents')}</p>
          ) : (
            <EventTable events={events} stores={stores} />
          )}
          {log.isFetchNextPageError ? <ErrorText text={messageOf(log.error)} /> : null}
          {log.hasNextPage ? (
            <button
              type="button"
              className="btn btn-secondary bo-more"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? bo('loadingMore') : bo('loadMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function entityOptions(events: AuditEvent[], chosen: string): string[] {
  const seen = new Set<string>(ENTITIES);
  for (const e of events) seen.add(e.entity);
  if (chosen) seen.add(chosen);
  return [...seen];
}

/** Everyone the login manages, and anyone else the entries name (a chain admin who changed a store's login). */
function whoOptions(list: StaffList | undefined, events: AuditEvent[], chosen: string) {
  const names = new Map<string, string>();
  for (const m of list?.staff ?? []) names.set(m.id, `${m.name} (${m.username})`);
  for (const e of events) if (!names.has(e.staffId)) names.set(e.staffId, e.staffName);
  if (chosen && !names.has(chosen)) names.set(chosen, chosen);
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function EventTable({ events, stores }: { events: AuditEvent[]; stores: readonly ConsoleStore[] }) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (eventId: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(eventId)) next.add(eventId);
      return next;
    });
  return (
    <div className="bo-table-wrap">
      <table className="bo-table bo-log">
        <thead>
          <tr>
            <th scope="col">{bo('colWhen')}</th>
            <th scope="col">{bo('colWho')}</th>
            <th scope="col">{bo('colAction')}</th>
            <th scope="col">{bo('colWhat')}</th>
            <th scope="col">
              <span className="visually-hidden">{bo('showChanges')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => {
            const shown = open.has(e.id);
            const label = recordLabel(e);
            const diffId = `${id}-${e.id}`;
            return (
              <Fragment key={e.id}>
                <tr className="bo-event">
                  <td className="bo-when">
                    <time dateTime={e.at}>{formatLogTime(e.at)}</time>
                  </td>
                  <td>{e.staffName}</td>
                  <td>
                    <span className="bo-action">{boMaybe(`action_${e.action}`) ?? e.action}</span>{' '}
                    <code className="bo-code">{e.action}</code>
                  </td>
                  <td>
                    {entityText(e.entity)} {label ? <strong>{label}</strong> : null}{' '}
                    <span className="sc-muted bo-id">{e.entityId}</span>
                  </td>
                  <td className="bo-toggle-cell">
                    <button
                      type="button"
                      className="sc-chip-btn bo-toggle"
                      aria-expanded={shown}
                      aria-controls={shown ? diffId : undefined}
                      onClick={() => toggle(e.id)}
                    >
                      {shown ? bo('hideChanges') : bo('showChanges')}
                    </button>
                  </td>
                </tr>
                {shown ? (
                  <tr className="bo-diff-row">
                    <td colSpan={5} id={diffId}>
                      <Diff event={e} stores={stores} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Diff({ event, stores }: { event: AuditEvent; stores: readonly ConsoleStore[] }) {
  // a new record's empty fields (no cities, no mobile) read the same before and after: not a change worth a line
  const fields = changedFields(event.before, event.after)
    .map((f) => ({
      field: f.field,
      before: valueText(f.field, f.before, stores),
      after: valueText(f.field, f.after, stores),
    }))
    .filter((f) => f.before !== f.after);
  if (fields.length === 0) return <p className="sc-muted">{bo('nothingChanged')}</p>;
  return (
    <table className="bo-diff">
      <thead>
        <tr>
          <th scope="col">{bo('field')}</th>
          <th scope="col">{bo('before')}</th>
          <th scope="col">{bo('after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.field}>
            <th scope="row">{boMaybe(`field_${f.field}`) ?? f.field}</th>
            <td className="bo-before">{f.before}</td>
            <td className="bo-after">{f.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
