import type { MenuProduct } from '@crust/contract';
import { ProductImage } from './product-parts.tsx';

/**
 * A product picture where a food photo matters most (the menu's cards): a photo from the
 * back office as a <picture> of its WebP widths, its JPEG widths where WebP cannot be shown, sized up front and
 * lazy unless among the first on screen. Anything else (a drawn placeholder) is ProductImage; other screens keep
 * ProductImage alone, which shows a photo's JPEG, so their first download does not grow.
 */
export function ProductPhoto(props: {
  product: MenuProduct;
  size: number;
  eager?: boolean;
  priority?: boolean;
}) {
  const photo = props.product.mediaList[0];
  const set = photo?.srcset;
  if (!photo || !set) return <ProductImage {...props} />;
  const sizes = `${props.size}px`;
  return (
    <span className="product-img">
      <picture>
        <source type="image/webp" srcSet={set.webp} sizes={sizes} />
        <img
          src={photo.url}
          srcSet={set.jpeg}
          sizes={sizes}
          alt=""
          width={props.size}
          height={props.size}
          loading={props.eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={props.priority ? 'high' : undefined}
          // a picture that cannot come (offline and never cached) leaves the drawn placeholder, not a broken icon
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
      </picture>
    </span>
  );
}
