import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { AdminCatalogue, AdminCategory, AdminProduct, AdminTopping } from '@crust/contract/menu-admin';
import type { StaffSession } from '@crust/contract/store-console';
import { PRODUCT_STATUSES, type ProductStatus } from '@crust/domain/catalogue-admin';
import { rupees } from '../../shared/format.ts';
import { useSearchParams } from '../../shared/router/index.ts';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { LoadFailed } from './LoadFailed.tsx';
import {
  changeCategory,
  changeTopping,
  createCategory,
  fetchCatalogue,
  menuKeys,
  orderCategories,
  paiseOf,
  rupeesInput,
} from './menu-api.ts';
import { mt } from './menu-texts.ts';
import { RefusalNotice, refusalOf, type Refusal } from './MenuRefusal.tsx';
import { ProductEditor } from './ProductEditor.tsx';
import './menu-admin.css';

const SECTIONS = ['products', 'categories', 'toppings'] as const;
type Section = (typeof SECTIONS)[number];

/** The catalogue, as the back office edits it (the chain admin's). */
export function useCatalogue(enabled = true) {
  return useQuery({
    queryKey: menuKeys.catalogue,
    queryFn: ({ signal }) => fetchCatalogue(signal),
    staleTime: 0,
    enabled,
  });
}

/**
 * The back office's Menu view (`?view=menu`, issue 30 §2; the chain admin's): the products table, sorted and
 * filtered, opening the product editor (`&product=<code>`, or `new`); the categories (made, renamed, hidden,
 * reordered); the toppings' prices. The server checks every call again.
 */
