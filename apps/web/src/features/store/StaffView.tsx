import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffList, StaffMember } from '@crust/contract/back-office';
import type { StaffSession } from '@crust/contract/store-console';
import { mayManage, STAFF_ROLES, type StaffRole } from '@crust/domain/staff-roles';
import { useSearchParams } from '../../shared/router/index.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { changeStaff, fetchStaff, isStale, resetStaff, type Issued } from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { OneTimePasswordDialog } from './OneTimePasswordDialog.tsx';
import { consoleKeys } from './queries.ts';
import { StaffForm } from './StaffForm.tsx';
import { placeText, reachOfList, roleText, statusOf, statusText, type StaffStatus } from './staff-places.ts';

const COLUMNS = ['username', 'name', 'role', 'place', 'status'] as const;
type Column = (typeof COLUMNS)[number];

const COLUMN_TEXT = {
  username: 'colUsername',
  name: 'colName',
  role: 'colRole',
  place: 'colPlace',
  status: 'colStatus',
} as const satisfies Record<Column, string>;

const STATUS_ORDER: readonly StaffStatus[] = ['active', 'mustSet', 'off'];

interface Sort {
  column: Column;
  ascending: boolean;
}

/** A row of the table: the member, and what its cells show and sort by. */
interface Row {
  member: StaffMember;
  place: string;
  status: StaffStatus;
}

function compare(a: Row, b: Row, column: Column): number {
  switch (column) {
    case 'username':
      return a.member.username.localeCompare(b.member.username);
    case 'name':
      return a.member.name.localeCompare(b.member.name);
    case 'role':
      return STAFF_ROLES.indexOf(a.member.role) - STAFF_ROLES.indexOf(b.member.role);
    case 'place':
      return a.place.localeCompare(b.place, 'en', { numeric: true });
    case 'status':
      return STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status);
  }
}

/** A row action waiting for its confirm dialog. */
type Confirming = { kind: 'off' | 'on' | 'reset'; member: StaffMember };

/** A refused table action: the server's words, and Reload when the login had changed meanwhile. */
type Problem = { message: string; stale: boolean };

/**
 * The back office's Staff view (`?view=staff`, issue 30 §1): the logins this one manages, sorted and filtered; a
 * new login (`&login=new`) or a change (`&login=<id>`) in the form; a login turned off or on, or its password
 * reset, after a confirm. A new login's or a reset's one-time password shows once, in its own dialog.
 */
export function StaffView({ session }: { session: StaffSession }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const editing = params.get('login');
  const list = useQuery({
    queryKey: consoleKeys.staff,
    queryFn: ({ signal }) => fetchStaff(signal),
    staleTime: 0,
  });
  const [issued, setIssued] = useState<Issued | null>(null);

  const open = (login: string | null) =>
    setParams((p) => {
      p.set('view', 'staff');
      if (login === null) p.delete('login');
      else p.set('login', login);
      return p;
    });

  /** The server's answer, in the list at once (the refetch that follows confirms it). */
  const keep = (member: StaffMember) => {
    qc.setQueryData<StaffList>(
      consoleKeys.staff,
      (l) =>
        l && {
          ...l,
          staff: l.staff.some((m) => m.id === member.id)
            ? l.staff.map((m) => (m.id === member.id ? member : m))
            : [...l.staff, member],
        },
    );
    void qc.invalidateQueries({ queryKey: consoleKeys.staff });
    void qc.invalidateQueries({ queryKey: consoleKeys.audits });
  };

  const issue = (given: Issued) => {
    keep(given.member);
    setIssued(given);
  };

  const dialog = issued ? <OneTimePasswordDialog issued={issued} onDone={() => setIssued(null)} /> : null;

  if (list.isPending) return <Spinner />;
  if (list.isError) return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;

  if (editing !== null) {
    const member = editing === 'new' ? null : (list.data.staff.find((m) => m.id === editing) ?? null);
    if (editing !== 'new' && !member)
      return (
        <p className="sc-notice" role="alert">
          {bo('notFound')}{' '}
          <button type="button" className="sc-link-btn" onClick={() => open(null)}>
            {bo('cancel')}
          </button>
        </p>
      );
    return (
      <>
        <StaffForm
          key={editing}
          member={member}
          list={list.data}
          actor={session.staff.role}
          onSaved={(saved) => {
            keep(saved);
            open(null);
          }}
          onIssued={(given) => {
            issue(given);
            open(null);
          }}
          onCancel={() => open(null)}
          reload={async () => {
            const fresh = await list.refetch({ throwOnError: true });
            return fresh.data?.staff.find((m) => m.id === editing) ?? null;
          }}
        />
        {dialog}
      </>
    );
  }

  return (
    <>
      <StaffTable
        list={list.data}
        session={session}
        onNew={() => open('new')}
        onEdit={(m) => open(m.id)}
        onSaved={keep}
        onIssued={issue}
        onReload={() => list.refetch()}
      />
      {dialog}
    </>
  );
}

