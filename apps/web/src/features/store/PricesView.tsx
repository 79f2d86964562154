import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { NewPricesBody, PriceEntryView } from '@crust/contract/menu-admin';
import type { StaffSession } from '@crust/contract/store-console';
import { priceInForce, scopeKey, type PriceScope } from '@crust/domain/catalogue-admin';
import { istFormat, rupees } from '../../shared/format.ts';
import { useSearchParams } from '../../shared/router/index.ts';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { fetchStaff } from './back-office-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import {
  changePrice,
  createPrices,
  fetchChainRules,
  fetchPrices,
  fetchStoreMenu,
  istFields,
  istInstant,
  menuKeys,
  paiseOf,
  removePrice,
  rupeesInput,
  saveChainRules,
} from './menu-api.ts';
import { RefusalNotice, refusalOf, type Refusal } from './MenuRefusal.tsx';
import { mt } from './menu-texts.ts';
import { useCatalogue } from './MenuView.tsx';
import { consoleKeys } from './queries.ts';
import './menu-admin.css';

/** A price list the login may change: `chain`, `city:<id>` or `store:<id>` (the view's `&scope=`). */
interface ScopeChoice {
  key: string;
  label: string;
  scope: PriceScope;
  /** a store of the scope: whose menu lists the products a login without the chain's menu may price */
  storeId: number | null;
  cityId: string;
}

/** A product as the Prices view prices it: its crusts and sizes on sale, with the chain's own price if known. */
interface Priceable {
  code: string;
  name: string;
  variants: { code: string; name: string; basePaise: number | null }[];
}

const when = istFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * The back office's Prices view (`?view=prices`, issue 30 §2): a price list (the chain's, a city's or a store's,
 * within the login's reach), a product, its crusts and sizes' prices in force there and scheduled; an entry added
 * (from now or from a date and time, India time), changed or removed; and the chain admin's switch letting store
 * managers set their own store's prices. The server checks every call again.
 */
export function PricesView({ session }: { session: StaffSession }) {
  const [params, setParams] = useSearchParams();
  const admin = session.staff.may.includes('menu');
  const places = useQuery({
    queryKey: consoleKeys.staff,
    queryFn: ({ signal }) => fetchStaff(signal),
    staleTime: 60_000,
  });
  if (places.isPending) return <Spinner />;
  if (places.isError) return <LoadFailed error={places.error} onRetry={() => void places.refetch()} />;

  const cityName = new Map(places.data.cities.map((c) => [c.id, c.name]));
  const stores = places.data.stores.filter(
    (s) => admin || session.staff.role !== 'MANAGER' || s.id === session.staff.storeId,
  );
  const cities =
    session.staff.role === 'ADMIN'
      ? places.data.cities
      : session.staff.role === 'REGIONAL'
        ? places.data.cities.filter((c) => session.staff.cities.includes(c.id))
        : [];
  const choices: ScopeChoice[] = [
    ...(admin
      ? [
          {
            key: 'chain',
            label: mt('scopeChain'),
            scope: { kind: 'chain' } as const,
            storeId: null,
            cityId: '',
          },
        ]
      : []),
    ...cities.map((c) => ({
      key: `city:${c.id}`,
      label: mt('scopeCity', { name: c.name }),
      scope: { kind: 'city' as const, cityId: c.id },
      storeId: stores.find((s) => s.cityId === c.id)?.id ?? null,
      cityId: c.id,
    })),
    ...stores.map((s) => ({
      key: `store:${s.id}`,
      label: mt('scopeStore', { name: `${s.name}, ${cityName.get(s.cityId) ?? s.cityId}`, id: s.id }),
      scope: { kind: 'store' as const, storeId: s.id },
      storeId: s.id,
      cityId: s.cityId,
    })),
  ];
  if (choices.length === 0) return <p className="sc-notice">{mt('noScopes')}</p>;
  const scope = choices.find((c) => c.key === params.get('scope')) ?? choices[0]!;
  const product = params.get('product') ?? '';
  const pick = (next: { scope?: string; product?: string }) =>
    setParams(
      {
        view: 'prices',
        scope: next.scope ?? scope.key,
        ...((next.product ?? product) ? { product: next.product ?? product } : {}),
      },
      { replace: true },
    );

  return (
    <section className="bo-staff pv" aria-labelledby="pv-heading">
      <h2 id="pv-heading" className="sc-heading">
        {mt('pricesHeading')}
      </h2>
      <p className="sc-muted">{mt('pricesIntro')}</p>
      {admin ? <ChainRulesSwitch /> : null}
      <Picker admin={admin} choices={choices} scope={scope} product={product} onPick={pick} />
    </section>
  );
}

