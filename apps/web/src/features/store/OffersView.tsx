import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type {
  AdminCoupon,
  AdminDeal,
  AdminOffers,
  CouponDraftBody,
  DealDraftBody,
  OfferPreview,
} from '@crust/contract/offers-admin';
import { DELIVERY_TYPES, deliveryTypeLabel } from '@crust/domain/delivery-types';
import { rupees } from '../../shared/format.ts';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import {
  changeCoupon,
  changeDeal,
  createCoupon,
  createDeal,
  fetchOffers,
  isStale,
  moveCoupon,
  moveDeal,
  previewOffer,
  problemOf,
  type FieldProblem,
} from './back-office-api.ts';
import { bo } from './back-office-texts.ts';
import { messageOf } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';

const OFFERS_KEY = ['console', 'offers'] as const;
type Row = { kind: 'COUPON'; offer: AdminCoupon } | { kind: 'EDV'; offer: AdminDeal };
type SortKey = 'code' | 'title' | 'status' | 'uses';
type Editing = { kind: 'COUPON'; offer: AdminCoupon | null } | { kind: 'EDV'; offer: AdminDeal | null };

const IST = '+05:30';
/** An instant as the form's datetime-local in IST ("2025-08-01T00:00"); '' for none. */
export function localOf(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(Date.parse(iso) + 330 * 60_000);
  return d.toISOString().slice(0, 16);
}
/** The form's datetime-local (IST) as ISO with its offset; null for empty. */
export const isoOf = (local: string): string | null => (local === '' ? null : `${local}:00${IST}`);
/** Rupees as typed ("75", "75.50") in paise, or null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}
const rupeeText = (p: number | null) =>
  p === null ? '' : p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2);
const day = (iso: string) => localOf(iso).slice(0, 10);

function validity(o: { validFrom: string | null; validTo: string | null }): string {
  if (o.validFrom && o.validTo) return bo('validBetween', { from: day(o.validFrom), to: day(o.validTo) });
  if (o.validFrom) return bo('validFromOnly', { from: day(o.validFrom) });
  if (o.validTo) return bo('validToOnly', { to: day(o.validTo) });
  return bo('always');
}

/**
 * The back office's Offers view (`?view=offers`, issue 30 §3; chain admins): coupons and deals in a table that
 * sorts and filters, a form for each (every condition the cart enforces), a preview on a sample cart priced by
 * the server as the customer's cart would be, and Publish and Retire, each confirmed first.
 */
export function OffersView() {
  const query = useQuery({ queryKey: OFFERS_KEY, queryFn: ({ signal }) => fetchOffers(signal) });
  const [editing, setEditing] = useState<Editing | null>(null);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <section className="bo-offers" aria-labelledby="bo-offers-heading">
      <h2 id="bo-offers-heading" className="sc-heading">
        {bo('offersHeading')}
      </h2>
      <p className="sc-muted">{bo('offersIntro')}</p>
      <div className="bo-offer-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEditing({ kind: 'COUPON', offer: null })}
        >
          {bo('newCoupon')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setEditing({ kind: 'EDV', offer: null })}
        >
          {bo('newDeal')}
        </button>
      </div>
      {editing ? (
        <OfferEditor
          key={editing.offer ? `${editing.kind}-${editing.offer.code}` : `new-${editing.kind}`}
          editing={editing}
          data={data}
          onClose={() => setEditing(null)}
          onSaved={(next) => setEditing(next)}
        />
      ) : null}
      <OfferTable data={data} onEdit={setEditing} />
    </section>
  );
}