function StaffTable({
  list,
  session,
  onNew,
  onEdit,
  onSaved,
  onIssued,
  onReload,
}: {
  list: StaffList;
  session: StaffSession;
  onNew: () => void;
  onEdit: (member: StaffMember) => void;
  onSaved: (member: StaffMember) => void;
  onIssued: (issued: Issued) => void;
  onReload: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [sort, setSort] = useState<Sort>({ column: 'username', ascending: true });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { busy, run } = useOneCallAtATime();

  const actor = { role: session.staff.role, reach: reachOfList(session.staff.role, list) };
  const needle = text.trim().toLowerCase();
  const all: Row[] = list.staff.map((member) => ({
    member,
    place: placeText(member, list),
    status: statusOf(member),
  }));
  const rows = all
    .filter((r) => role === '' || r.member.role === role)
    .filter(
      (r) =>
        needle === '' ||
        [r.member.username, r.member.name, r.place].some((s) => s.toLowerCase().includes(needle)),
    )
    .sort(
      (a, b) =>
        (sort.ascending ? 1 : -1) * compare(a, b, sort.column) ||
        a.member.username.localeCompare(b.member.username),
    );

  const sortBy = (column: Column) =>
    setSort((s) => ({ column, ascending: s.column === column ? !s.ascending : true }));

  const refused = (err: unknown) => setProblem({ message: messageOf(err), stale: isStale(err) });

  const confirmed = (c: Confirming) => {
    setConfirming(null);
    void run(async () => {
      setProblem(null);
      if (c.kind === 'reset') onIssued(await resetStaff(c.member.id, c.member.version));
      else onSaved(await changeStaff(c.member.id, { version: c.member.version, disabled: c.kind === 'off' }));
    }, refused);
  };

  const reload = () =>
    run(async () => {
      await onReload();
      setProblem(null);
    }, refused);

  return (
    <section className="bo-staff" aria-labelledby="bo-staff-heading">
      <div className="bo-head">
        <h2 id="bo-staff-heading" className="sc-heading">
          {bo('staffHeading')}
        </h2>
        <button type="button" className="btn btn-primary" onClick={onNew}>
          {bo('newLogin')}
        </button>
      </div>
      <p className="sc-muted">{bo('staffIntro')}</p>
      <div className="bo-filters">
        <TextField
          className="bo-filter-text"
          label={bo('filterText')}
          placeholder={bo('filterTextHint')}
          type="search"
          value={text}
          onChange={setText}
        />
        <SelectField
          className="bo-filter-role"
          label={bo('filterRole')}
          value={role}
          onChange={(v) => setRole(v as StaffRole | '')}
          options={[
            { value: '', label: bo('allRoles') },
            ...STAFF_ROLES.map((r) => ({ value: r, label: roleText(r) })),
          ]}
        />
        <p className="sc-muted bo-count" role="status">
          {bo('shown', { count: rows.length, total: all.length })}
        </p>
      </div>
      {problem ? (
        <div className="sc-notice bo-problem" role="alert">
          <span>{problem.message}</span>
          {problem.stale ? (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void reload()}>
              {bo('reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  aria-sort={sort.column === c ? (sort.ascending ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    className="bo-sort"
                    aria-label={bo('sortBy', { column: bo(COLUMN_TEXT[c]) })}
                    onClick={() => sortBy(c)}
                  >
                    {bo(COLUMN_TEXT[c])}
                    <span aria-hidden="true" className="bo-sort-mark">
                      {sort.column === c ? (sort.ascending ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">{bo('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ member: m, place, status }) => {
              const self = m.id === session.staff.id;
              const manages = mayManage(actor, m);
              return (
                <tr key={m.id} className={`bo-row is-${status}`}>
                  <td className="bo-username">{m.username}</td>
                  <td>
                    {m.name} {self ? <span className="sc-muted">{bo('you')}</span> : null}
                  </td>
                  <td>{roleText(m.role)}</td>
                  <td>{place}</td>
                  <td>
                    <span className={`sc-pill bo-status-${status}`}>{statusText(status)}</span>
                  </td>
                  <td>
                    <div className="bo-actions">
                      {manages ? (
                        <button
                          type="button"
                          className="sc-chip-btn"
                          aria-label={bo('editLabel', { username: m.username })}
                          onClick={() => onEdit(m)}
                        >
                          {bo('edit')}
                        </button>
                      ) : null}
                      {manages && !self ? (
                        <>
                          <button
                            type="button"
                            className="sc-chip-btn"
                            disabled={busy}
                            aria-label={bo(m.disabled ? 'turnOnLabel' : 'turnOffLabel', {
                              username: m.username,
                            })}
                            onClick={() => setConfirming({ kind: m.disabled ? 'on' : 'off', member: m })}
                          >
                            {m.disabled ? bo('turnOn') : bo('turnOff')}
                          </button>
                          <button
                            type="button"
                            className="sc-chip-btn"
                            disabled={busy}
                            aria-label={bo('resetPasswordLabel', { username: m.username })}
                            onClick={() => setConfirming({ kind: 'reset', member: m })}
                          >
                            {bo('resetPassword')}
                          </button>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="sc-muted sc-empty">{bo('noneMatch')}</p> : null}
      </div>
      {confirming ? (
        <ConfirmDialog confirming={confirming} onYes={confirmed} onNo={() => setConfirming(null)} />
      ) : null}
    </section>
  );
}

function ConfirmDialog({
  confirming,
  onYes,
  onNo,
}: {
  confirming: Confirming;
  onYes: (c: Confirming) => void;
  onNo: () => void;
}) {
  const { kind, member } = confirming;
  const [title, body, action] =
    kind === 'off'
      ? (['turnOffTitle', 'turnOffBody', 'turnOff'] as const)
      : kind === 'on'
        ? (['turnOnTitle', 'turnOnBody', 'turnOn'] as const)
        : (['resetTitle', 'resetBody', 'resetPassword'] as const);
  return (
    <Dialog
      title={bo(title, { name: member.name })}
      actionLabel={bo(action)}
      onAction={() => onYes(confirming)}
      secondaryLabel={bo('keep')}
      onSecondary={onNo}
      onDismiss={onNo}
    >
      <p>{bo(body)}</p>
    </Dialog>
  );
}
