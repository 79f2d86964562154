import { lazy, memo, Suspense, useState } from 'react';
import { Link } from '../../shared/router/index.ts';
import type { MenuProduct } from '@crust/contract';
import { paths } from '../../config/paths.ts';
import type { ProductInCart } from '../../shared/cart/api.ts';
import { isCustomisable } from '../../shared/menu/model.ts';
import { PriceTag } from '../../shared/menu/product-parts.tsx';
import { ProductPhoto } from '../../shared/menu/ProductPhoto.tsx';
import { mt } from '../../shared/menu/texts.ts';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { CardAction } from '../../shared/menu/CardAction.tsx';
import { productDomId } from './deep-link-scroll.ts';
import { menuTexts } from './texts.ts';

// the detail (photo, nutrition and allergens) is its own chunk, fetched when a customer opens one
const ProductDetail = lazy(() => import('./ProductDetail.tsx'));

interface CardProps {
  product: MenuProduct;
  categoryId: number;
  eager: boolean;
  priority: boolean;
  highlighted: boolean;
  /** how many of it the cart holds, when any */
  inCart: ProductInCart | undefined;
  /** a cart change is on its way (only passed to cards with the product in the cart) */
  busy: boolean;
}

/** A product on the menu: picture, name, description, price, a link to customise it, and adding it to the cart. */
export const ProductCard = memo(function ProductCard({
  product: p,
  categoryId,
  eager,
  priority,
  highlighted,
  inCart,
  busy,
}: CardProps) {
  const nameId = `${productDomId(categoryId, p.menuCode)}-name`;
  const [detail, setDetail] = useState(false);
  return (
    <article
      id={productDomId(categoryId, p.menuCode)}
      className={highlighted ? 'menu-card card menu-card-highlight' : 'menu-card card'}
      aria-labelledby={nameId}
      tabIndex={highlighted ? -1 : undefined}
    >
      <div className="menu-card-media">
        <ProductPhoto product={p} size={112} eager={eager} priority={priority} />
        {p.isBestseller ? <span className="menu-tag">{mt('bestseller')}</span> : null}
      </div>
      <div className="menu-card-body">
        <div className="menu-card-title">
          <FoodMark foodType={p.foodType} />
          <h3 id={nameId}>{p.name}</h3>
        </div>
        <p className="menu-card-desc">{p.description}</p>
        {p.sizes?.length ? (
          <button
            type="button"
            className="menu-card-info"
            aria-haspopup="dialog"
            aria-label={menuTexts('nutritionOf', { name: p.name })}
            onClick={() => setDetail(true)}
          >
            {menuTexts('nutrition')}
          </button>
        ) : null}
        {detail ? (
          <Suspense fallback={null}>
            <ProductDetail product={p} onClose={() => setDetail(false)} />
          </Suspense>
        ) : null}
        <div className="menu-card-foot">
          <div className="menu-card-price">
            <PriceTag current={p.price.currentPrice} regular={p.price.regularPrice} />
            {p.inStock && isCustomisable(p) ? (
              <Link
                className="menu-card-customise"
                to={paths.customise({ pizzaId: p.menuCode })}
                aria-label={mt('customiseItem', { name: p.name })}
              >
                {mt('customise')}
              </Link>
            ) : null}
          </div>
          <CardAction product={p} inCart={inCart} busy={busy} />
        </div>
      </div>
    </article>
  );
});