function Picker({
  admin,
  choices,
  scope,
  product,
  onPick,
}: {
  admin: boolean;
  choices: ScopeChoice[];
  scope: ScopeChoice;
  product: string;
  onPick: (next: { scope?: string; product?: string }) => void;
}) {
  const products = usePriceables(admin, scope.storeId);
  const chosen = products.data?.find((p) => p.code === product) ?? null;
  return (
    <>
      <div className="bo-filters pv-pick">
        <SelectField
          className="pv-scope"
          label={mt('scope')}
          value={scope.key}
          onChange={(v) => onPick({ scope: v })}
          options={choices.map((c) => ({ value: c.key, label: c.label }))}
        />
        <SelectField
          className="pv-product"
          label={mt('product')}
          value={chosen?.code ?? ''}
          placeholder={mt('chooseProduct')}
          disabled={!products.data}
          onChange={(v) => onPick({ product: v })}
          options={(products.data ?? []).map((p) => ({ value: p.code, label: `${p.name} · ${p.code}` }))}
        />
      </div>
      {products.isError ? (
        <LoadFailed error={products.error} onRetry={() => void products.refetch()} />
      ) : null}
      {chosen ? (
        <ProductPrices
          key={`${scope.key}-${chosen.code}`}
          scope={scope}
          product={chosen}
          listName={(s) => choices.find((c) => c.key === scopeKey(s))?.label ?? scopeKey(s)}
        />
      ) : null}
    </>
  );
}

