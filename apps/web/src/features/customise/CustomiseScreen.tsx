import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Menu, MenuProduct, Topping, Toppings } from '@crust/contract';
import { EXTRA_CHEESE_ITEM_ID, EXTRA_CHEESE_MAX } from '@crust/domain/constants';
import {
  effectiveFoodType,
  findVariant,
  priceCustomisation,
  selectCrust,
  selectSize,
  setExtraCheese,
  toggleTopping,
  type CustomisableProduct,
  type Customisation,
  type PricedTopping,
} from '@crust/domain/customise';
import { canSwapIn, freeSwapsLeft, swapIn, swapOut } from '@crust/domain/customise-replace';
import { formatRupees, paise, type Paise } from '@crust/domain/money';
import { paths } from '../../app/paths.ts';
import { ApiError, NetworkError } from '../../shared/api/client.ts';
import { t } from '../../shared/i18n/index.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useMenu, useMenuStoreId, useToppings } from '../../shared/menu/api.ts';
import { LoadFailed, ProductImage } from '../../shared/menu/product-parts.tsx';
import { isCustomisable, pricedToppings, toCustomisable } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import { useCartActions } from '../../shared/cart/api.ts';
import { toCartInput } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { MAX_QUANTITY, readSelection, writeSelection } from '../../shared/menu/customise-selection.ts';
import { ct } from './texts.ts';
import '../../shared/menu/menu.css';
import './customise.css';

export default function CustomiseScreen() {
  const [params] = useSearchParams();
  const pizzaId = params.get('pizzaId') ?? '';
  const storeId = useMenuStoreId();
  const menu = useMenu(storeId);
  const toppings = useToppings(storeId);
  const product = menu.data?.products.find((p) => p.menuCode === pizzaId);

  if (menu.isPending || (product && toppings.isPending)) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={ct('title')} />
        <Spinner />
      </div>
    );
  }
  if (!menu.data) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={ct('title')} />
        <LoadFailed message={mt('loadFailed')} onRetry={() => void menu.refetch()} />
      </div>
    );
  }
  if (!product || !isCustomisable(product) || !product.inStock) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={product?.name ?? ct('title')} />
        <div className="menu-empty">
          <p>{!product ? ct('notFound') : !product.inStock ? t('outOfStock') : t('notAvailableNow')}</p>
          <Link className="btn btn-secondary" to={paths.menu()}>
            {ct('backToMenu')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Customiser
      // a different product starts from a clean slate
      key={product.menuCode}
      product={product}
      menu={menu.data}
      toppings={toppings.data}
      toppingsFailed={toppings.isError}
      onRetryToppings={() => void toppings.refetch()}
    />
  );
}

interface Option {
  id: number;
  name: string;
}

