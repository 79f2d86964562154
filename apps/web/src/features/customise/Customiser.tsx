import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../shared/router/index.ts';
import type { Menu, MenuProduct, Toppings } from '@crust/contract';
import { EXTRA_CHEESE_ITEM_ID, EXTRA_CHEESE_MAX } from '@crust/domain/constants';
import {
  effectiveFoodType,
  findVariant,
  priceCustomisation,
  selectCrust,
  selectSize,
  setExtraCheese,
  toggleTopping,
  type Customisation,
} from '@crust/domain/customise';
import { swapIn, swapOut } from '@crust/domain/customise-replace';
import { formatRupees, type Paise } from '@crust/domain/money';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { StepperField } from '../../shared/ui/form/Stepper.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { LoadFailed, ProductImage } from '../../shared/menu/product-parts.tsx';
import { NutritionFacts } from '../../shared/menu/NutritionFacts.tsx';
import { nt } from '../../shared/menu/nutrition-texts.ts';
import { pricedToppings, toCustomisable } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import { AddToCart } from './AddToCart.tsx';
import { ChoiceCards } from './ChoiceCards.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { MAX_QUANTITY, readSelection } from '../../shared/menu/customise-selection.ts';
import { writeSelection } from '../../shared/menu/customise-href.ts';
import { SwapSection } from './SwapSection.tsx';
import { ToppingButton } from './ToppingButton.tsx';
import { ToppingSection } from './ToppingSection.tsx';
import { ct } from './texts.ts';

function uniqueBy<T>(items: readonly T[], key: (x: T) => number): T[] {
  const seen = new Set<number>();
  return items.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

/** The customiser of one product: crust, size, toppings, extra cheese, the price, and the bar to add it. */
export function Customiser({
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

        <ChoiceCards
          name="crust"
          legend={ct('crust')}
          options={crusts}
          selected={c.crustId}
          describe={(o) => ({ text: o.description })}
          onSelect={(id) => update((cur) => selectCrust(cp, cur, id, priced))}
        />

        <ChoiceCards
          name="size"
          legend={ct('size')}
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

        {product.sizes?.length ? (
          <details className="customise-block customise-nutrition">
            <summary className="customise-h">{nt('title')}</summary>
            <NutritionFacts
              info={product.sizes.find((s) => s.sizeId === c.sizeId)}
              sizeName={sizes.find((x) => x.id === c.sizeId)?.name ?? ''}
            />
          </details>
        ) : null}

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
              <StepperField
                title={ct('extraCheese')}
                titleClassName="customise-h"
                hintClassName="customise-hint"
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

        <PriceSummary
          result={result}
          quantity={c.quantity}
          crustName={crusts.find((x) => x.id === c.crustId)?.name ?? ''}
          sizeName={sizes.find((x) => x.id === c.sizeId)?.name ?? ''}
        />
      </main>

      <div className="customise-bar" role="region" aria-label={ct('yourPizza')}>
        <div className="customise-bar-inner">
          <StepperField
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
