import { formatRupees, paise } from '@crust/domain/money';
import { mt } from './texts.ts';

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
