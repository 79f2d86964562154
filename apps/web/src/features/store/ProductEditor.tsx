import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type {
  AdminCatalogue,
  AdminNutrition,
  AdminProduct,
  AdminVariant,
  StoreAvailability,
} from '@crust/contract/menu-admin';
import type { StaffSession } from '@crust/contract/store-console';
import {
  FSSAI_ALLERGENS,
  mayMoveProduct,
  NUTRIENTS,
  type AllergenCode,
  type NutrientKey,
  type ProductStatus,
} from '@crust/domain/catalogue-admin';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextAreaField, TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { LoadFailed } from './LoadFailed.tsx';
import {
  addVariant,
  changeProduct,
  changeVariant,
  createProduct,
  fetchAvailability,
  GST_RATES,
  menuKeys,
  moveProduct,
  paiseOf,
  rupeesInput,
  setAvailability,
  setNutrition,
  uploadPhoto,
} from './menu-api.ts';
import { mt } from './menu-texts.ts';
import { RefusalNotice, refusalOf, type Refusal } from './MenuRefusal.tsx';

const PRODUCT_TYPES = [
  ['PIZZA', 'Pizza'],
  ['PIZZA_MANIA', 'Pizza Mania'],
  ['SIDES', 'Side'],
  ['SIDECOMBOS', 'Combo'],
  ['BEVERAGE', 'Drink'],
  ['DESSERT', 'Dessert'],
  ['CHICKEN', 'Chicken'],
  ['PASTA', 'Pasta'],
] as const;
type ProductType = AdminProduct['productType'];

/** Puts a saved product into the catalogue the views read, as the server answered it. */
function keep(qc: QueryClient, product: AdminProduct): void {
  qc.setQueryData<AdminCatalogue>(menuKeys.catalogue, (c) =>
    c
      ? {
          ...c,
          products: c.products.some((p) => p.code === product.code)
            ? c.products.map((p) => (p.code === product.code ? product : p))
            : [...c.products, product],
        }
      : c,
  );
  void qc.invalidateQueries({ queryKey: ['console', 'audit'] });
}

/**
 * The product editor (`?view=menu&product=<code>` or `new`): its details, status (Publish, Hide, Retire, with the
 * server's reason when publishing is refused), photo, crusts and sizes with their prices, nutrition and allergens
 * per size sold, and the stores that sell it. Each part saves on its own, on the version it was read at.
 */
export function ProductEditor({
  code,
  catalogue,
  session,
  onOpen,
  onClose,
}: {
  code: string | null;
  catalogue: AdminCatalogue;
  session: StaffSession;
  onOpen: (code: string) => void;
  onClose: () => void;
}) {
  const product = code ? catalogue.products.find((p) => p.code === code) : undefined;
  return (
    <section className="pe" aria-labelledby="pe-heading">
      <div className="bo-head">
        <button type="button" className="sc-link-btn" onClick={onClose}>
          {mt('backToProducts')}
        </button>
      </div>
      <h2 id="pe-heading" className="sc-heading">
        {product ? mt('editHeading', { name: product.name, code: product.code }) : mt('newHeading')}
      </h2>
      {code && !product ? (
        <p className="sc-notice" role="alert">
          {mt('noneMatch')}
        </p>
      ) : (
        <div className="pe-grid">
          <div className="pe-col">
            <DetailsForm product={product ?? null} catalogue={catalogue} onCreated={onOpen} />
            {product ? <VariantsCard product={product} catalogue={catalogue} /> : null}
            {product ? <NutritionCard product={product} catalogue={catalogue} /> : null}
          </div>
          <div className="pe-col">
            {product ? <StatusCard product={product} /> : null}
            {product ? <PhotoCard product={product} /> : null}
            {product && session.staff.may.includes('prices') ? <AvailabilityCard product={product} /> : null}
          </div>
        </div>
      )}
    </section>
  );
}

// ---- details

