/** What the menu's screens show of a product (its picture and price), and the calm note when a menu call fails. */
import type { MenuProduct } from '@crust/contract';
import { formatRupees, paise } from '@crust/domain/money';
import { t } from '../i18n/index.ts';
import { imageOf } from './model.ts';
import { mt } from './texts.ts';

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

/** The price now, and the regular price struck through when it is higher. */
export function PriceTag({ current, regular }: { current: number; regular?: number }) {
  return (
    <span className="price-tag">
      <span className="visually-hidden">{mt('price')} </span>
      <strong className="price-now">{formatRupees(paise(current))}</strong>
      {regular !== undefined && regular > current ? (
        <s className="price-was">
          <span className="visually-hidden">{mt('regularPrice')} </span>
          {formatRupees(paise(regular))}
        </s>
      ) : null}
    </span>
  );
}

/** SPEC §8: a failed menu or topping call is not an alarm: a calm inline note and a way to retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