export function MenuView({ session }: { session: StaffSession }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const catalogue = useCatalogue();
  const asked = params.get('section');
  const section: Section = SECTIONS.find((s) => s === asked) ?? 'products';
  const editing = params.get('product');

  if (catalogue.isPending) return <Spinner label={mt('loading')} />;
  if (catalogue.isError || !catalogue.data)
    return <LoadFailed error={catalogue.error} onRetry={() => void catalogue.refetch()} />;

  if (editing)
    return (
      <ProductEditor
        key={editing}
        code={editing === 'new' ? null : editing}
        catalogue={catalogue.data}
        session={session}
        onOpen={(code) => setParams({ view: 'menu', product: code }, { replace: true })}
        onClose={() => setParams({ view: 'menu' })}
      />
    );

  return (
    <section className="mv" aria-label={mt('menuSections')}>
      <div className="sc-tabs mv-tabs" role="tablist" aria-label={mt('menuSections')}>
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`${id}-${s}`}
            aria-selected={s === section}
            aria-controls={`${id}-panel`}
            className="sc-tab"
            onClick={() => setParams({ view: 'menu', ...(s === 'products' ? {} : { section: s }) })}
          >
            {mt(s)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${section}`} className="mv-panel">
        {section === 'products' ? (
          <ProductsTable
            catalogue={catalogue.data}
            onEdit={(code) => setParams({ view: 'menu', product: code })}
          />
        ) : section === 'categories' ? (
          <CategoriesPanel catalogue={catalogue.data} />
        ) : (
          <ToppingsPanel catalogue={catalogue.data} />
        )}
      </div>
    </section>
  );
}

// ---- products

const COLUMNS = ['code', 'name', 'category', 'food', 'price', 'status'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_TEXT = {
  code: 'colCode',
  name: 'colName',
  category: 'colCategory',
  food: 'colFood',
  price: 'colPrice',
  status: 'colStatus',
} as const satisfies Record<Column, string>;

interface Row {
  product: AdminProduct;
  category: string;
  /** the lowest price on sale, or null */
  from: number | null;
}

const statusText = (s: ProductStatus) => mt(`status_${s}`);
const foodText = (f: AdminProduct['foodType']) => mt(`food_${f}`);

function cellOf(row: Row, column: Column): string | number {
  switch (column) {
    case 'code':
      return row.product.code;
    case 'name':
      return row.product.name.toLowerCase();
    case 'category':
      return row.category.toLowerCase();
    case 'food':
      return row.product.foodType;
    case 'price':
      return row.from ?? Number.MAX_SAFE_INTEGER;
    case 'status':
      return PRODUCT_STATUSES.indexOf(row.product.status);
  }
}

function ProductsTable({ catalogue, onEdit }: { catalogue: AdminCatalogue; onEdit: (code: string) => void }) {
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');
  const [food, setFood] = useState('');
  const [sort, setSort] = useState<{ column: Column; ascending: boolean }>({
    column: 'code',
    ascending: true,
  });
  const categoryName = useMemo(
    () => new Map(catalogue.categories.map((c) => [c.id, c.name])),
    [catalogue.categories],
  );
  const all: Row[] = useMemo(
    () =>
      catalogue.products.map((p) => {
        const onSale = p.variants.filter((v) => !v.retired).map((v) => v.pricePaise);
        return {
          product: p,
          category: p.categoryIds.map((c) => categoryName.get(c) ?? String(c)).join(', '),
          from: onSale.length > 0 ? Math.min(...onSale) : null,
        };
      }),
    [catalogue.products, categoryName],
  );
  const needle = text.trim().toLowerCase();
  const rows = all
    .filter(
      (r) =>
        (needle === '' ||
          r.product.name.toLowerCase().includes(needle) ||
          r.product.code.toLowerCase().includes(needle)) &&
        (category === '' || r.product.categoryIds.includes(Number(category))) &&
        (status === '' || r.product.status === status) &&
        (food === '' || r.product.foodType === food),
    )
    .sort((a, b) => {
      const x = cellOf(a, sort.column);
      const y = cellOf(b, sort.column);
      const order = x < y ? -1 : x > y ? 1 : a.product.code < b.product.code ? -1 : 1;
      return sort.ascending ? order : -order;
    });
  const sortBy = (column: Column) =>
    setSort((s) => ({ column, ascending: s.column === column ? !s.ascending : true }));

  return (
    <section className="bo-staff" aria-labelledby="mv-products-heading">
      <div className="bo-head">
        <h2 id="mv-products-heading" className="sc-heading">
          {mt('productsHeading')}
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => onEdit('new')}>
          {mt('newProduct')}
        </button>
      </div>
      <p className="sc-muted">{mt('productsIntro')}</p>
      <div className="bo-filters">
        <TextField
          className="bo-filter-text"
          label={mt('find')}
          placeholder={mt('findHint')}
          type="search"
          value={text}
          onChange={setText}
        />
        <SelectField
          className="bo-filter-role"
          label={mt('filterCategory')}
          value={category}
          onChange={setCategory}
          options={[
            { value: '', label: mt('allCategories') },
            ...catalogue.categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <SelectField
          className="bo-filter-role"
          label={mt('filterStatus')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: mt('allStatuses') },
            ...PRODUCT_STATUSES.map((s) => ({ value: s, label: statusText(s) })),
          ]}
        />
        <SelectField
          className="bo-filter-role"
          label={mt('filterFood')}
          value={food}
          onChange={setFood}
          options={[
            { value: '', label: mt('allFood') },
            { value: 'VEG', label: foodText('VEG') },
            { value: 'NON_VEG', label: foodText('NON_VEG') },
          ]}
        />
        <p className="sc-muted bo-count" role="status">
          {mt('shown', { count: rows.length, total: all.length })}
        </p>
      </div>
      <div className="bo-table-wrap">
        <table className="bo-table mv-products">
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
                    aria-label={mt('sortBy', { column: mt(COLUMN_TEXT[c]) })}
                    onClick={() => sortBy(c)}
                  >
                    {mt(COLUMN_TEXT[c])}
                    <span aria-hidden="true" className="bo-sort-mark">
                      {sort.column === c ? (sort.ascending ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">{mt('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ product: p, category: c, from }) => (
              <tr key={p.code} className={`bo-row is-${p.status.toLowerCase()}`}>
                <td className="bo-username">{p.code}</td>
                <td>{p.name}</td>
                <td>{c}</td>
                <td>
                  <span className={`mv-food mv-food-${p.foodType}`}>{foodText(p.foodType)}</span>
                </td>
                <td>{from === null ? mt('noPrice') : rupees(from)}</td>
                <td>
                  <span className={`sc-pill mv-status-${p.status}`}>{statusText(p.status)}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="sc-chip-btn"
                    aria-label={mt('editLabel', { name: p.name })}
                    onClick={() => onEdit(p.code)}
                  >
                    {mt('edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="sc-muted mv-empty">{mt('noneMatch')}</p> : null}
      </div>
    </section>
  );
}

// ---- categories

function CategoriesPanel({ catalogue }: { catalogue: AdminCatalogue }) {
  const qc = useQueryClient();
  const id = useId();
  const { busy, run } = useOneCallAtATime();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const list = [...catalogue.categories].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

  const refresh = () => qc.invalidateQueries({ queryKey: menuKeys.catalogue });
  const act = (work: () => Promise<unknown>) =>
    void run(
      async () => {
        setRefusal(null);
        await work();
        await refresh();
      },
      (err) => setRefusal(refusalOf(err)),
    );

  const move = (from: number, to: number) =>
    act(() => {
      const ids = list.map((c) => c.id);
      const [moved] = ids.splice(from, 1);
      ids.splice(to, 0, moved!);
      return orderCategories(ids);
    });
  const toggle = (c: AdminCategory) =>
    act(() => changeCategory(c.id, { version: c.version, hidden: !c.hidden }));
  const saveName = (c: AdminCategory, e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    act(async () => {
      await changeCategory(c.id, { version: c.version, name: renaming.name });
      setRenaming(null);
    });
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameProblem(mt('newCategoryName'));
      return;
    }
    void run(
      async () => {
        setRefusal(null);
        setNameProblem(null);
        await createCategory({ name: name.trim() });
        setName('');
        await refresh();
      },
      (err) => {
        const r = refusalOf(err);
        if (r.field === 'name' || r.field === 'slug') setNameProblem(r.message);
        else setRefusal(r);
      },
    );
  };

  return (
    <section className="bo-staff" aria-labelledby="mv-categories-heading">
      <h2 id="mv-categories-heading" className="sc-heading">
        {mt('categoriesHeading')}
      </h2>
      <p className="sc-muted">{mt('categoriesIntro')}</p>
      <RefusalNotice
        refusal={refusal}
        busy={busy}
        onReload={() => void refresh().then(() => setRefusal(null))}
      />
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{mt('colOrder')}</th>
              <th scope="col">{mt('colName')}</th>
              <th scope="col">{mt('colSlug')}</th>
              <th scope="col">{mt('colStatus')}</th>
              <th scope="col">{mt('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c, i) => (
              <tr key={c.id} className={c.hidden ? 'bo-row is-off' : 'bo-row'}>
                <td>
                  <div className="bo-actions">
                    <button
                      type="button"
                      className="sc-chip-btn mv-arrow"
                      aria-label={mt('moveUp', { name: c.name })}
                      disabled={busy || i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="sc-chip-btn mv-arrow"
                      aria-label={mt('moveDown', { name: c.name })}
                      disabled={busy || i === list.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </button>
                  </div>
                </td>
                <td>
                  {renaming?.id === c.id ? (
                    <form className="mv-inline" onSubmit={(e) => saveName(c, e)}>
                      <TextField
                        id={`${id}-rename-${c.id}`}
                        label={mt('renameLabel', { name: c.name })}
                        labelClassName="visually-hidden"
                        value={renaming.name}
                        maxLength={80}
                        onChange={(v) => setRenaming({ id: c.id, name: v })}
                      />
                      <button type="submit" className="btn btn-primary" disabled={busy}>
                        {mt('saveName')}
                      </button>
                      <button type="button" className="btn btn-secondary" onClick={() => setRenaming(null)}>
                        {mt('cancel')}
                      </button>
                    </form>
                  ) : (
                    c.name
                  )}
                </td>
                <td className="bo-username">{c.slug}</td>
                <td>
                  <span className={`sc-pill ${c.hidden ? 'bo-status-off' : 'bo-status-active'}`}>
                    {c.hidden ? mt('hiddenMark') : mt('visibleMark')}
                  </span>
                </td>
                <td>
                  <div className="bo-actions">
                    <button
                      type="button"
                      className="sc-chip-btn"
                      disabled={busy}
                      onClick={() => setRenaming({ id: c.id, name: c.name })}
                    >
                      {mt('rename')}
                    </button>
                    <button type="button" className="sc-chip-btn" disabled={busy} onClick={() => toggle(c)}>
                      {c.hidden ? mt('showCategory') : mt('hideCategory')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form className="card mv-add" onSubmit={add} noValidate>
        <h3 className="mv-subheading">{mt('newCategory')}</h3>
        <div className="mv-inline">
          <TextField
            id={`${id}-new-category`}
            label={mt('newCategoryName')}
            value={name}
            maxLength={80}
            onChange={(v) => {
              setName(v);
              setNameProblem(null);
            }}
            error={nameProblem}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {mt('addCategory')}
          </button>
        </div>
      </form>
    </section>
  );
}

// ---- toppings

function ToppingsPanel({ catalogue }: { catalogue: AdminCatalogue }) {
  const sizes = catalogue.sizes.filter((s) =>
    catalogue.toppings.some((t) => t.prices.some((p) => p.sizeId === s.id)),
  );
  return (
    <section className="bo-staff" aria-labelledby="mv-toppings-heading">
      <h2 id="mv-toppings-heading" className="sc-heading">
        {mt('toppingsHeading')}
      </h2>
      <p className="sc-muted">{mt('toppingsIntro')}</p>
      <div className="bo-table-wrap">
        <table className="bo-table mv-toppings">
          <thead>
            <tr>
              <th scope="col">{mt('colTopping')}</th>
              <th scope="col">{mt('colFood')}</th>
              {sizes.map((s) => (
                <th key={s.id} scope="col">
                  {s.name}
                </th>
              ))}
              <th scope="col">{mt('colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {catalogue.toppings.map((t) => (
              <ToppingRow key={`${t.id}-${t.version}`} topping={t} sizes={sizes} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ToppingRow({ topping, sizes }: { topping: AdminTopping; sizes: AdminCatalogue['sizes'] }) {
  const qc = useQueryClient();
  const { busy, run } = useOneCallAtATime();
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(topping.prices.map((p) => [p.sizeId, rupeesInput(p.pricePaise)])),
  );
  const [problem, setProblem] = useState<Refusal | null>(null);
  const dirty = topping.prices.some((p) => prices[p.sizeId] !== rupeesInput(p.pricePaise));
  const save = () => {
    const next = topping.prices.map((p) => ({
      sizeId: p.sizeId,
      pricePaise: paiseOf(prices[p.sizeId] ?? ''),
    }));
    if (next.some((p) => p.pricePaise === null)) {
      setProblem({ field: '', message: mt('notAmount'), stale: false });
      return;
    }
    void run(
      async () => {
        setProblem(null);
        await changeTopping(topping.id, {
          version: topping.version,
          prices: next.map((p) => ({ sizeId: p.sizeId, pricePaise: p.pricePaise! })),
        });
        await qc.invalidateQueries({ queryKey: menuKeys.catalogue });
      },
      (err) => setProblem(refusalOf(err)),
    );
  };
  return (
    <tr className="bo-row">
      <td>
        {topping.name}
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
        <span className={`mv-food mv-food-${topping.foodType}`}>{foodText(topping.foodType)}</span>
      </td>
      {sizes.map((s) => (
        <td key={s.id}>
          {prices[s.id] !== undefined ? (
            <input
              className="input mv-money"
              inputMode="decimal"
              aria-label={mt('toppingPrice', { topping: topping.name, size: s.name })}
              value={prices[s.id]}
              onChange={(e) => setPrices((p) => ({ ...p, [s.id]: e.target.value }))}
            />
          ) : (
            <span className="sc-muted">{mt('noPrice')}</span>
          )}
        </td>
      ))}
      <td>
        <button
          type="button"
          className="sc-chip-btn"
          disabled={busy || !dirty}
          aria-label={mt('saveToppingLabel', { topping: topping.name })}
          onClick={save}
        >
          {mt('saveTopping')}
        </button>
      </td>
    </tr>
  );
}
