import type { WidgetKind } from '@crust/domain/content';
import { assertNever } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';

/**
 * Where a widget leads (docs/content.md): SPEC §2 banner routing (hygiene → /notification, EDV → /edv, irctc →
 * /deliverOnTrain, favourite → /menu/bestsellers, offers → /offers) and widget actions (web_view → /notification,
 * here with the widget's own content; reward → /pizzaLoyalty; edv → /edv; menu → /menu; deals → /offers), the
 * World Pizza League promotion, and nowhere for a plain notice.
 */
export function widgetPath(widget: { kind: WidgetKind; id: string }): string | null {
  const { kind } = widget;
  switch (kind) {
    case 'hygiene':
      return paths.notification();
    case 'edv':
      return paths.edv();
    case 'irctc':
      return paths.deliverOnTrain();
    case 'favourite':
      return paths.menu({ slug: 'bestsellers' });
    case 'offers':
      return paths.offers();
    case 'web_view':
      return paths.notification({ widget: widget.id });
    case 'reward':
      return paths.pizzaLoyalty();
    case 'menu':
      return paths.menu();
    case 'deals':
      return paths.offers();
    case 'world_pizza_league':
      return paths.worldPizzaLeague();
    case 'none':
      return null;
    default:
      return assertNever(kind);
  }
}
