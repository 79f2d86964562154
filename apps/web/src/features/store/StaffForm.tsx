import { useState, type FormEvent } from 'react';
import type { NewStaffBody, StaffChangeBody, StaffList, StaffMember } from '@crust/contract/back-office';
import { isStoreRole, placeProblem, type StaffRole } from '@crust/domain/staff-roles';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { MobileField } from '../../shared/ui/form/MobileField.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import {
  changeStaff,
  createStaff,
  isStale,
  newStaffProblem,
  problemOf,
  staffChangeProblem,
  type FieldProblem,
  type Issued,
} from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { roleText, rolesOffered } from './staff-places.ts';

interface Form {
  username: string;
  name: string;
  role: StaffRole;
  /** the store's id as the select holds it; '' for none */
  storeId: string;
  cities: string[];
  mobile: string;
}

const formOf = (m: StaffMember | null, offered: StaffRole[]): Form => ({
  username: m?.username ?? '',
  name: m?.name ?? '',
  // a new login starts at the least a login may be
  role: m?.role ?? offered.at(-1) ?? 'STAFF',
  storeId: m?.storeId === null || m?.storeId === undefined ? '' : String(m.storeId),
  cities: m?.cities ?? [],
  mobile: m?.mobile ?? '',
});

/** The place the form's role asks for: a store for a store role, cities for a regional manager, neither for admin. */
const placeOf = (f: Form) => ({
  role: f.role,
  storeId: isStoreRole(f.role) && f.storeId !== '' ? Number(f.storeId) : null,
  cities: f.role === 'REGIONAL' ? f.cities : [],
});

/** The fields the form shows (anything else a refusal names goes above the form). */
const FIELDS = ['username', 'name', 'role', 'storeId', 'cities', 'mobile'] as const;

/**
 * A new login (`member` null) or a change to one: name, role, where it works (a store or cities, as the role asks)
 * and mobile. A save names the version the form was opened on; a refusal's field error shows beside its field,
 * anything else above the form, and a save made on an old version offers Reload.
 */