function OfferTable({ data, onEdit }: { data: AdminOffers; onEdit: (e: Editing) => void }) {
  const [find, setFind] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; up: boolean }>({ key: 'code', up: true });
  const rows: Row[] = [
    ...data.coupons.map((offer) => ({ kind: 'COUPON' as const, offer })),
    ...data.deals.map((offer) => ({ kind: 'EDV' as const, offer })),
  ];
  const needle = find.trim().toLowerCase();
  const shown = rows
    .filter((r) => status === '' || r.offer.status === status)
    .filter((r) => needle === '' || `${r.offer.code} ${r.offer.title}`.toLowerCase().includes(needle))
    .sort((a, b) => {
      const key = sort.key;
      const va = key === 'uses' ? (a.offer.uses ?? -1) : a.offer[key];
      const vb = key === 'uses' ? (b.offer.uses ?? -1) : b.offer[key];
      const order =
        typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
      return sort.up ? order : -order;
    });
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.up ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="bo-sort"
        aria-label={bo('sortBy', { column: label })}
        onClick={() => setSort((s) => ({ key, up: s.key === key ? !s.up : true }))}
      >
        {label}
        {sort.key === key ? (sort.up ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  return (
    <div className="bo-offer-list">
      <div className="bo-filters">
        <TextField
          label={bo('offerFind')}
          placeholder={bo('offerFindHint')}
          value={find}
          onChange={setFind}
        />
        <SelectField
          label={bo('offerStatusFilter')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: bo('allStatuses') },
            { value: 'DRAFT', label: bo('status_DRAFT') },
            { value: 'PUBLISHED', label: bo('status_PUBLISHED') },
            { value: 'RETIRED', label: bo('status_RETIRED') },
          ]}
        />
      </div>
      <p className="sc-muted" aria-live="polite">
        {bo('offersShown', { count: shown.length, total: rows.length })}
      </p>
      {shown.length === 0 ? (
        <p>{bo('noOfferMatches')}</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{bo('colKind')}</th>
                {header('code', bo('colCode'))}
                {header('title', bo('colTitle'))}
                {header('status', bo('colStatus'))}
                <th scope="col">{bo('colValidity')}</th>
                {header('uses', bo('colUses'))}
                <th scope="col">{bo('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={`${r.kind}-${r.offer.code}`}>
                  <td>{bo(`kind_${r.kind}`)}</td>
                  <td>
                    <code>{r.offer.code}</code>
                  </td>
                  <td>{r.offer.title}</td>
                  <td>
                    <span className={`bo-badge bo-badge-${r.offer.status.toLowerCase()}`}>
                      {bo(`status_${r.offer.status}`)}
                    </span>
                  </td>
                  <td>{validity(r.offer)}</td>
                  <td>{r.offer.uses ?? '—'}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      aria-label={`${bo('edit')} ${r.offer.code}`}
                      onClick={() =>
                        onEdit(
                          r.kind === 'COUPON'
                            ? { kind: 'COUPON', offer: r.offer }
                            : { kind: 'EDV', offer: r.offer },
                        )
                      }
                    >
                      {bo('edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The form as typed: amounts in rupees, moments in IST, lists as chosen. */
interface CouponForm {
  code: string;
  title: string;
  description: string;
  ruleKind: 'FLAT' | 'PERCENT' | 'FREE_ITEM' | 'BOGO';
  amount: string;
  percent: string;
  cap: string;
  minOrder: string;
  validFrom: string;
  validTo: string;
  storeIds: number[];
  cityIds: string[];
  orderTypes: string[];
  pay: string[];
  bank: string;
  bins: string;
  firstOrderOnly: boolean;
  staff: boolean;
  hidden: boolean;
  perCustomer: string;
  total: string;
}

function couponFormOf(c: AdminCoupon | null): CouponForm {
  const rule = c?.rule;
  return {
    code: c?.code ?? '',
    title: c?.title ?? '',
    description: c?.description ?? '',
    ruleKind: rule?.kind ?? 'FLAT',
    amount: rule?.kind === 'FLAT' ? rupeeText(rule.amount) : '',
    percent: rule?.kind === 'PERCENT' ? String(rule.percent) : '',
    cap: rule?.kind === 'PERCENT' ? rupeeText(rule.cap) : '',
    minOrder: rupeeText(c?.minOrderPaise ?? 0),
    validFrom: localOf(c?.validFrom ?? null),
    validTo: localOf(c?.validTo ?? null),
    storeIds: c?.storeIds ?? [],
    cityIds: c?.cityIds ?? [],
    orderTypes: c?.orderTypes ?? [],
    pay: c?.paymentOptions ?? [],
    bank: c?.cardIssuer ?? '',
    bins: (c?.cardBins ?? []).join(', '),
    firstOrderOnly: c?.firstOrderOnly ?? false,
    staff: c?.audience === 'STAFF',
    hidden: c?.hidden ?? false,
    perCustomer: c?.perCustomerLimit === null || c === null ? '' : String(c.perCustomerLimit),
    total: c?.totalLimit === null || c === null ? '' : String(c.totalLimit),
  };
}

const listOrNull = <T,>(xs: T[]): T[] | null => (xs.length === 0 ? null : xs);
const countOf = (text: string): number | null | 'bad' =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : 'bad';

/** The body a coupon form sends, or the first field it cannot send. */
export function couponBodyOf(f: CouponForm, was: AdminCoupon | null): CouponDraftBody | FieldProblem {
  let rule: CouponDraftBody['rule'];
  if (f.ruleKind === 'FLAT') {
    const amount = paiseOf(f.amount);
    if (amount === null) return { field: 'rule.amount', message: bo('notRupees') };
    rule = { kind: 'FLAT', amount };
  } else if (f.ruleKind === 'PERCENT') {
    const percent = countOf(f.percent);
    if (percent === null || percent === 'bad') return { field: 'rule.percent', message: bo('notWhole') };
    const cap = f.cap.trim() === '' ? null : paiseOf(f.cap);
    if (cap === null && f.cap.trim() !== '') return { field: 'rule.cap', message: bo('notRupees') };
    rule = { kind: 'PERCENT', percent, cap };
  } else if (was) rule = was.rule;
  else return { field: 'rule.amount', message: bo('notRupees') };
  const minOrder = paiseOf(f.minOrder === '' ? '0' : f.minOrder);
  if (minOrder === null) return { field: 'minOrderPaise', message: bo('notRupees') };
  const perCustomer = countOf(f.perCustomer);
  if (perCustomer === 'bad') return { field: 'perCustomerLimit', message: bo('notWhole') };
  const total = countOf(f.total);
  if (total === 'bad') return { field: 'totalLimit', message: bo('notWhole') };
  const bins = f.bins
    .split(/[\s,]+/)
    .map((b) => b.trim())
    .filter(Boolean);
  return {
    code: f.code.trim().toUpperCase(),
    title: f.title,
    description: f.description,
    rule,
    minOrderPaise: minOrder,
    orderTypes: listOrNull(f.orderTypes),
    storeIds: listOrNull(f.storeIds),
    cityIds: listOrNull(f.cityIds),
    days: was?.days ?? null,
    hoursFrom: was?.hoursFrom ?? null,
    hoursTo: was?.hoursTo ?? null,
    firstOrderOnly: f.firstOrderOnly,
    perCustomerLimit: perCustomer,
    totalLimit: total,
    paymentOptions: listOrNull(f.pay),
    cardIssuer: f.bank.trim() === '' ? null : f.bank.trim(),
    cardBins: listOrNull(bins),
    audience: f.staff ? 'STAFF' : 'ALL',
    hidden: f.hidden,
    validFrom: isoOf(f.validFrom),
    validTo: isoOf(f.validTo),
    terms: was?.terms ?? [],
  };
}

interface DealForm {
  code: string;
  title: string;
  description: string;
  groupSize: string;
  prices: Record<number, string>;
  productTypes: string[];
  storeIds: number[];
  cityIds: string[];
  validFrom: string;
  validTo: string;
}

function dealFormOf(d: AdminDeal | null): DealForm {
  return {
    code: d?.code ?? '',
    title: d?.title ?? '',
    description: d?.description ?? '',
    groupSize: String(d?.groupSize ?? 2),
    prices: Object.fromEntries((d?.prices ?? []).map((p) => [p.sizeId, rupeeText(p.price)])),
    productTypes: d?.productTypes ?? ['PIZZA'],
    storeIds: d?.storeIds ?? [],
    cityIds: d?.cityIds ?? [],
    validFrom: localOf(d?.validFrom ?? null),
    validTo: localOf(d?.validTo ?? null),
  };
}

export function dealBodyOf(f: DealForm, was: AdminDeal | null): DealDraftBody | FieldProblem {
  const groupSize = countOf(f.groupSize);
  if (groupSize === null || groupSize === 'bad') return { field: 'groupSize', message: bo('notWhole') };
  const prices: { sizeId: number; price: number }[] = [];
  for (const [size, text] of Object.entries(f.prices)) {
    if (text.trim() === '') continue;
    const price = paiseOf(text);
    if (price === null) return { field: 'prices', message: bo('notRupees') };
    prices.push({ sizeId: Number(size), price });
  }
  return {
    code: f.code.trim().toUpperCase(),
    title: f.title,
    description: f.description,
    groupSize,
    prices,
    productTypes: f.productTypes,
    crustIds: was?.crustIds ?? null,
    productCodes: was?.productCodes ?? null,
    storeIds: listOrNull(f.storeIds),
    cityIds: listOrNull(f.cityIds),
    validFrom: isoOf(f.validFrom),
    validTo: isoOf(f.validTo),
    terms: was?.terms ?? [],
  };
}

/** The kinds a coupon's form offers: an amount or a percentage, and a free-item or BOGO rule it already has. */
function ruleKinds(editing: Editing): CouponForm['ruleKind'][] {
  const kind = editing.kind === 'COUPON' ? editing.offer?.rule.kind : undefined;
  return kind === 'FREE_ITEM' || kind === 'BOGO' ? ['FLAT', 'PERCENT', kind] : ['FLAT', 'PERCENT'];
}

const isProblem = (x: object): x is FieldProblem => 'field' in x && 'message' in x && !('code' in x);

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
}

function Choices<T extends string | number>({
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="bo-choices" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="bo-choice-grid">
        {options.map((o) => (
          <Checkbox
            key={String(o.value)}
            label={o.label}
            checked={chosen.includes(o.value)}
            onChange={(on) => onChange(toggle(chosen, o.value, on))}
          />
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function OfferEditor({
  editing,
  data,
  onClose,
  onSaved,
}: {
  editing: Editing;
  data: AdminOffers;
  onClose: () => void;
  onSaved: (next: Editing) => void;
}) {
  const qc = useQueryClient();
  const { busy, run } = useOneCallAtATime();
  const [coupon, setCoupon] = useState(() => couponFormOf(editing.kind === 'COUPON' ? editing.offer : null));
  const [deal, setDeal] = useState(() => dealFormOf(editing.kind === 'EDV' ? editing.offer : null));
  const [problem, setProblem] = useState<(FieldProblem & { stale?: boolean }) | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'PUBLISHED' | 'RETIRED' | null>(null);
  const offer = editing.offer;
  const retired = offer?.status === 'RETIRED';
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);

  const refused = (err: unknown) => setProblem({ ...problemOf(err, messageOf(err)), stale: isStale(err) });
  const settle = (next: Editing, text: string) => {
    void qc.invalidateQueries({ queryKey: OFFERS_KEY });
    setProblem(null);
    setNote(text);
    setConfirming(null);
    onSaved(next);
  };

  const body = (): CouponDraftBody | DealDraftBody | FieldProblem =>
    editing.kind === 'COUPON' ? couponBodyOf(coupon, editing.offer) : dealBodyOf(deal, editing.offer);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const made = body();
    if (isProblem(made)) return setProblem(made);
    setNote(null);
    void run(async () => {
      if (editing.kind === 'COUPON') {
        const b = made as CouponDraftBody;
        const { code: _code, ...fields } = b;
        const saved = editing.offer
          ? await changeCoupon(editing.offer.code, { ...fields, version: editing.offer.version })
          : await createCoupon(b);
        settle({ kind: 'COUPON', offer: saved }, bo('savedOffer'));
      } else {
        const b = made as DealDraftBody;
        const saved = editing.offer
          ? await changeDeal(editing.offer.id, { ...b, version: editing.offer.version })
          : await createDeal(b);
        settle({ kind: 'EDV', offer: saved }, bo('savedOffer'));
      }
    }, refused);
  };

  const move = (status: 'PUBLISHED' | 'RETIRED') =>
    void run(async () => {
      if (!editing.offer) return;
      const text = status === 'PUBLISHED' ? bo('publishedOffer') : bo('retiredOffer');
      if (editing.kind === 'COUPON')
        settle(
          { kind: 'COUPON', offer: await moveCoupon(editing.offer.code, editing.offer.version, status) },
          text,
        );
      else
        settle({ kind: 'EDV', offer: await moveDeal(editing.offer.id, editing.offer.version, status) }, text);
    }, refused);

  const title =
    editing.kind === 'COUPON'
      ? offer
        ? bo('couponFormEdit', { code: offer.code })
        : bo('couponFormNew')
      : offer
        ? bo('dealFormEdit', { code: offer.code })
        : bo('dealFormNew');
  const stores = data.stores.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }));
  const cities = data.cities.map((c) => ({ value: c.id, label: c.name }));
  const setC = <K extends keyof CouponForm>(k: K, v: CouponForm[K]) => setCoupon((f) => ({ ...f, [k]: v }));
  const setD = <K extends keyof DealForm>(k: K, v: DealForm[K]) => setDeal((f) => ({ ...f, [k]: v }));
  const general = problem && !['', undefined].includes(problem.field) ? null : problem;

  return (
    <div className="bo-offer-editor card">
      <div className="bo-offer-editor-head">
        <h3 className="bo-settings-title">
          {title}{' '}
          {offer ? (
            <span className={`bo-badge bo-badge-${offer.status.toLowerCase()}`}>
              {bo(`status_${offer.status}`)}
            </span>
          ) : null}
        </h3>
        <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          {bo('closeForm')}
        </button>
      </div>
      {general ? (
        <div className="sc-notice bo-problem" role="alert">
          <span>{general.message}</span>
        </div>
      ) : null}
      {note ? (
        <p className="bo-note" role="status">
          {note}
        </p>
      ) : null}
      <div className="bo-offer-columns">
        <form className="bo-offer-form" onSubmit={onSubmit} noValidate>
          <fieldset disabled={retired || busy} className="bo-offer-fields">
            {editing.kind === 'COUPON' ? (
              <>
                <TextField
                  label={bo('offerCode')}
                  hint={bo('offerCodeHint')}
                  value={coupon.code}
                  readOnly={offer !== null}
                  maxLength={20}
                  onChange={(v) => setC('code', v.toUpperCase())}
                  error={errorOf('code')}
                />
                <TextField
                  label={bo('offerTitle')}
                  value={coupon.title}
                  maxLength={80}
                  onChange={(v) => setC('title', v)}
                  error={errorOf('title')}
                />
                <TextField
                  label={bo('offerDescription')}
                  value={coupon.description}
                  maxLength={300}
                  onChange={(v) => setC('description', v)}
                  error={errorOf('description')}
                />
                <fieldset className="bo-group">
                  <legend>{bo('groupRule')}</legend>
                  <SelectField
                    label={bo('ruleKind')}
                    value={coupon.ruleKind}
                    onChange={(v) => setC('ruleKind', v as CouponForm['ruleKind'])}
                    options={ruleKinds(editing).map((k) => ({ value: k, label: bo(`rule_${k}`) }))}
                  />
                  {coupon.ruleKind === 'FLAT' ? (
                    <TextField
                      label={bo('amountRupees')}
                      inputMode="decimal"
                      value={coupon.amount}
                      onChange={(v) => setC('amount', v)}
                      error={errorOf('rule.amount')}
                    />
                  ) : coupon.ruleKind === 'PERCENT' ? (
                    <div className="bo-pair">
                      <TextField
                        label={bo('percent')}
                        inputMode="numeric"
                        value={coupon.percent}
                        onChange={(v) => setC('percent', v)}
                        error={errorOf('rule.percent')}
                      />
                      <TextField
                        label={bo('capRupees')}
                        inputMode="decimal"
                        value={coupon.cap}
                        onChange={(v) => setC('cap', v)}
                        error={errorOf('rule.cap')}
                      />
                    </div>
                  ) : null}
                  <TextField
                    label={bo('minOrderRupees')}
                    inputMode="decimal"
                    value={coupon.minOrder}
                    onChange={(v) => setC('minOrder', v)}
                    error={errorOf('minOrderPaise')}
                  />
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupWhen')}</legend>
                  <div className="bo-pair">
                    <TextField
                      label={bo('validFrom')}
                      type="datetime-local"
                      value={coupon.validFrom}
                      onChange={(v) => setC('validFrom', v)}
                      error={errorOf('validFrom')}
                    />
                    <TextField
                      label={bo('validTo')}
                      type="datetime-local"
                      value={coupon.validTo}
                      onChange={(v) => setC('validTo', v)}
                      error={errorOf('validTo')}
                    />
                  </div>
                  <p className="sc-muted bo-hint">{bo('windowHint')}</p>
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupWhere')}</legend>
                  <p className="sc-muted bo-hint">{bo('everyStore')}</p>
                  <Choices
                    legend={bo('storesLabel')}
                    options={stores}
                    chosen={coupon.storeIds}
                    onChange={(v) => setC('storeIds', v)}
                    error={errorOf('storeIds')}
                  />
                  <Choices
                    legend={bo('citiesLabel')}
                    options={cities}
                    chosen={coupon.cityIds}
                    onChange={(v) => setC('cityIds', v)}
                    error={errorOf('cityIds')}
                  />
                  <Choices
                    legend={bo('orderTypesLabel')}
                    options={DELIVERY_TYPES.map((t) => ({ value: t, label: deliveryTypeLabel(t) }))}
                    chosen={coupon.orderTypes}
                    onChange={(v) => setC('orderTypes', v)}
                    error={errorOf('orderTypes')}
                  />
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupOfferPay')}</legend>
                  <Choices
                    legend={bo('payLabel')}
                    options={data.paymentOptions.map((p) => ({ value: p.code, label: p.name }))}
                    chosen={coupon.pay}
                    onChange={(v) => setC('pay', v)}
                    error={errorOf('paymentOptions')}
                  />
                  <div className="bo-pair">
                    <TextField
                      label={bo('bankName')}
                      value={coupon.bank}
                      maxLength={80}
                      onChange={(v) => setC('bank', v)}
                      error={errorOf('cardIssuer')}
                    />
                    <TextField
                      label={bo('bankBins')}
                      hint={bo('bankBinsHint')}
                      value={coupon.bins}
                      onChange={(v) => setC('bins', v)}
                      error={errorOf('cardBins')}
                    />
                  </div>
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupWho')}</legend>
                  <Checkbox
                    label={bo('firstOrder')}
                    checked={coupon.firstOrderOnly}
                    onChange={(v) => setC('firstOrderOnly', v)}
                  />
                  <Checkbox
                    label={bo('staffOnly')}
                    checked={coupon.staff}
                    onChange={(v) => setC('staff', v)}
                  />
                  <Checkbox
                    label={bo('hiddenOffer')}
                    checked={coupon.hidden}
                    onChange={(v) => setC('hidden', v)}
                  />
                  <div className="bo-pair">
                    <TextField
                      label={bo('perCustomer')}
                      hint={bo('limitHint')}
                      inputMode="numeric"
                      value={coupon.perCustomer}
                      onChange={(v) => setC('perCustomer', v)}
                      error={errorOf('perCustomerLimit')}
                    />
                    <TextField
                      label={bo('totalUses')}
                      hint={bo('limitHint')}
                      inputMode="numeric"
                      value={coupon.total}
                      onChange={(v) => setC('total', v)}
                      error={errorOf('totalLimit')}
                    />
                  </div>
                </fieldset>
              </>
            ) : (
              <>
                <TextField
                  label={bo('offerCode')}
                  value={deal.code}
                  maxLength={20}
                  onChange={(v) => setD('code', v.toUpperCase())}
                  error={errorOf('code')}
                />
                <TextField
                  label={bo('offerTitle')}
                  value={deal.title}
                  maxLength={80}
                  onChange={(v) => setD('title', v)}
                  error={errorOf('title')}
                />
                <TextField
                  label={bo('offerDescription')}
                  value={deal.description}
                  maxLength={300}
                  onChange={(v) => setD('description', v)}
                  error={errorOf('description')}
                />
                <fieldset className="bo-group">
                  <legend>{bo('groupRule')}</legend>
                  <TextField
                    label={bo('groupSize')}
                    inputMode="numeric"
                    value={deal.groupSize}
                    onChange={(v) => setD('groupSize', v)}
                    error={errorOf('groupSize')}
                  />
                  <fieldset className="bo-choices" aria-invalid={errorOf('prices') ? true : undefined}>
                    <legend>{bo('dealPrices')}</legend>
                    <div className="bo-choice-grid">
                      {data.sizes.map((s) => (
                        <TextField
                          key={s.id}
                          label={s.name}
                          inputMode="decimal"
                          value={deal.prices[s.id] ?? ''}
                          onChange={(v) => setD('prices', { ...deal.prices, [s.id]: v })}
                        />
                      ))}
                    </div>
                    {errorOf('prices') ? (
                      <p className="field-error" role="alert">
                        {errorOf('prices')}
                      </p>
                    ) : null}
                  </fieldset>
                  <Choices
                    legend={bo('productTypesLabel')}
                    options={[...new Set(data.products.map((p) => p.productType))].map((t) => ({
                      value: t,
                      label: t,
                    }))}
                    chosen={deal.productTypes}
                    onChange={(v) => setD('productTypes', v)}
                    error={errorOf('productTypes')}
                  />
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupWhen')}</legend>
                  <div className="bo-pair">
                    <TextField
                      label={bo('validFrom')}
                      type="datetime-local"
                      value={deal.validFrom}
                      onChange={(v) => setD('validFrom', v)}
                      error={errorOf('validFrom')}
                    />
                    <TextField
                      label={bo('validTo')}
                      type="datetime-local"
                      value={deal.validTo}
                      onChange={(v) => setD('validTo', v)}
                      error={errorOf('validTo')}
                    />
                  </div>
                </fieldset>
                <fieldset className="bo-group">
                  <legend>{bo('groupWhere')}</legend>
                  <Choices
                    legend={bo('storesLabel')}
                    options={stores}
                    chosen={deal.storeIds}
                    onChange={(v) => setD('storeIds', v)}
                    error={errorOf('storeIds')}
                  />
                  <Choices
                    legend={bo('citiesLabel')}
                    options={cities}
                    chosen={deal.cityIds}
                    onChange={(v) => setD('cityIds', v)}
                    error={errorOf('cityIds')}
                  />
                </fieldset>
              </>
            )}
          </fieldset>
          {!retired ? (
            <div className="bo-offer-buttons">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {bo('saveDraft')}
              </button>
              {offer?.status === 'DRAFT' ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => setConfirming('PUBLISHED')}
                >
                  {bo('publish')}
                </button>
              ) : null}
              {offer ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => setConfirming('RETIRED')}
                >
                  {bo('retire')}
                </button>
              ) : null}
            </div>
          ) : null}
          {confirming && offer ? (
            <div
              className="sc-notice bo-confirm"
              role="alertdialog"
              aria-label={bo(confirming === 'PUBLISHED' ? 'publish' : 'retire')}
            >
              <p>
                {bo(confirming === 'PUBLISHED' ? 'publishConfirm' : 'retireConfirm', { code: offer.code })}
              </p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => move(confirming)}
              >
                {bo(confirming === 'PUBLISHED' ? 'yesPublish' : 'yesRetire')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
                {bo('keepOffer')}
              </button>
            </div>
          ) : null}
        </form>
        <PreviewPanel data={data} offerBody={body} onProblem={setProblem} />
      </div>
    </div>
  );
}

interface SampleLine {
  product: string;
  size: string;
  qty: string;
}

function PreviewPanel({
  data,
  offerBody,
  onProblem,
}: {
  data: AdminOffers;
  offerBody: () => CouponDraftBody | DealDraftBody | FieldProblem;
  onProblem: (p: FieldProblem | null) => void;
}) {
  const { busy, run } = useOneCallAtATime();
  const [store, setStore] = useState(String(data.stores[0]?.id ?? ''));
  const [type, setType] = useState('D');
  const [pay, setPay] = useState('');
  const [first, setFirst] = useState(false);
  const [lines, setLines] = useState<SampleLine[]>([
    { product: '', size: '', qty: '1' },
    { product: '', size: '', qty: '1' },
    { product: '', size: '', qty: '1' },
  ]);
  const [result, setResult] = useState<OfferPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const products = data.products.filter((p) => p.variants.length > 0);
  const sizeName = (id: number) => data.sizes.find((s) => s.id === id)?.name ?? String(id);

  const setLine = (i: number, patch: Partial<SampleLine>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const onPreview = () => {
    const made = offerBody();
    if (isProblem(made)) return onProblem(made);
    const chosen = lines.flatMap((l) => {
      const p = products.find((x) => x.code === l.product);
      const v = p?.variants.find((x) => String(x.sizeId) === l.size) ?? p?.variants[0];
      return p && v
        ? [
            {
              productCode: p.code,
              crustId: v.crustId,
              sizeId: v.sizeId,
              quantity: Math.max(1, Number(l.qty) || 1),
            },
          ]
        : [];
    });
    const offer =
      'groupSize' in made ? { kind: 'EDV' as const, deal: made } : { kind: 'COUPON' as const, coupon: made };
    void run(
      async () => {
        setFailure(null);
        onProblem(null);
        setResult(
          await previewOffer({
            offer,
            cart: {
              storeId: Number(store),
              deliveryType: type as (typeof DELIVERY_TYPES)[number],
              paymentMethod: pay === '' ? null : pay,
              firstOrder: first,
              lines: chosen,
            },
          }),
        );
      },
      (err) => {
        setResult(null);
        const p = problemOf(err, messageOf(err));
        if (p.field.startsWith('offer.'))
          onProblem({ field: p.field.replace(/^offer\.(coupon|deal)\./, ''), message: p.message });
        else setFailure(p.message);
      },
    );
  };

  return (
    <aside className="bo-preview" aria-labelledby="bo-preview-heading">
      <h4 id="bo-preview-heading">{bo('previewHeading')}</h4>
      <p className="sc-muted bo-hint">{bo('previewIntro')}</p>
      <SelectField
        label={bo('previewStore')}
        value={store}
        onChange={setStore}
        options={data.stores.map((s) => ({ value: String(s.id), label: `${s.name} (${s.id})` }))}
      />
      <SelectField
        label={bo('previewType')}
        value={type}
        onChange={setType}
        options={DELIVERY_TYPES.filter((t) => t !== 'IRCTC').map((t) => ({
          value: t,
          label: deliveryTypeLabel(t),
        }))}
      />
      <SelectField
        label={bo('previewPay')}
        value={pay}
        onChange={setPay}
        options={[
          { value: '', label: bo('previewNotChosen') },
          ...data.paymentOptions.map((p) => ({ value: p.code, label: p.name })),
        ]}
      />
      <Checkbox label={bo('previewFirst')} checked={first} onChange={setFirst} />
      {lines.map((l, i) => {
        const p = products.find((x) => x.code === l.product);
        return (
          <div key={i} className="bo-sample-line">
            <SelectField
              label={bo('previewProduct', { n: i + 1 })}
              value={l.product}
              onChange={(v) => setLine(i, { product: v, size: '' })}
              options={[
                { value: '', label: bo('previewNone') },
                ...products.map((x) => ({ value: x.code, label: x.name })),
              ]}
            />
            <SelectField
              label={bo('previewSize')}
              value={l.size}
              onChange={(v) => setLine(i, { size: v })}
              options={[...new Set((p?.variants ?? []).map((v) => v.sizeId))].map((id) => ({
                value: String(id),
                label: sizeName(id),
              }))}
            />
            <TextField
              label={bo('previewQty')}
              inputMode="numeric"
              value={l.qty}
              onChange={(v) => setLine(i, { qty: v })}
            />
          </div>
        );
      })}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={onPreview}>
        {bo('previewRun')}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      {result ? (
        <div className="bo-preview-result" role="status">
          <p className={result.applies ? 'bo-ok' : 'bo-refused'}>
            <strong>
              {result.applies
                ? bo('previewApplies', { discount: rupees(result.cart.appliedPromo?.discount ?? 0) })
                : bo('previewRefused', { text: result.refusal ?? '' })}
            </strong>
          </p>
          {result.paymentRefusal ? (
            <p className="bo-refused">{bo('previewPayRefused', { text: result.paymentRefusal })}</p>
          ) : null}
          <ul className="bo-preview-lines">
            {result.cart.validItems.map((it) => (
              <li key={it.itemId}>
                {bo('previewLine', {
                  qty: it.quantity,
                  name: it.product.name,
                  size: it.sizeName,
                  amount: rupees(it.totalPriceAfterDiscount),
                })}
              </li>
            ))}
          </ul>
          <p>{bo('previewItems', { amount: rupees(result.cart.displayPrice) })}</p>
          <p>{bo('previewDiscount', { amount: rupees(result.cart.appliedPromo?.discount ?? 0) })}</p>
          <p>
            <strong>{bo('previewTotal', { amount: rupees(result.cart.price) })}</strong>
          </p>
        </div>
      ) : null}
    </aside>
  );
}
