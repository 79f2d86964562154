import type { DeliveryType } from '@crust/domain/delivery-types';
import { useCartWidget } from '../../shared/content/api.ts';
import { Markup } from '../../shared/content/Markup.tsx';
import { widgetPath } from '../../shared/content/widget-path.ts';
import { isRouted } from '../../shared/routed.ts';
import { Link } from '../../shared/router/index.ts';
import { cartT } from './texts.ts';
import { useOffered } from '../../shared/app-config/capabilities.ts';

/**
 * SPEC §7 CMS static cart widget: the chain's word on this cart (lang en, platform PWA, page cart, the cart's
 * delivery type, site crust), with a link where its kind leads somewhere. Nothing when there is none, or while
 * it loads: the cart never waits for it.
 */
export function CartWidget({ deliveryType }: { deliveryType: DeliveryType }) {
  const widget = useCartWidget(deliveryType).data?.widget;
  const offered = useOffered();
  if (!widget) return null;
  const to = widgetPath(widget);
  // a widget leading to a switched-off or partner-blocked screen is about that feature ("Coupons and combo deals
  // work on this cart" where offers are blocked): not shown at all
  if (to && isRouted(to) && !offered(to)) return null;
  return (
    <section className="cart-block cart-widget" aria-labelledby="cart-widget-h">
      <h2 id="cart-widget-h" className="cart-h">
        {widget.title}
      </h2>
      {widget.subtitle ? <p className="cart-widget-sub">{widget.subtitle}</p> : null}
      <Markup tree={widget.body} />
      {to && isRouted(to) ? (
        <Link className="cart-widget-link" to={to}>
          {cartT('widgetMore')}
        </Link>
      ) : null}
    </section>
  );
}