/** The products to price: the chain's catalogue for the chain admin, else the scope's store's menu. */
function usePriceables(admin: boolean, storeId: number | null) {
  const catalogue = useCatalogue(admin);
  const menu = useQuery({
    queryKey: menuKeys.storeMenu(storeId ?? 0),
    queryFn: ({ signal }) => fetchStoreMenu(storeId ?? 0, signal),
    enabled: !admin && storeId !== null,
    staleTime: 60_000,
  });
  if (admin) {
    const c = catalogue.data;
    const data: Priceable[] | undefined = c?.products
      .filter((p) => p.status !== 'RETIRED')
      .map((p) => ({
        code: p.code,
        name: p.name,
        variants: p.variants
          .filter((v) => !v.retired)
          .map((v) => ({
            code: v.code,
            name: mt('variantOf', {
              crust: c.crusts.find((x) => x.id === v.crustId)?.name ?? String(v.crustId),
              size: c.sizes.find((x) => x.id === v.sizeId)?.name ?? String(v.sizeId),
            }),
            basePaise: v.pricePaise,
          })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { data, isError: catalogue.isError, error: catalogue.error, refetch: catalogue.refetch };
  }
  const data: Priceable[] | undefined = menu.data?.products
    .map((p) => ({
      code: p.menuCode,
      name: p.name,
      variants: p.variants.map((v) => ({
        code: v.code,
        name: mt('variantOf', { crust: v.crustName, size: v.sizeName }),
        basePaise: null,
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { data, isError: menu.isError, error: menu.error, refetch: menu.refetch };
}

const scopeOf = (e: PriceEntryView): PriceScope =>
  e.storeId !== null
    ? { kind: 'store', storeId: e.storeId }
    : e.cityId !== null
      ? { kind: 'city', cityId: e.cityId }
      : { kind: 'chain' };

const sameScope = (a: PriceScope, b: PriceScope) =>
  a.kind === b.kind &&
  (a.kind !== 'city' || (b.kind === 'city' && a.cityId === b.cityId)) &&
  (a.kind !== 'store' || (b.kind === 'store' && a.storeId === b.storeId));

function ProductPrices({
  scope,
  product,
  listName,
}: {
  scope: ScopeChoice;
  product: Priceable;
  /** a price list's name, as the picker lists it */
  listName: (scope: PriceScope) => string;
}) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<Refusal | null>(null);
  const [editing, setEditing] = useState<PriceEntryView | 'new' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const key = menuKeys.pricesOf(product.code);
  const entries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPrices(product.code, signal),
    staleTime: 0,
  });
  if (entries.isPending) return <Spinner />;
  if (entries.isError) return <LoadFailed error={entries.error} onRetry={() => void entries.refetch()} />;

  // the moment the list was read: what was in force and what was still to come then
  const now = entries.dataUpdatedAt;
  const all = entries.data.map((e) => ({
    ...e,
    scope: scopeOf(e),
    startsAtMs: e.startsAt === null ? null : Date.parse(e.startsAt),
  }));
  const entriesFor = all.map((e) => ({ ...e, startsAt: e.startsAtMs }));
  // the store a price list reaches, as priceInForce reads it: a city's scope reaches none of its stores' own entries
  const where =
    scope.scope.kind === 'store'
      ? { storeId: scope.scope.storeId, cityId: scope.cityId }
      : { storeId: -1, cityId: scope.scope.kind === 'city' ? scope.cityId : '' };
  const here = all.filter((e) => sameScope(e.scope, scope.scope));
  const variantName = (code: string) => product.variants.find((v) => v.code === code)?.name ?? code;

  const remove = (e: PriceEntryView) =>
    void run(
      async () => {
        setProblem(null);
        await removePrice(e.id, e.version);
        await qc.invalidateQueries({ queryKey: key });
      },
      (err) => setProblem(refusalOf(err)),
    );

  return (
    <div className="pv-prices">
      <RefusalNotice
        refusal={problem}
        busy={busy}
        onReload={() => void entries.refetch().then(() => setProblem(null))}
      />
      <div className="bo-table-wrap">
        <table className="bo-table pv-table">
          <caption className="visually-hidden">{product.name}</caption>
          <thead>
            <tr>
              <th scope="col">{mt('colVariant')}</th>
              {product.variants.some((v) => v.basePaise !== null) ? (
                <th scope="col">{mt('colBase')}</th>
              ) : null}
              <th scope="col">{mt('colInForce')}</th>
              <th scope="col">{mt('colScheduled')}</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((v) => {
              const inForce = priceInForce(entriesFor, v.code, where, now);
              const later = here
                .filter((e) => e.variantCode === v.code && e.startsAtMs !== null && e.startsAtMs > now)
                .sort((a, b) => (a.startsAtMs ?? 0) - (b.startsAtMs ?? 0));
              return (
                <tr key={v.code} className="bo-row">
                  <td>{v.name}</td>
                  {v.basePaise !== null ? <td>{rupees(v.basePaise)}</td> : null}
                  <td>
                    {inForce ? (
                      <>
                        <strong>{rupees(inForce.pricePaise)}</strong>{' '}
                        <span className="sc-muted">
                          {mt('fromWhere', { scope: listName(inForce.scope) })}
                        </span>
                      </>
                    ) : v.basePaise !== null ? (
                      <span className="sc-muted">{rupees(v.basePaise)}</span>
                    ) : (
                      mt('noPrice')
                    )}
                  </td>
                  <td>
                    {later.length === 0
                      ? mt('noPrice')
                      : later.map((e) => (
                          <div key={e.id}>
                            {rupees(e.pricePaise)}{' '}
                            <span className="sc-muted">
                              {mt('startsAt', { when: when(e.startsAtMs ?? 0) })}
                            </span>
                          </div>
                        ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="bo-head">
        <h3 id={`${id}-entries`} className="mv-subheading">
          {mt('entriesHeading')}
        </h3>
        {editing === null ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setEditing('new');
              setNote(null);
            }}
          >
            {mt('newEntry')}
          </button>
        ) : null}
      </div>
      <p className="bo-saved" role="status">
        {note ?? ''}
      </p>
      {editing !== null ? (
        <EntryForm
          key={editing === 'new' ? 'new' : editing.id}
          scope={scope}
          product={product}
          entry={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setNote(
                mt('pricesSaved', {
                  when:
                    saved.startsAt === null ? mt('whenNow') : mt('whenLater', { when: when(saved.startsAt) }),
                }),
              );
              void qc.invalidateQueries({ queryKey: key });
              void qc.invalidateQueries({ queryKey: ['console', 'audit'] });
            }
          }}
        />
      ) : null}
      {here.length === 0 ? (
        <p className="sc-muted">{mt('noEntries')}</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table" aria-labelledby={`${id}-entries`}>
            <thead>
              <tr>
                <th scope="col">{mt('colVariant')}</th>
                <th scope="col">{mt('colEntryPrice')}</th>
                <th scope="col">{mt('colEntryRegular')}</th>
                <th scope="col">{mt('colStarts')}</th>
                <th scope="col">{mt('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {here.map((e) => {
                const starts = e.startsAt === null ? mt('atOnce') : when(e.startsAt);
                return (
                  <tr key={e.id} className="bo-row">
                    <td>{variantName(e.variantCode)}</td>
                    <td>{rupees(e.pricePaise)}</td>
                    <td>{rupees(e.regularPricePaise)}</td>
                    <td>{starts}</td>
                    <td>
                      <div className="bo-actions">
                        <button
                          type="button"
                          className="sc-chip-btn"
                          disabled={busy}
                          aria-label={mt('changeEntryLabel', {
                            variant: variantName(e.variantCode),
                            when: starts,
                          })}
                          onClick={() => {
                            setEditing(e);
                            setNote(null);
                          }}
                        >
                          {mt('changeEntry')}
                        </button>
                        <button
                          type="button"
                          className="sc-chip-btn"
                          disabled={busy}
                          aria-label={mt('removeEntryLabel', {
                            variant: variantName(e.variantCode),
                            when: starts,
                          })}
                          onClick={() => remove(e)}
                        >
                          {mt('removeEntry')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const ENTRY_FIELDS = ['variantCode', 'pricePaise', 'regularPricePaise', 'startsAt'];

function EntryForm({
  scope,
  product,
  entry,
  onDone,
}: {
  scope: ScopeChoice;
  product: Priceable;
  entry: PriceEntryView | null;
  onDone: (saved: { startsAt: string | null } | null) => void;
}) {
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const starts = entry?.startsAt ? istFields(entry.startsAt) : { date: '', time: '' };
  const [variant, setVariant] = useState(entry?.variantCode ?? '');
  const [price, setPrice] = useState(entry ? rupeesInput(entry.pricePaise) : '');
  const [regular, setRegular] = useState(entry ? rupeesInput(entry.regularPricePaise) : '');
  const [later, setLater] = useState(entry?.startsAt ? 'later' : 'now');
  const [date, setDate] = useState(starts.date);
  const [time, setTime] = useState(starts.time);
  const [problem, setProblem] = useState<Refusal | null>(null);
  const errorOf = (field: string) =>
    problem && (problem.field === field || problem.field.endsWith(`.${field}`)) ? problem.message : null;
  const general = problem && !ENTRY_FIELDS.some((f) => errorOf(f) !== null) ? problem : null;
  const variantName = (code: string) => product.variants.find((v) => v.code === code)?.name ?? code;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const p = paiseOf(price);
    const r = regular.trim() === '' ? undefined : paiseOf(regular);
    const at = later === 'later' ? istInstant(date, time) : null;
    const local: Refusal | null =
      !entry && variant === ''
        ? { field: 'variantCode', message: mt('choose'), stale: false }
        : p === null
          ? { field: 'pricePaise', message: mt('notAmount'), stale: false }
          : r === null
            ? { field: 'regularPricePaise', message: mt('notAmount'), stale: false }
            : later === 'later' && at === null
              ? { field: 'startsAt', message: mt('needsWhen'), stale: false }
              : null;
    setProblem(local);
    if (local || p === null || r === null) return;
    void run(
      async () => {
        if (entry) {
          const saved = await changePrice(entry.id, {
            version: entry.version,
            pricePaise: p,
            ...(r !== undefined ? { regularPricePaise: r } : {}),
            ...(at !== entry.startsAt ? { startsAt: at } : {}),
          });
          onDone(saved);
          return;
        }
        const codes = variant === '*' ? product.variants.map((v) => v.code) : [variant];
        const body: NewPricesBody = {
          scope:
            scope.scope.kind === 'chain'
              ? { chain: true }
              : scope.scope.kind === 'city'
                ? { cityId: scope.scope.cityId }
                : { storeId: scope.scope.storeId },
          ...(at ? { startsAt: at } : {}),
          entries: codes.map((variantCode) => ({
            variantCode,
            pricePaise: p,
            ...(r !== undefined ? { regularPricePaise: r } : {}),
          })),
        };
        const [saved] = await createPrices(body);
        onDone(saved ?? null);
      },
      (err) => setProblem(refusalOf(err)),
    );
  };

  return (
    <form className="card pe-card pv-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="mv-subheading">
        {entry ? mt('changingEntry', { variant: variantName(entry.variantCode) }) : mt('newEntry')}
      </h4>
      <RefusalNotice refusal={general} busy={busy} onReload={() => onDone(null)} />
      <div className="pe-row">
        {entry ? null : (
          <SelectField
            id={`${id}-variantCode`}
            label={mt('variant')}
            value={variant}
            onChange={setVariant}
            placeholder={mt('choose')}
            options={[
              ...(product.variants.length > 1 ? [{ value: '*', label: mt('allVariants') }] : []),
              ...product.variants.map((v) => ({ value: v.code, label: v.name })),
            ]}
            error={errorOf('variantCode')}
          />
        )}
        <TextField
          id={`${id}-pricePaise`}
          label={mt('price')}
          inputMode="decimal"
          autoComplete="off"
          className="pe-money-field"
          value={price}
          onChange={setPrice}
          error={errorOf('pricePaise')}
        />
        <TextField
          id={`${id}-regularPricePaise`}
          label={mt('regularPrice')}
          hint={mt('regularHint')}
          hintClassName="bo-hint"
          inputMode="decimal"
          autoComplete="off"
          className="pe-money-field"
          value={regular}
          onChange={setRegular}
          error={errorOf('regularPricePaise')}
        />
      </div>
      <RadioGroup
        name={`${id}-starts`}
        legend={mt('starts')}
        value={later}
        onChange={setLater}
        options={[
          { value: 'now', label: mt('startsNow') },
          { value: 'later', label: mt('startsLater') },
        ]}
      />
      {later === 'later' ? (
        <div className="pe-row">
          <TextField
            id={`${id}-startsAt`}
            label={mt('date')}
            type="date"
            value={date}
            onChange={setDate}
            error={errorOf('startsAt')}
          />
          <TextField id={`${id}-time`} label={mt('time')} type="time" value={time} onChange={setTime} />
        </div>
      ) : null}
      <div className="bo-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? mt('working') : entry ? mt('saveEntry') : mt('addEntry')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDone(null)}>
          {mt('cancel')}
        </button>
      </div>
    </form>
  );
}

function ChainRulesSwitch() {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<Refusal | null>(null);
  const rules = useQuery({
    queryKey: menuKeys.chainRules,
    queryFn: ({ signal }) => fetchChainRules(signal),
    staleTime: 0,
  });
  if (!rules.data) return null;
  const flip = () =>
    void run(
      async () => {
        setProblem(null);
        qc.setQueryData(
          menuKeys.chainRules,
          await saveChainRules(rules.data.version, !rules.data.storePrices),
        );
        void qc.invalidateQueries({ queryKey: ['console', 'audit'] });
      },
      (err) => setProblem(refusalOf(err)),
    );
  return (
    <div className="card pe-card pv-rules" aria-labelledby={`${id}-h`} role="group">
      <h3 id={`${id}-h`} className="mv-subheading">
        {mt('rulesHeading')}
      </h3>
      <RefusalNotice
        refusal={problem}
        busy={busy}
        onReload={() => void rules.refetch().then(() => setProblem(null))}
      />
      <button
        type="button"
        role="switch"
        aria-checked={rules.data.storePrices}
        aria-describedby={`${id}-hint`}
        className="sc-switch"
        disabled={busy}
        onClick={flip}
      >
        <span className="sc-switch-track" aria-hidden="true">
          <span className="sc-switch-knob" />
        </span>
        <span>{mt('storePricesSwitch')}</span>
      </button>
      <p id={`${id}-hint`} className="sc-muted bo-hint">
        {mt('storePricesHint')}
      </p>
    </div>
  );
}
