import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UpsellSpace } from './UpsellSpace.tsx';
import type { Cart, CartUpsellResponse } from '@crust/contract';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import { rupees } from '../../shared/format.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { useMenu } from '../../shared/menu/api.ts';
import { ProductImage } from '../../shared/menu/product-parts.tsx';
import { useCartBusy } from '../../shared/cart/api.ts';
import { defaultCartInput } from '../../shared/cart/items.ts';
import { useAddToCart } from '../../shared/cart/location-first.ts';
import { cartT } from './texts.ts';
import { notifyError } from '../../shared/cart/toasts.ts';

/** Recommendations from the server, shown with the menu's own pictures and names. */
export function Upsell({ cart }: { cart: Cart }) {
  const add = useAddToCart();
  const busy = useCartBusy();
  const menu = useMenu(cart.storeId);
  const upsell = useQuery({
    queryKey: ['cartUpsell', cart.cartId, cart.version],
    queryFn: ({ signal }) =>
      api<CartUpsellResponse>(fillPath(API_PATHS.cartUpsell, { cartId: cart.cartId }), {
        signal,
        headers: { [HEADERS.cartId]: cart.cartId },
      }).then(
        (r) => r.data.productCodes,
        (e: unknown) => {
          // recommendations are a nicety: a failure is logged, not shown
          if (!signal.aborted) console.warn('[cart] upsell failed', e);
          throw e;
        },
      ),
    staleTime: 5 * 60_000,
  });
  const products = useMemo(() => {
    const byCode = new Map(menu.data?.products.map((p) => [p.menuCode, p]));
    return (upsell.data ?? []).flatMap((code) => {
      const p = byCode.get(code);
      return p && p.inStock && p.variants.length > 0 ? [p] : [];
    });
  }, [menu.data, upsell.data]);
  if (upsell.isPending || menu.isPending) return <UpsellSpace />;
  if (products.length === 0) return null;
  return (
    <section className="cart-block" aria-labelledby="cart-upsell-h">
      <h2 id="cart-upsell-h" className="cart-h">
        {cartT('upsellTitle')}
      </h2>
      <ul className="cart-upsell">
        {products.slice(0, 8).map((p) => (
          <li key={p.menuCode} className="cart-upsell-item">
            <ProductImage product={p} size={72} />
            <p className="cart-upsell-name">
              <FoodMark foodType={p.foodType} />
              <span>{p.name}</span>
            </p>
            <p className="cart-upsell-price">{rupees(p.price.currentPrice)}</p>
            <button
              type="button"
              className="btn btn-secondary cart-small-btn"
              disabled={busy}
              aria-label={cartT('addItem', { name: p.name })}
              onClick={() => void add(defaultCartInput(p)).catch(notifyError)}
            >
              {cartT('add')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
