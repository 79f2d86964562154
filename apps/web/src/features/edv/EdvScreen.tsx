import { MESSAGES } from '@crust/domain/messages';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import type { EdvDeal, Menu, MenuProduct } from '@crust/contract';
import { formatRupees, paise } from '@crust/domain/money';
import { paths } from '../../config/paths.ts';
import { ApiError, messageOf } from '../../shared/api/errors.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { cartInputInSize } from '../../shared/cart/items.ts';
import { quantityLabels, Stepper } from '../../shared/ui/form/Stepper.tsx';
import { notify, notifyError } from '../../shared/cart/toasts.ts';
import { useMenu, useMenuStoreId } from '../../shared/menu/api.ts';
import { ProductImage } from '../../shared/menu/product-parts.tsx';
import { useEdvData, useEdvDeal, useEdvMixMatch, type MixMatchMenu } from './api.ts';
import { et } from './texts.ts';
import '../../shared/menu/menu.css';
import './edv.css';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';

const rupees = (amount: number) => formatRupees(paise(amount));

/** SPEC §2 /everyday-value-offers: the old address of /edv, query kept. */
export function EdvRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.edv.pattern, search }} replace />;
}

/** SPEC §2 /edv (every deal at the store) and /edv?itemId={dealId} (one deal). */
export default function EdvScreen() {
  const [params] = useSearchParams();
  const itemId = params.get('itemId');
  if (itemId === null) return <DealList />;
  if (!/^\d{1,9}$/.test(itemId)) {
    return (
      <div className="edv-screen">
        <ScreenHeader title={et('title')} />
        <Calm text={MESSAGES.brokenLink} />
      </div>
    );
  }
  return <DealScreen key={itemId} dealId={Number(itemId)} />;
}

function Calm({ text }: { text: string }) {
  return (
    <div className="menu-empty">
      <p>{text}</p>
      <Link className="btn btn-secondary" to={paths.menu()}>
        {et('seeMenu')}
      </Link>
    </div>
  );
}

