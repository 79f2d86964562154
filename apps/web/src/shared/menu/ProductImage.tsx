import type { MenuProduct } from '@crust/contract';
import { imageOf } from './model.ts';

/** A product picture: sized up front (no layout shift), lazy unless it is among the first on screen. */
export function ProductImage({
  product,
  size,
  eager = false,
  priority = false,
}: {
  product: MenuProduct;
  size: number;
  eager?: boolean;
  priority?: boolean;
}) {
  const src = imageOf(product);
  return (
    <span className="product-img">
      {src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
      ) : null}
    </span>
  );
}