interface Details {
  code: string;
  name: string;
  description: string;
  productType: ProductType;
  foodType: AdminProduct['foodType'];
  categoryIds: number[];
  gst: string;
  isCustomizable: boolean;
  isReplaceable: boolean;
  isBestseller: boolean;
  pricedOnly: boolean;
}

const detailsOf = (p: AdminProduct | null): Details => ({
  code: p?.code ?? '',
  name: p?.name ?? '',
  description: p?.description ?? '',
  productType: p?.productType ?? 'PIZZA',
  foodType: p?.foodType ?? 'VEG',
  categoryIds: p?.categoryIds ?? [],
  gst: String(p?.gstRatePercent ?? 5),
  isCustomizable: p?.isCustomizable ?? false,
  isReplaceable: p?.isReplaceable ?? false,
  isBestseller: p?.isBestseller ?? false,
  pricedOnly: p?.pricedOnly ?? false,
});

const DETAIL_FIELDS = [
  'code',
  'name',
  'description',
  'productType',
  'foodType',
  'categoryIds',
  'gstRatePercent',
];

function DetailsForm({
  product,
  catalogue,
  onCreated,
}: {
  product: AdminProduct | null;
  catalogue: AdminCatalogue;
  onCreated: (code: string) => void;
}) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [form, setForm] = useState(() => detailsOf(product));
  const [problem, setProblem] = useState<Refusal | null>(null);
  const [note, setNote] = useState<'saved' | 'nothing' | null>(null);
  const was = detailsOf(product);
  const set = <K extends keyof Details>(key: K, value: Details[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setNote(null);
    setProblem((p) => (p && !p.stale ? null : p));
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const general = problem && !DETAIL_FIELDS.includes(problem.field) ? problem : null;

  useEffect(() => {
    const el =
      problem && DETAIL_FIELDS.includes(problem.field)
        ? document.getElementById(`${id}-${problem.field}`)
        : null;
    el?.focus({ preventScroll: true });
    (el?.closest('.field') ?? el)?.scrollIntoView?.({ block: 'center' });
  }, [problem, id]);

  const changed = (Object.keys(form) as (keyof Details)[]).filter(
    (k) => JSON.stringify(form[k]) !== JSON.stringify(was[k]),
  );
  const keys = [form.foodType, form.productType, ...(form.isBestseller ? ['BESTSELLER'] : [])];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (form.name.trim() === '') {
      setProblem({ field: 'name', message: 'Enter a name', stale: false });
      return;
    }
    if (form.categoryIds.length === 0) {
      setProblem({ field: 'categoryIds', message: 'Choose at least one category', stale: false });
      return;
    }
    const fields = {
      name: form.name.trim(),
      description: form.description.trim(),
      productType: form.productType,
      foodType: form.foodType,
      categoryIds: form.categoryIds,
      gstRatePercent: Number(form.gst),
      isCustomizable: form.isCustomizable,
      isReplaceable: form.isReplaceable,
      isBestseller: form.isBestseller,
      pricedOnly: form.pricedOnly,
    };
    if (!product) {
      void run(
        async () => {
          const made = await createProduct({ code: form.code.trim().toUpperCase(), ...fields });
          keep(qc, made);
          onCreated(made.code);
        },
        (err) => setProblem(refusalOf(err)),
      );
      return;
    }
    if (changed.length === 0) {
      setNote('nothing');
      return;
    }
    const body: Record<string, unknown> = { version: product.version };
    for (const k of changed) {
      if (k === 'gst') body.gstRatePercent = fields.gstRatePercent;
      else if (k !== 'code') body[k] = fields[k];
    }
    void run(
      async () => {
        const saved = await changeProduct(product.code, body as { version: number });
        keep(qc, saved);
        setForm(detailsOf(saved));
        setNote('saved');
      },
      (err) => setProblem(refusalOf(err)),
    );
  };

  const reload = () =>
    void run(
      async () => {
        await qc.invalidateQueries({ queryKey: menuKeys.catalogue });
        const fresh = qc
          .getQueryData<AdminCatalogue>(menuKeys.catalogue)
          ?.products.find((p) => p.code === product?.code);
        setForm(detailsOf(fresh ?? product));
        setProblem(null);
      },
      (err) => setProblem(refusalOf(err)),
    );

  const retired = product?.status === 'RETIRED';
  return (
    <form className="card pe-card" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-details`}>
      <h3 id={`${id}-details`} className="pe-card-title">
        {mt('detailsGroup')}
      </h3>
      <RefusalNotice refusal={general} busy={busy} onReload={reload} />
      {product ? null : (
        <TextField
          id={`${id}-code`}
          label={mt('code')}
          hint={mt('codeHint')}
          autoComplete="off"
          maxLength={7}
          className="pe-code"
          value={form.code}
          onChange={(v) => set('code', v.toUpperCase())}
          error={errorOf('code')}
        />
      )}
      <TextField
        id={`${id}-name`}
        label={mt('name')}
        maxLength={80}
        autoComplete="off"
        value={form.name}
        onChange={(v) => set('name', v)}
        error={errorOf('name')}
        disabled={retired}
      />
      <TextAreaField
        id={`${id}-description`}
        label={mt('description')}
        maxLength={400}
        rows={3}
        value={form.description}
        onChange={(v) => set('description', v)}
        error={errorOf('description')}
        disabled={retired}
      />
      <div className="pe-row">
        <SelectField
          id={`${id}-productType`}
          label={mt('productType')}
          value={form.productType}
          onChange={(v) => set('productType', v as ProductType)}
          options={PRODUCT_TYPES.map(([value, label]) => ({ value, label }))}
          error={errorOf('productType')}
          disabled={retired}
        />
        <SelectField
          id={`${id}-foodType`}
          label={mt('foodType')}
          value={form.foodType}
          onChange={(v) => set('foodType', v === 'NON_VEG' ? 'NON_VEG' : 'VEG')}
          options={[
            { value: 'VEG', label: mt('food_VEG') },
            { value: 'NON_VEG', label: mt('food_NON_VEG') },
          ]}
          error={errorOf('foodType')}
          disabled={retired}
        />
        <SelectField
          id={`${id}-gstRatePercent`}
          label={mt('gst')}
          value={form.gst}
          onChange={(v) => set('gst', v)}
          options={GST_RATES.map((r) => ({ value: String(r), label: mt('gstRate', { rate: r }) }))}
          error={errorOf('gstRatePercent')}
          disabled={retired}
        />
      </div>
      <fieldset
        id={`${id}-categoryIds`}
        tabIndex={-1}
        className="bo-group pe-categories"
        aria-describedby={`${id}-categoryIds-h`}
      >
        <legend>{mt('productCategories')}</legend>
        <p id={`${id}-categoryIds-h`} className="sc-muted bo-hint">
          {mt('productCategoriesHint')}
        </p>
        <div className="pe-checks">
          {catalogue.categories.map((c) => (
            <Checkbox
              key={c.id}
              className="pe-check"
              label={c.hidden ? mt('hiddenCategory', { name: c.name }) : c.name}
              checked={form.categoryIds.includes(c.id)}
              disabled={retired}
              onChange={(on) =>
                set(
                  'categoryIds',
                  on ? [...form.categoryIds, c.id] : form.categoryIds.filter((x) => x !== c.id),
                )
              }
            />
          ))}
        </div>
        <ErrorText id={`${id}-categoryIds-e`} text={errorOf('categoryIds')} />
      </fieldset>
      <fieldset className="bo-group">
        <legend>{mt('flagsGroup')}</legend>
        <div className="pe-flags">
          <Checkbox
            className="pe-check"
            label={mt('customisable')}
            checked={form.isCustomizable}
            disabled={retired}
            onChange={(v) => set('isCustomizable', v)}
          />
          <Checkbox
            className="pe-check"
            label={mt('replaceable')}
            checked={form.isReplaceable}
            disabled={retired}
            onChange={(v) => set('isReplaceable', v)}
          />
          <Checkbox
            className="pe-check"
            label={mt('bestseller')}
            checked={form.isBestseller}
            disabled={retired}
            onChange={(v) => set('isBestseller', v)}
          />
          <Checkbox
            id={`${id}-pricedOnly`}
            className="pe-check"
            hintClassName="sc-muted bo-hint pe-check-hint"
            label={mt('pricedOnly')}
            hint={mt('pricedOnlyHint')}
            checked={form.pricedOnly}
            disabled={retired}
            onChange={(v) => set('pricedOnly', v)}
          />
        </div>
        <p className="sc-muted bo-hint">{mt('filterKeys', { keys: keys.join(', ') })}</p>
      </fieldset>
      {retired ? null : (
        <div className="bo-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? mt('working') : product ? mt('saveDetails') : mt('createProduct')}
          </button>
          {product && changed.length > 0 ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setForm(detailsOf(product));
                setProblem(null);
              }}
            >
              {mt('undo')}
            </button>
          ) : null}
          <p className="bo-saved" role="status">
            {note === 'saved' ? mt('saved') : note === 'nothing' ? mt('nothingToSave') : ''}
          </p>
        </div>
      )}
    </form>
  );
}

// ---- status

const MOVES: { to: ProductStatus; text: 'publish' | 'hide' | 'retire' }[] = [
  { to: 'PUBLISHED', text: 'publish' },
  { to: 'HIDDEN', text: 'hide' },
  { to: 'RETIRED', text: 'retire' },
];

function StatusCard({ product }: { product: AdminProduct }) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<Refusal | null>(null);
  const [retiring, setRetiring] = useState(false);
  const move = (to: ProductStatus) =>
    void run(
      async () => {
        setProblem(null);
        keep(qc, await moveProduct(product.code, product.version, to));
        setRetiring(false);
      },
      (err) => setProblem(refusalOf(err)),
    );
  const moves = MOVES.filter((m) => mayMoveProduct(product.status, m.to));
  return (
    <section className="card pe-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="pe-card-title">
        {mt('statusGroup')}
      </h3>
      <p>
        <span className={`sc-pill mv-status-${product.status}`}>
          {mt('statusNow', { status: mt(`status_${product.status}`) })}
        </span>
      </p>
      <p className="sc-muted bo-hint">{mt(`statusHelp_${product.status}`)}</p>
      <RefusalNotice
        refusal={problem}
        busy={busy}
        onReload={() =>
          void qc.invalidateQueries({ queryKey: menuKeys.catalogue }).then(() => setProblem(null))
        }
      />
      {retiring ? (
        <div className="sc-notice pe-confirm" role="alertdialog" aria-label={mt('retire')}>
          <p>{mt('retireConfirm', { name: product.name })}</p>
          <div className="bo-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => move('RETIRED')}>
              {mt('retire')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRetiring(false)}>
              {mt('cancel')}
            </button>
          </div>
        </div>
      ) : moves.length > 0 ? (
        <div className="bo-actions">
          {moves.map((m) => (
            <button
              key={m.to}
              type="button"
              className={m.to === 'PUBLISHED' ? 'btn btn-primary' : 'btn btn-secondary'}
              disabled={busy}
              onClick={() => (m.to === 'RETIRED' ? setRetiring(true) : move(m.to))}
            >
              {mt(m.text)}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// ---- photo

function PhotoCard({ product }: { product: AdminProduct }) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState(false);
  // a new file input after each upload: it no longer names the file sent
  const [picker, setPicker] = useState(0);
  // the chosen file's preview lives until another is chosen, or the card goes
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file) {
      setProblem({ field: 'body', message: mt('photoPick'), stale: false });
      return;
    }
    void run(
      async () => {
        setProblem(null);
        keep(qc, await uploadPhoto(product.code, product.version, file));
        setFile(null);
        setPreview(null);
        setPicker((n) => n + 1);
        setSaved(true);
      },
      (err) => setProblem(refusalOf(err)),
    );
  };
  const shown = preview ?? product.photo?.url ?? null;
  const fieldError = problem && !problem.stale ? problem.message : null;
  return (
    <form className="card pe-card" onSubmit={send} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="pe-card-title">
        {mt('photoGroup')}
      </h3>
      <div className="pe-photo">
        {shown ? (
          <img src={shown} alt={mt('photoAlt', { name: product.name })} width={320} height={240} />
        ) : (
          <p className="sc-muted">{mt('photoNone')}</p>
        )}
      </div>
      {problem?.stale ? (
        <RefusalNotice
          refusal={problem}
          busy={busy}
          onReload={() =>
            void qc.invalidateQueries({ queryKey: menuKeys.catalogue }).then(() => setProblem(null))
          }
        />
      ) : null}
      {product.status === 'RETIRED' ? null : (
        <>
          <div className="field">
            <label htmlFor={`${id}-file`} className="label">
              {mt('choosePhoto')}
            </label>
            <input
              key={picker}
              id={`${id}-file`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
              aria-invalid={fieldError ? true : undefined}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setPreview(chosen ? URL.createObjectURL(chosen) : null);
                setProblem(null);
                setSaved(false);
              }}
            />
            <span id={`${id}-hint`} className="sc-muted bo-hint">
              {mt('photoHint')}
            </span>
            <ErrorText id={`${id}-error`} text={fieldError} />
          </div>
          <div className="bo-form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? mt('uploading') : mt('uploadPhoto')}
            </button>
            <p className="bo-saved" role="status">
              {saved ? mt('photoSaved') : ''}
            </p>
          </div>
        </>
      )}
    </form>
  );
}

// ---- variants

function variantName(v: AdminVariant, catalogue: AdminCatalogue): string {
  const crust = catalogue.crusts.find((c) => c.id === v.crustId)?.name ?? String(v.crustId);
  const size = catalogue.sizes.find((s) => s.id === v.sizeId)?.name ?? String(v.sizeId);
  return mt('variantOf', { crust, size });
}

function VariantsCard({ product, catalogue }: { product: AdminProduct; catalogue: AdminCatalogue }) {
  const id = useId();
  const retired = product.status === 'RETIRED';
  return (
    <section className="card pe-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="pe-card-title">
        {mt('variantsGroup')}
      </h3>
      <p className="sc-muted bo-hint">{mt('variantsHint')}</p>
      {product.variants.length === 0 ? (
        <p className="sc-muted">{mt('noVariants')}</p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table pe-variants">
            <thead>
              <tr>
                <th scope="col">{mt('colVariant')}</th>
                <th scope="col">{mt('colVariantPrice')}</th>
                <th scope="col">{mt('colRegular')}</th>
                <th scope="col">{mt('colOnSale')}</th>
                <th scope="col">{mt('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((v) => (
                <VariantRow
                  key={`${v.code}-${v.version}`}
                  variant={v}
                  name={variantName(v, catalogue)}
                  retiredProduct={retired}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {retired ? null : <AddVariant product={product} catalogue={catalogue} />}
    </section>
  );
}

function VariantRow({
  variant: v,
  name,
  retiredProduct,
}: {
  variant: AdminVariant;
  name: string;
  retiredProduct: boolean;
}) {
  const qc = useQueryClient();
  const { busy, run } = useOneCallAtATime();
  const [price, setPrice] = useState(rupeesInput(v.pricePaise));
  const [regular, setRegular] = useState(rupeesInput(v.regularPricePaise));
  const [problem, setProblem] = useState<Refusal | null>(null);
  const dirty = price !== rupeesInput(v.pricePaise) || regular !== rupeesInput(v.regularPricePaise);
  const save = (body: { retired?: boolean }) => {
    const p = paiseOf(price);
    const r = paiseOf(regular);
    if (p === null || r === null) {
      setProblem({ field: '', message: mt('notAmount'), stale: false });
      return;
    }
    void run(
      async () => {
        setProblem(null);
        keep(
          qc,
          await changeVariant(v.code, {
            version: v.version,
            ...(dirty ? { pricePaise: p, regularPricePaise: r } : {}),
            ...body,
          }),
        );
      },
      (err) => setProblem(refusalOf(err)),
    );
  };
  return (
    <tr className={v.retired ? 'bo-row is-off' : 'bo-row'}>
      <td>
        {name}
        {problem ? (
          <p className="mv-row-error" role="alert">
            {problem.message}{' '}
            {problem.stale ? (
              <button
                type="button"
                className="sc-chip-btn"
                onClick={() => void qc.invalidateQueries({ queryKey: menuKeys.catalogue })}
              >
                {mt('reload')}
              </button>
            ) : null}
          </p>
        ) : null}
      </td>
      <td>
        <input
          className="input mv-money"
          inputMode="decimal"
          aria-label={mt('priceOf', { variant: name })}
          value={price}
          disabled={retiredProduct}
          onChange={(e) => setPrice(e.target.value)}
        />
      </td>
      <td>
        <input
          className="input mv-money"
          inputMode="decimal"
          aria-label={mt('regularOf', { variant: name })}
          value={regular}
          disabled={retiredProduct}
          onChange={(e) => setRegular(e.target.value)}
        />
      </td>
      <td>
        <span className={`sc-pill ${v.retired ? 'bo-status-off' : 'bo-status-active'}`}>
          {v.retired ? mt('offSale') : mt('onSale')}
        </span>
      </td>
      <td>
        {retiredProduct ? null : (
          <div className="bo-actions">
            <button
              type="button"
              className="sc-chip-btn"
              disabled={busy || !dirty}
              aria-label={mt('saveVariantLabel', { variant: name })}
              onClick={() => save({})}
            >
              {mt('saveVariant')}
            </button>
            <button
              type="button"
              className="sc-chip-btn"
              disabled={busy}
              aria-label={
                v.retired
                  ? mt('restoreVariantLabel', { variant: name })
                  : mt('retireVariantLabel', { variant: name })
              }
              onClick={() => save({ retired: !v.retired })}
            >
              {v.retired ? mt('restoreVariant') : mt('retireVariant')}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

function AddVariant({ product, catalogue }: { product: AdminProduct; catalogue: AdminCatalogue }) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [crust, setCrust] = useState('');
  const [size, setSize] = useState('');
  const [price, setPrice] = useState('');
  const [regular, setRegular] = useState('');
  const [problem, setProblem] = useState<Refusal | null>(null);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const fields = ['crustId', 'sizeId', 'pricePaise', 'regularPricePaise'];
  const general = problem && !fields.includes(problem.field) ? problem : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const p = paiseOf(price);
    const r = regular.trim() === '' ? undefined : paiseOf(regular);
    const local: Refusal | null =
      crust === ''
        ? { field: 'crustId', message: mt('choose'), stale: false }
        : size === ''
          ? { field: 'sizeId', message: mt('choose'), stale: false }
          : p === null
            ? { field: 'pricePaise', message: mt('notAmount'), stale: false }
            : r === null
              ? { field: 'regularPricePaise', message: mt('notAmount'), stale: false }
              : null;
    setProblem(local);
    if (local || p === null || r === null) return;
    void run(
      async () => {
        keep(
          qc,
          await addVariant(product.code, {
            crustId: Number(crust),
            sizeId: Number(size),
            pricePaise: p,
            ...(r !== undefined ? { regularPricePaise: r } : {}),
          }),
        );
        setPrice('');
        setRegular('');
      },
      (err) => setProblem(refusalOf(err)),
    );
  };
  return (
    <form className="pe-add" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="mv-subheading">
        {mt('addVariantGroup')}
      </h4>
      <RefusalNotice
        refusal={general}
        busy={busy}
        onReload={() => void qc.invalidateQueries({ queryKey: menuKeys.catalogue })}
      />
      <div className="pe-row pe-add-row">
        <SelectField
          id={`${id}-crustId`}
          label={mt('crust')}
          value={crust}
          onChange={setCrust}
          placeholder={mt('choose')}
          options={catalogue.crusts.map((c) => ({ value: String(c.id), label: c.name }))}
          error={errorOf('crustId')}
        />
        <SelectField
          id={`${id}-sizeId`}
          label={mt('size')}
          value={size}
          onChange={setSize}
          placeholder={mt('choose')}
          options={catalogue.sizes.map((s) => ({ value: String(s.id), label: s.name }))}
          error={errorOf('sizeId')}
        />
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
        <button type="submit" className="btn btn-primary pe-add-btn" disabled={busy}>
          {mt('addVariant')}
        </button>
      </div>
    </form>
  );
}

// ---- nutrition

function NutritionCard({ product, catalogue }: { product: AdminProduct; catalogue: AdminCatalogue }) {
  const id = useId();
  const sizeIds = [...new Set(product.variants.filter((v) => !v.retired).map((v) => v.sizeId))].sort(
    (a, b) => a - b,
  );
  return (
    <section className="card pe-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="pe-card-title">
        {mt('nutritionGroup')}
      </h3>
      <p className="sc-muted bo-hint">{mt('nutritionHint')}</p>
      {sizeIds.length === 0 ? <p className="sc-muted">{mt('noSizes')}</p> : null}
      {sizeIds.map((sizeId) => {
        const n = product.nutrition.find((x) => x.sizeId === sizeId) ?? null;
        return (
          <NutritionForm
            key={`${sizeId}-${n?.version ?? 0}`}
            product={product}
            sizeId={sizeId}
            sizeName={catalogue.sizes.find((s) => s.id === sizeId)?.name ?? String(sizeId)}
            nutrition={n}
          />
        );
      })}
    </section>
  );
}

type NutritionForm = Record<NutrientKey, string>;

function NutritionForm({
  product,
  sizeId,
  sizeName,
  nutrition,
}: {
  product: AdminProduct;
  sizeId: number;
  sizeName: string;
  nutrition: AdminNutrition | null;
}) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [values, setValues] = useState<NutritionForm>(
    () =>
      Object.fromEntries(
        NUTRIENTS.map((n) => [n.key, nutrition ? String(nutrition[n.key]) : '']),
      ) as NutritionForm,
  );
  const [allergens, setAllergens] = useState<AllergenCode[]>(nutrition?.allergens ?? []);
  const [problem, setProblem] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState(false);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const keys: readonly string[] = NUTRIENTS.map((n) => n.key);
  const general = problem && !keys.includes(problem.field) && problem.field !== 'allergens' ? problem : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed: Partial<Record<NutrientKey, number>> = {};
    for (const n of NUTRIENTS) {
      const text = values[n.key].trim().replace(',', '.');
      const v = text === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(v)) {
        setProblem({ field: n.key, message: mt('notNumber'), stale: false });
        return;
      }
      parsed[n.key] = v;
    }
    void run(
      async () => {
        setProblem(null);
        keep(
          qc,
          await setNutrition(product.code, sizeId, {
            ...(nutrition ? { version: nutrition.version } : {}),
            ...(parsed as Record<NutrientKey, number>),
            allergens,
          }),
        );
        setSaved(true);
      },
      (err) => setProblem(refusalOf(err)),
    );
  };
  const retired = product.status === 'RETIRED';
  return (
    <form className="pe-nutrition" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="mv-subheading">
        {mt('nutritionOf', { size: sizeName })}{' '}
        <span className={`sc-pill ${nutrition ? 'bo-status-active' : 'bo-status-mustSet'}`}>
          {nutrition ? mt('nutritionDone') : mt('nutritionMissing')}
        </span>
      </h4>
      <RefusalNotice
        refusal={general}
        busy={busy}
        onReload={() => void qc.invalidateQueries({ queryKey: menuKeys.catalogue })}
      />
      <div className="pe-nutrients">
        {NUTRIENTS.map((n) => (
          <TextField
            key={n.key}
            id={`${id}-${n.key}`}
            label={`${n.name} (${n.unit})`}
            inputMode="decimal"
            autoComplete="off"
            maxLength={8}
            value={values[n.key]}
            disabled={retired}
            onChange={(v) => {
              setValues((x) => ({ ...x, [n.key]: v }));
              setSaved(false);
            }}
            error={errorOf(n.key)}
          />
        ))}
      </div>
      <fieldset className="bo-group">
        <legend>{mt('allergens')}</legend>
        <div className="pe-checks">
          {FSSAI_ALLERGENS.map((a) => (
            <Checkbox
              key={a.code}
              className="pe-check"
              label={a.name}
              checked={allergens.includes(a.code)}
              disabled={retired}
              onChange={(on) => {
                setAllergens((x) => (on ? [...x, a.code] : x.filter((c) => c !== a.code)));
                setSaved(false);
              }}
            />
          ))}
        </div>
        <ErrorText id={`${id}-allergens-e`} text={errorOf('allergens')} />
      </fieldset>
      {retired ? null : (
        <div className="bo-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? mt('working') : mt('saveNutrition', { size: sizeName })}
          </button>
          <p className="bo-saved" role="status">
            {saved ? mt('saved') : ''}
          </p>
        </div>
      )}
    </form>
  );
}

// ---- per-store availability

function AvailabilityCard({ product }: { product: AdminProduct }) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Refusal | null>(null);
  const key = menuKeys.availability(product.code);
  const stores = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchAvailability(product.code, signal),
    staleTime: 0,
  });
  const flip = (s: StoreAvailability) =>
    void run(
      async () => {
        setProblem(null);
        const saved = await setAvailability(product.code, s.storeId, {
          ...(s.version !== null ? { version: s.version } : {}),
          available: !s.available,
        });
        qc.setQueryData<StoreAvailability[]>(key, (list) =>
          list?.map((x) => (x.storeId === saved.storeId ? saved : x)),
        );
        void qc.invalidateQueries({ queryKey: ['console', 'audit'] });
      },
      (err) => setProblem(refusalOf(err)),
    );
  const needle = text.trim().toLowerCase();
  const list = stores.data ?? [];
  const shown = list.filter(
    (s) =>
      needle === '' ||
      s.storeName.toLowerCase().includes(needle) ||
      s.cityName.toLowerCase().includes(needle) ||
      String(s.storeId).includes(needle),
  );
  const off = list.filter((s) => !s.available).length;
  return (
    <section className="card pe-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="pe-card-title">
        {mt('availabilityGroup')}
      </h3>
      <p className="sc-muted bo-hint">{mt('availabilityHint')}</p>
      {stores.isPending ? (
        <Spinner />
      ) : stores.isError ? (
        <LoadFailed error={stores.error} onRetry={() => void stores.refetch()} />
      ) : (
        <>
          <p className="pe-availability-count" role="status">
            {off === 0 ? mt('availabilityAll') : mt('availabilityOff', { count: off, total: list.length })}
          </p>
          <RefusalNotice
            refusal={problem}
            busy={busy}
            onReload={() => void stores.refetch().then(() => setProblem(null))}
          />
          <TextField
            label={mt('availabilityFilter')}
            placeholder={mt('availabilityFilterHint')}
            type="search"
            value={text}
            onChange={setText}
          />
          <ul className="pe-stores">
            {shown.map((s) => (
              <li key={s.storeId}>
                <button
                  type="button"
                  role="switch"
                  aria-checked={s.available}
                  className="sc-switch pe-store-switch"
                  disabled={busy || product.status === 'RETIRED'}
                  onClick={() => flip(s)}
                >
                  <span className="sc-switch-track" aria-hidden="true">
                    <span className="sc-switch-knob" />
                  </span>
                  <span>
                    {mt('storeSwitch', { store: `${s.storeName} · #${s.storeId}`, city: s.cityName })}
                    {s.inStock ? null : <span className="sc-muted"> ({mt('outOfStock')})</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="sc-muted">{mt('availabilityNone')}</p> : null}
        </>
      )}
    </section>
  );
}
