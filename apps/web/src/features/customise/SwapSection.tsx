import type { Topping } from '@crust/contract';
import type { CustomisableProduct, Customisation, PricedTopping } from '@crust/domain/customise';
import { canSwapIn, freeSwapsLeft } from '@crust/domain/customise-replace';
import { ToppingButton } from './ToppingButton.tsx';
import { ToppingSection } from './ToppingSection.tsx';
import { ct } from './texts.ts';

/** Free swaps: once a default topping is off, another can take its place at no charge. */
export function SwapSection({
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
