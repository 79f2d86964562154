import { cartT } from './texts.ts';

/**
 * The recommendations' place, held while their code and answer arrive: they sit between the cart's lines and its
 * coupon, tip and bill, and appearing late they pushed all of that 340 px down (a layout shift of 0.21 on a slow
 * phone; issue 32). The row's height is fixed in CSS (`.cart-upsell`), so the space and the row match.
 */
export function UpsellSpace() {
  return (
    <section className="cart-block" aria-hidden="true">
      <h2 className="cart-h">{cartT('upsellTitle')}</h2>
      <div className="cart-upsell cart-upsell-space" />
    </section>
  );
}