export function StaffForm({
  member,
  list,
  actor,
  onSaved,
  onIssued,
  onCancel,
  reload,
}: {
  member: StaffMember | null;
  list: StaffList;
  actor: StaffRole;
  onSaved: (member: StaffMember) => void;
  onIssued: (issued: Issued) => void;
  onCancel: () => void;
  /** fetches the list again; answers the member as it is now */
  reload: () => Promise<StaffMember | null>;
}) {
  const offered = rolesOffered(actor);
  const [base, setBase] = useState(member);
  const [form, setForm] = useState(() => formOf(member, offered));
  const [problem, setProblem] = useState<(FieldProblem & { stale?: boolean }) | null>(null);
  const { busy, run } = useOneCallAtATime();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem((p) => (p && !p.stale ? null : p));
  };
  // the fields on screen now: a refusal about one that is not (a store for a chain admin) goes above the form
  const shown = FIELDS.filter(
    (f) =>
      (f !== 'username' || !base) &&
      (f !== 'storeId' || isStoreRole(form.role)) &&
      (f !== 'cities' || form.role === 'REGIONAL'),
  );
  const errorOf = (field: (typeof FIELDS)[number]) => (problem?.field === field ? problem.message : null);
  const general = problem && !shown.some((f) => f === problem.field) ? problem : null;
  const roles = base && !offered.includes(base.role) ? [base.role, ...offered] : offered;

  const refused = (err: unknown) => setProblem({ ...problemOf(err, messageOf(err)), stale: isStale(err) });

  /** What the role's place is missing, in the form's own words, before anything is sent. */
  const placeMissing = (): FieldProblem | null => {
    const missing = placeProblem(placeOf(form));
    if (missing === 'storeId') return { field: 'storeId', message: bo('needsStore') };
    if (missing === 'cities') return { field: 'cities', message: bo('needsCities') };
    return null;
  };

  const create = () => {
    const body: NewStaffBody = {
      username: form.username,
      name: form.name,
      ...placeOf(form),
      mobile: form.mobile.trim() === '' ? null : form.mobile.trim(),
    };
    const invalid = newStaffProblem(body) ?? placeMissing();
    setProblem(invalid);
    if (invalid) return;
    void run(async () => onIssued(await createStaff(body)), refused);
  };

  const change = (was: StaffMember) => {
    const place = placeOf(form);
    const mobile = form.mobile.trim() === '' ? null : form.mobile.trim();
    const placeChanged =
      place.role !== was.role || place.storeId !== was.storeId || place.cities.join() !== was.cities.join();
    const body: StaffChangeBody = {
      version: was.version,
      ...(form.name !== was.name ? { name: form.name } : {}),
      ...(mobile !== was.mobile ? { mobile } : {}),
      ...(placeChanged ? place : {}),
    };
    if (Object.keys(body).length === 1) {
      onCancel();
      return;
    }
    const invalid = staffChangeProblem(body) ?? placeMissing();
    setProblem(invalid);
    if (invalid) return;
    void run(async () => onSaved(await changeStaff(was.id, body)), refused);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (base) change(base);
    else create();
  };

  const onReload = () =>
    run(async () => {
      const latest = await reload();
      setProblem(null);
      if (latest) {
        setBase(latest);
        setForm(formOf(latest, offered));
      }
    }, refused);

  const storeOptions = [...list.stores]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({ value: String(s.id), label: bo('storePlace', { name: s.name, id: s.id }) }));

  return (
    <section className="bo-form-wrap" aria-labelledby="bo-form-heading">
      <h2 id="bo-form-heading" className="sc-heading">
        {base ? bo('editHeading', { username: base.username }) : bo('newHeading')}
      </h2>
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
      <form className="bo-form card" onSubmit={onSubmit} noValidate>
        {base ? null : (
          <TextField
            label={bo('username')}
            hint={bo('usernameHint')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={40}
            value={form.username}
            onChange={(v) => set('username', v)}
            error={errorOf('username')}
          />
        )}
        <TextField
          label={bo('name')}
          autoComplete="off"
          maxLength={80}
          value={form.name}
          onChange={(v) => set('name', v)}
          error={errorOf('name')}
        />
        <SelectField
          label={bo('role')}
          value={form.role}
          onChange={(v) => set('role', v as StaffRole)}
          options={roles.map((r) => ({ value: r, label: roleText(r) }))}
          error={errorOf('role')}
        />
        {isStoreRole(form.role) ? (
          <SelectField
            label={bo('store')}
            placeholder={bo('chooseStore')}
            value={form.storeId}
            onChange={(v) => set('storeId', v)}
            options={storeOptions}
            error={errorOf('storeId')}
          />
        ) : null}
        {form.role === 'REGIONAL' ? (
          <fieldset className="bo-cities" aria-describedby={errorOf('cities') ? 'bo-cities-e' : undefined}>
            <legend>{bo('cities')}</legend>
            <div className="bo-city-list">
              {list.cities.map((c) => (
                <Checkbox
                  key={c.id}
                  className="bo-city"
                  label={c.name}
                  checked={form.cities.includes(c.id)}
                  onChange={(on) =>
                    set(
                      'cities',
                      on
                        ? list.cities
                            .filter((x) => x.id === c.id || form.cities.includes(x.id))
                            .map((x) => x.id)
                        : form.cities.filter((x) => x !== c.id),
                    )
                  }
                />
              ))}
            </div>
            <ErrorText id="bo-cities-e" text={errorOf('cities')} />
          </fieldset>
        ) : null}
        {form.role === 'ADMIN' ? <p className="sc-muted">{bo('adminPlace')}</p> : null}
        <MobileField
          label={bo('mobile')}
          value={form.mobile}
          onChange={(v) => set('mobile', v)}
          error={errorOf('mobile')}
        />
        <div className="bo-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? bo('working') : base ? bo('save') : bo('create')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {bo('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