function DealList() {
  const storeId = useMenuStoreId();
  const edv = useEdvData(storeId);
  return (
    <div className="edv-screen">
      <ScreenHeader title={et('title')} />
      <main className="edv-main">
        {edv.status === 'GETTING_DATA' ? (
          <Spinner />
        ) : edv.status === null || edv.deals.length === 0 ? (
          // SPEC §8: an EDV failure shows nothing alarming (it is logged)
          <Calm text={et('none')} />
        ) : (
          <>
            <p className="edv-intro">{et('intro')}</p>
            <ul className="card-list">
              {edv.deals.map((d) => (
                <li key={d.id}>
                  <DealCard deal={d} />
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
    </div>
  );
}

function DealCard({ deal }: { deal: EdvDeal }) {
  const lowest = Math.min(...deal.prices.map((p) => p.price));
  return (
    <article className="edv-deal card" aria-label={deal.title}>
      <h2 className="edv-deal-title">{deal.title}</h2>
      <p className="edv-deal-desc">{deal.description}</p>
      <p className="edv-deal-meta">
        {Number.isFinite(lowest) ? <strong>{et('from', { price: rupees(lowest) })}</strong> : null}
        <span>{et('pickAny', { count: deal.groupSize })}</span>
      </p>
      <Link
        className="btn btn-primary edv-btn"
        to={paths.edv({ itemId: deal.id })}
        aria-label={et('viewDealNamed', { title: deal.title })}
      >
        {et('viewDeal')}
      </Link>
    </article>
  );
}

function DealScreen({ dealId }: { dealId: number }) {
  const storeId = useMenuStoreId();
  const deal = useEdvDeal(storeId, dealId);
  const menu = useMenu(storeId);
  return (
    <div className="edv-screen">
      <ScreenHeader title={deal.data?.title ?? et('title')} backTo={paths.edv()} />
      <main className="edv-main">
        {deal.isPending ? (
          <Spinner />
        ) : !deal.data ? (
          <>
            <Calm text={et('dealNotFound')} />
            <Link className="edv-all" to={paths.edv()}>
              {et('allDeals')}
            </Link>
          </>
        ) : (
          <>
            <section className="edv-deal card" aria-label={deal.data.title}>
              <p className="edv-deal-desc">{deal.data.description}</p>
              <ul className="edv-prices">
                {deal.data.prices.map((p) => (
                  <li key={p.sizeId}>{et('priceEach', { size: p.sizeName, price: rupees(p.price) })}</li>
                ))}
              </ul>
              <p className="edv-deal-meta">{et('pickAny', { count: deal.data.groupSize })}</p>
            </section>
            {deal.data.isMixMatch ? (
              <MixMatch deal={deal.data} storeId={storeId} menu={menu.data} />
            ) : (
              <DealProducts deal={deal.data} menu={menu.data} menuPending={menu.isPending} />
            )}
          </>
        )}
      </main>
    </div>
  );
}

function productsOf(menu: Menu | undefined, codes: readonly string[]): MenuProduct[] {
  const byCode = new Map(menu?.products.map((p) => [p.menuCode, p]));
  return codes.flatMap((code) => {
    const p = byCode.get(code);
    return p && p.inStock ? [p] : [];
  });
}

/** A plain deal: its products from the menu, each added in the deal's size, then "Apply deal". */
function DealProducts({
  deal,
  menu,
  menuPending,
}: {
  deal: EdvDeal;
  menu: Menu | undefined;
  menuPending: boolean;
}) {
  const actions = useCartActions();
  const add = useAddToCart();
  const busy = useCartBusy();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const sizeId = deal.prices[0]?.sizeId;
  const products = useMemo(
    () =>
      productsOf(menu, deal.productCodes).filter(
        (p) => sizeId !== undefined && cartInputInSize(p, sizeId, deal.crustIds) !== null,
      ),
    [menu, deal, sizeId],
  );
  if (menuPending) return <Spinner />;
  const apply = () => {
    setError(null);
    actions.applyPromo(deal.code).then(
      () => void navigate(paths.cart()),
      (e: unknown) => setError(messageOf(e)),
    );
  };
  return (
    <section className="edv-pick" aria-labelledby="edv-eligible-h">
      <h2 id="edv-eligible-h" className="edv-h">
        {et('eligible')}
      </h2>
      {products.length === 0 ? <p className="edv-note">{et('noProducts')}</p> : null}
      <ul className="card-list">
        {products.map((p) => (
          <li key={p.menuCode} className="edv-product">
            <ProductImage product={p} size={64} />
            <p className="edv-product-name">
              <FoodMark foodType={p.foodType} />
              <span>{p.name}</span>
            </p>
            <button
              type="button"
              className="btn btn-secondary edv-add"
              disabled={busy}
              aria-label={et('addItem', { name: p.name })}
              onClick={() => {
                const input = sizeId === undefined ? null : cartInputInSize(p, sizeId, deal.crustIds);
                if (!input) return;
                add(input).then((cart) => cart && notify(et('added')), notifyError);
              }}
            >
              {et('add')}
            </button>
          </li>
        ))}
      </ul>
      <div className="edv-apply">
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={apply}>
          {et('applyDeal')}
        </button>
        <ErrorText text={error} />
      </div>
    </section>
  );
}

type Group = 'medium' | 'regular';

/**
 * SPEC §3 EDV mix-and-match: medium and regular pizzas at their deal prices. The picks are added to the
 * cart, one line per pizza and size, and then the deal's code is applied.
 */
function MixMatch({ deal, storeId, menu }: { deal: EdvDeal; storeId: number; menu: Menu | undefined }) {
  const mm = useEdvMixMatch(storeId, deal.id);
  if (mm.isPending) return <Spinner />;
  if (!mm.data) {
    // SPEC §8: a FAILED answer shows errors[0].displayMsg; a failed fetch "Something went wrong."
    const text =
      mm.error instanceof ApiError && mm.error.status === 200 ? mm.error.message : MESSAGES.edvFetchFailed;
    return (
      <p className="edv-note" role="alert">
        {text}
      </p>
    );
  }
  return <MixMatchPicker mm={mm.data} deal={deal} menu={menu} />;
}

function MixMatchPicker({ mm, deal, menu }: { mm: MixMatchMenu; deal: EdvDeal; menu: Menu | undefined }) {
  const add = useAddToCart();
  const busy = useCartBusy();
  const navigate = useNavigate();
  const [picks, setPicks] = useState<ReadonlyMap<string, number>>(new Map());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyOf = (group: Group, code: string) => `${group}:${code}`;
  const count = [...picks.values()].reduce((n, q) => n + q, 0);
  const priceOf = (key: string) => (key.startsWith('medium:') ? mm.medium.price : mm.regular.price);
  const total = [...picks].reduce((sum, [key, q]) => sum + priceOf(key) * q, 0);
  const change = (key: string, by: number) =>
    setPicks((prev) => {
      const next = new Map(prev);
      const q = Math.max(0, (next.get(key) ?? 0) + by);
      if (q === 0) next.delete(key);
      else next.set(key, q);
      return next;
    });

  const groups: {
    group: Group;
    title: string;
    size: string;
    sizeId: number;
    price: number;
    products: MenuProduct[];
  }[] = (['medium', 'regular'] as const).map((group) => ({
    group,
    title: group === 'medium' ? et('medium') : et('regular'),
    size:
      menu?.sizes.find((s) => s.sizeId === mm[group].sizeId)?.name ??
      (group === 'medium' ? et('mediumSize') : et('regularSize')),
    sizeId: mm[group].sizeId,
    price: mm[group].price,
    products: productsOf(menu, mm[group].productCodes).filter(
      (p) => cartInputInSize(p, mm[group].sizeId, deal.crustIds) !== null,
    ),
  }));

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      const inputs = groups.flatMap((g) =>
        g.products.flatMap((p) => {
          const q = picks.get(keyOf(g.group, p.menuCode));
          const input = q ? cartInputInSize(p, g.sizeId, deal.crustIds, q) : null;
          return input ? [input] : [];
        }),
      );
      // with no store yet the picks wait for the location, and are added (the deal applied) there
      const cart = await add(inputs, { promoCode: mm.code, returnTo: paths.cart() });
      if (cart) void navigate(paths.cart());
      else setSaving(false);
    } catch (e) {
      setError(messageOf(e));
      setSaving(false);
    }
  };

  return (
    <section className="edv-pick" aria-labelledby="edv-mm-h">
      <h2 id="edv-mm-h" className="edv-h">
        {et('mixMatchTitle')}
      </h2>
      {groups.map((g) => (
        <section key={g.group} className="edv-group" aria-labelledby={`edv-mm-${g.group}`}>
          <h3 id={`edv-mm-${g.group}`} className="edv-group-h">
            {g.title} <span>{et('groupEach', { price: rupees(g.price) })}</span>
          </h3>
          <ul className="card-list">
            {g.products.map((p) => {
              const key = keyOf(g.group, p.menuCode);
              const q = picks.get(key) ?? 0;
              return (
                <li key={key} className="edv-product">
                  <ProductImage product={p} size={64} />
                  <p className="edv-product-name">
                    <FoodMark foodType={p.foodType} />
                    <span>
                      {p.name}
                      <span className="edv-product-price">{rupees(g.price)}</span>
                    </span>
                  </p>
                  <Stepper
                    {...quantityLabels(et('pickName', { name: p.name, size: g.size }))}
                    value={q}
                    min={0}
                    disabled={saving}
                    onChange={(_, step) => change(key, step)}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {/* the list runs to some sixty pizzas: what is picked, its price and the button stay in view at the bottom */}
      <div className="edv-apply">
        <p className="edv-note" aria-live="polite">
          <span>
            {count <= mm.groupSize
              ? et('picked', { count, group: mm.groupSize })
              : et('pickedMore', { count })}
          </span>
          {count > 0 ? <strong className="edv-total">{rupees(total)}</strong> : null}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={count < mm.groupSize || saving || busy}
          onClick={() => void confirm()}
        >
          {count < mm.groupSize ? et('pickAtLeast', { count: mm.groupSize }) : et('addPicked', { count })}
        </button>
        <ErrorText text={error} />
      </div>
    </section>
  );
}