function uniqueBy<T>(items: readonly T[], key: (x: T) => number): T[] {
  const seen = new Set<number>();
  return items.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

function Customiser({
  product,
  menu,
  toppings,
  toppingsFailed,
  onRetryToppings,
}: {
  product: MenuProduct;
  menu: Menu;
  toppings: Toppings | undefined;
  toppingsFailed: boolean;
  onRetryToppings: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const cp = useMemo(() => toCustomisable(product), [product]);
  const priced = useMemo(() => pricedToppings(toppings), [toppings]);
  // the choice is screen state (a tap shows at once); the URL mirrors it so a reload or a shared link keeps it
  const [c, setC] = useState(() => readSelection(params, cp, priced));
  const update = (change: (current: Customisation) => Customisation) => setC(change);
  const opened = useRef(c);
  useEffect(() => {
    if (c === opened.current) return; // untouched: the link stays as it came
    const next = writeSelection(params, c);
    // replace: a tap is not a history entry
    if (next.toString() !== params.toString())
      void setParams(next, { replace: true, preventScrollReset: true });
  }, [c, params, setParams]);

  const crusts = useMemo(() => {
    const order = new Map(menu.crusts.map((x, i) => [x.crustId, i]));
    return uniqueBy(product.variants, (v) => v.crustId)
      .map((v) => ({
        id: v.crustId,
        name: v.crustName,
        description: menu.crusts.find((x) => x.crustId === v.crustId)?.description ?? '',
      }))
      .sort((a, b) => (order.get(a.id) ?? 99) - (order.get(b.id) ?? 99));
  }, [product, menu.crusts]);
  const sizes = useMemo(() => {
    const order = new Map(menu.sizes.map((x, i) => [x.sizeId, i]));
    return uniqueBy(product.variants, (v) => v.sizeId)
      .map((v) => ({ id: v.sizeId, name: v.sizeName, serves: v.serves }))
      .sort((a, b) => (order.get(a.id) ?? 99) - (order.get(b.id) ?? 99));
  }, [product, menu.sizes]);

  const toppingById = useMemo(
    () => new Map((toppings?.toppings ?? []).map((x) => [x.toppingId, x])),
    [toppings],
  );
  const defaults = product.defaultToppingIds.flatMap((id) => {
    const x = toppingById.get(id);
    return x ? [x] : [];
  });
  const extras = (toppings?.toppings ?? []).filter(
    (x) => x.toppingId !== EXTRA_CHEESE_ITEM_ID && !product.defaultToppingIds.includes(x.toppingId),
  );

  const result = priceCustomisation(cp, c, priced);
  const foodType = effectiveFoodType(cp, c, priced);
  const priceFor = (id: number): Paise | undefined => priced.get(id)?.prices[c.sizeId];
  const cheeseUnit = priceFor(EXTRA_CHEESE_ITEM_ID);
  const crustName = crusts.find((x) => x.id === c.crustId)?.name ?? '';
  const sizeName = sizes.find((x) => x.id === c.sizeId)?.name ?? '';

  return (
    <div className="customise-screen">
      <ScreenHeader title={product.name} />
      <main className="customise-main">
        <section className="customise-product">
          <ProductImage product={product} size={96} eager priority />
          <div className="customise-product-text">
            <p className="customise-product-name">
              <FoodMark foodType={foodType} />
              <span>{product.name}</span>
            </p>
            <p className="customise-product-desc">{product.description}</p>
          </div>
        </section>

        <RadioGroup
          legend={ct('crust')}
          name="crust"
          options={crusts}
          selected={c.crustId}
          describe={(o) => ({ text: o.description })}
          onSelect={(id) => update((cur) => selectCrust(cp, cur, id, priced))}
        />

        <RadioGroup
          legend={ct('size')}
          name="size"
          options={sizes}
          selected={c.sizeId}
          describe={(o) => {
            const v = findVariant(cp, c.crustId, o.id);
            const serves = ct('serves', { count: o.serves });
            return v
              ? { text: serves, price: formatRupees(v.price) }
              : { text: `${serves} · ${ct('notInCrust')}`, disabled: true };
          }}
          onSelect={(id) => update((cur) => selectSize(cp, cur, id, priced))}
        />

        {toppingsFailed ? (
          <LoadFailed message={mt('toppingsFailed')} onRetry={onRetryToppings} />
        ) : (
          <>
            {defaults.length > 0 ? (
              <ToppingSection title={ct('onYourPizza')} hint={ct('onYourPizzaHint')}>
                {defaults.map((x) => {
                  const on = !c.removeToppings.includes(x.toppingId);
                  return (
                    <ToppingButton
                      key={x.toppingId}
                      topping={x}
                      pressed={on}
                      note={on ? undefined : ct('removed')}
                      onClick={() => update((cur) => toggleTopping(cp, cur, x.toppingId))}
                    />
                  );
                })}
              </ToppingSection>
            ) : null}

            {cp.isReplaceable ? (
              <SwapSection
                product={cp}
                c={c}
                extras={extras}
                priced={priced}
                onToggle={(id) =>
                  update((cur) =>
                    cur.replaceToppings.includes(id) ? swapOut(cur, id) : swapIn(cp, cur, id, priced),
                  )
                }
              />
            ) : null}

            {(['VEG', 'NON_VEG'] as const).map((kind) => {
              const list = extras.filter((x) => x.foodType === kind);
              if (list.length === 0) return null;
              return (
                <ToppingSection key={kind} title={kind === 'VEG' ? ct('vegToppings') : ct('nonVegToppings')}>
                  {list.map((x) => {
                    const on = c.addToppings.includes(x.toppingId);
                    const price = priceFor(x.toppingId);
                    const swapped = c.replaceToppings.includes(x.toppingId);
                    return (
                      <ToppingButton
                        key={x.toppingId}
                        topping={x}
                        pressed={on}
                        disabled={!on && (price === undefined || swapped)}
                        note={
                          swapped
                            ? ct('inSwap')
                            : price === undefined
                              ? ct('notForSize')
                              : `+${formatRupees(price)}`
                        }
                        onClick={() => update((cur) => toggleTopping(cp, cur, x.toppingId))}
                      />
                    );
                  })}
                </ToppingSection>
              );
            })}

            {toppings ? (
              <Stepper
                title={ct('extraCheese')}
                hint={
                  cheeseUnit === undefined
                    ? ct('notForSize')
                    : ct('extraCheeseEach', { price: formatRupees(cheeseUnit), max: EXTRA_CHEESE_MAX })
                }
                value={c.extraCheese}
                min={0}
                max={cheeseUnit === undefined ? 0 : EXTRA_CHEESE_MAX}
                lessLabel={ct('lessCheese')}
                moreLabel={ct('moreCheese')}
                onChange={(n) => update((cur) => setExtraCheese(cur, n))}
                className="customise-block"
              />
            ) : null}
          </>
        )}

        <section className="customise-block customise-price" aria-labelledby="customise-price-h">
          <h2 id="customise-price-h" className="customise-h">
            {ct('price')}
          </h2>
          {result.ok ? (
            <dl aria-live="polite">
              <Row
                label={ct('base', { crust: crustName, size: sizeName })}
                value={result.price.variantPrice}
                testId="price-base"
              />
              <Row label={ct('toppings')} value={result.price.toppingsPrice} testId="price-toppings" />
              <Row label={ct('cheese')} value={result.price.extraCheesePrice} testId="price-cheese" />
              {c.quantity > 1 ? (
                <>
                  <Row label={ct('perPizza')} value={result.price.unitPrice} testId="price-unit" />
                  <div className="price-row">
                    <dt>{ct('times')}</dt>
                    <dd>×{c.quantity}</dd>
                  </div>
                </>
              ) : null}
              <Row label={ct('total')} value={result.price.linePrice} testId="price-total" total />
            </dl>
          ) : (
            <p className="menu-notice">{t('notAvailableNow')}</p>
          )}
        </section>
      </main>

      <div className="customise-bar" role="region" aria-label={ct('yourPizza')}>
        <div className="customise-bar-inner">
          <Stepper
            title={ct('quantity')}
            value={c.quantity}
            min={1}
            max={MAX_QUANTITY}
            lessLabel={ct('lessQuantity')}
            moreLabel={ct('moreQuantity')}
            onChange={(n) => update((cur) => ({ ...cur, quantity: n }))}
            compact
          />
          <AddToCart
            productCode={product.menuCode}
            choice={c}
            ok={result.ok}
            price={result.ok ? formatRupees(result.price.linePrice) : '—'}
            editItemId={params.get('editItemId')}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The bar's main button: adds the choice to the cart (then says so, with a way to the cart), or, opened
 * from the cart's "Edit", saves over that line and goes back to the cart.
 */
function AddToCart({
  productCode,
  choice,
  ok,
  price,
  editItemId,
}: {
  productCode: string;
  choice: Customisation;
  ok: boolean;
  price: string;
  editItemId: string | null;
}) {
  const actions = useCartActions();
  const add = useAddToCart();
  const navigate = useNavigate();
  // opened from the cart's "Edit" (known at mount: later choices replace the URL): going back returns to
  // the cart; opened straight from a link, the cart replaces this screen
  const location = useLocation();
  const [cameFromApp] = useState(() => location.key !== 'default');
  const [state, setState] = useState<{
    for: Customisation;
    phase: 'saving' | 'added' | 'failed';
    msg?: string;
  }>();
  // a new choice is a new question: the last answer no longer applies to it
  const current = state?.for === choice ? state : undefined;
  const save = () => {
    const input = toCartInput(productCode, choice);
    setState({ for: choice, phase: 'saving' });
    const done = editItemId ? actions.replaceItem(editItemId, input) : add(input);
    done.then(
      (cart) => {
        if (editItemId && cameFromApp) void navigate(-1);
        else if (editItemId) void navigate(paths.cart(), { replace: true });
        // null: no store yet, the location is asked for first and the add made there
        else setState(cart ? { for: choice, phase: 'added' } : undefined);
      },
      (e: unknown) =>
        setState({
          for: choice,
          phase: 'failed',
          msg: e instanceof ApiError || e instanceof NetworkError ? e.message : t('somethingWentWrongRetry'),
        }),
    );
  };
  const n = choice.quantity;
  return (
    <>
      <button
        type="button"
        className="customise-bar-total"
        disabled={!ok || current?.phase === 'saving'}
        onClick={save}
      >
        <span className="customise-bar-add">{editItemId ? ct('updateCart') : ct('addToCart')}</span>
        <span className="customise-bar-price" data-testid="customise-total">
          <span className="visually-hidden">{ct('total')} </span>
          {price}
        </span>
        <span className="customise-bar-note">
          {n === 1 ? ct('totalFor', { count: 1 }) : ct('totalForMany', { count: n })}
        </span>
      </button>
      <div className="customise-bar-status">
        <p role="status">
          {current?.phase === 'added' ? (
            <>
              {ct('added')}{' '}
              <Link to={paths.cart()} className="customise-bar-link">
                {ct('viewCart')}
              </Link>
            </>
          ) : null}
        </p>
        <p role="alert" className="error-text">
          {current?.phase === 'failed' ? current.msg : null}
        </p>
      </div>
    </>
  );
}

function Row({
  label,
  value,
  testId,
  total = false,
}: {
  label: string;
  value: Paise;
  testId: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'price-row price-row-total' : 'price-row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatRupees(paise(value))}</dd>
    </div>
  );
}

function RadioGroup<O extends Option>({
  legend,
  name,
  options,
  selected,
  describe,
  onSelect,
}: {
  legend: string;
  name: string;
  options: readonly O[];
  selected: number;
  describe: (o: O) => { text: string; price?: string; disabled?: boolean };
  onSelect: (id: number) => void;
}) {
  const uid = useId();
  return (
    <fieldset className="customise-block customise-radios">
      <legend className="customise-h legend-heading">{legend}</legend>
      <div className="radio-cards">
        {options.map((o) => {
          const d = describe(o);
          const descId = `${uid}-${o.id}`;
          const detail = [d.text, d.price].filter(Boolean).join(' · ');
          return (
            <label key={o.id} className={d.disabled ? 'radio-card radio-card-off' : 'radio-card'}>
              <input
                type="radio"
                name={`${uid}-${name}`}
                value={o.id}
                checked={selected === o.id}
                disabled={d.disabled}
                aria-label={o.name}
                aria-describedby={detail ? descId : undefined}
                onChange={() => onSelect(o.id)}
              />
              <span className="radio-card-text">
                <span className="radio-card-name">{o.name}</span>
                {detail ? (
                  <span id={descId} className="radio-card-desc">
                    {d.text}
                    {d.price ? <strong className="radio-card-price">{d.price}</strong> : null}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function ToppingSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="customise-block" aria-labelledby={id}>
      <h2 id={id} className="customise-h">
        {title}
      </h2>
      {hint ? <p className="customise-hint">{hint}</p> : null}
      <div className="topping-grid">{children}</div>
    </section>
  );
}

function ToppingButton({
  topping,
  pressed,
  disabled = false,
  note,
  label,
  onClick,
}: {
  topping: Topping;
  pressed: boolean;
  disabled?: boolean;
  note?: string | undefined;
  label?: string;
  onClick: () => void;
}) {
  const noteId = useId();
  return (
    <button
      type="button"
      className="topping"
      aria-pressed={pressed}
      aria-label={label ?? topping.name}
      aria-describedby={note ? noteId : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="topping-check" aria-hidden="true" />
      <span className="topping-name">{topping.name}</span>
      {note ? (
        <span id={noteId} className="topping-note">
          {note}
        </span>
      ) : null}
    </button>
  );
}

function SwapSection({
  product,
  c,
  extras,
  priced,
  onToggle,
}: {
  product: CustomisableProduct;
  c: Customisation;
  extras: readonly Topping[];
  priced: ReadonlyMap<number, PricedTopping>;
  onToggle: (id: number) => void;
}) {
  const left = freeSwapsLeft(product, c);
  const hint =
    c.removeToppings.length === 0
      ? ct('swapHint')
      : left === 1
        ? ct('swapsLeft', { count: left })
        : ct('swapsLeftMany', { count: left });
  return (
    <ToppingSection title={ct('swapTitle')} hint={hint}>
      {/* candidates appear once a default is off: until then the hint says how swapping works */}
      {(c.removeToppings.length === 0 ? [] : extras).map((x) => {
        const on = c.replaceToppings.includes(x.toppingId);
        return (
          <ToppingButton
            key={x.toppingId}
            topping={x}
            label={ct('swapIn', { name: x.name })}
            pressed={on}
            disabled={!on && !canSwapIn(product, c, x.toppingId, priced)}
            note={ct('free')}
            onClick={() => onToggle(x.toppingId)}
          />
        );
      })}
    </ToppingSection>
  );
}

function Stepper({
  title,
  hint,
  value,
  min,
  max,
  lessLabel,
  moreLabel,
  onChange,
  compact = false,
  className,
}: {
  title: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  lessLabel: string;
  moreLabel: string;
  onChange: (n: number) => void;
  compact?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      className={`stepper-block ${compact ? 'stepper-compact' : ''} ${className ?? ''}`}
      role="group"
      aria-labelledby={`${id}-t`}
    >
      <div className="stepper-text">
        <h2 id={`${id}-t`} className={compact ? 'visually-hidden' : 'customise-h'}>
          {title}
        </h2>
        {hint ? <p className="customise-hint">{hint}</p> : null}
      </div>
      <div className="stepper">
        <button
          type="button"
          className="stepper-btn"
          aria-label={lessLabel}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="stepper-value" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className="stepper-btn"
          aria-label={moreLabel}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
