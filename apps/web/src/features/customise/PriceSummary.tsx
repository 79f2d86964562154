import { MESSAGES } from '@crust/domain/messages';
import type { priceCustomisation } from '@crust/domain/customise';
import { formatRupees, paise, type Paise } from '@crust/domain/money';
import { ct } from './texts.ts';

/** The price of the choice as it stands: base, toppings, cheese, per pizza and the total. */
export function PriceSummary({
  result,
  quantity,
  crustName,
  sizeName,
}: {
  result: ReturnType<typeof priceCustomisation>;
  quantity: number;
  crustName: string;
  sizeName: string;
}) {
  return (
    <section className="customise-block customise-price" aria-labelledby="customise-price-h">
      <h2 id="customise-price-h" className="customise-h">
        {ct('price')}
      </h2>
      {result.ok ? (
        <dl aria-live="polite">
          <Row
            label={ct('base', { crust: crustName, size: sizeName })}
            value={result.price.variantPrice}
            testId="price-base"
          />
          <Row label={ct('toppings')} value={result.price.toppingsPrice} testId="price-toppings" />
          <Row label={ct('cheese')} value={result.price.extraCheesePrice} testId="price-cheese" />
          {quantity > 1 ? (
            <>
              <Row label={ct('perPizza')} value={result.price.unitPrice} testId="price-unit" />
              <div className="price-row">
                <dt>{ct('times')}</dt>
                <dd>×{quantity}</dd>
              </div>
            </>
          ) : null}
          <Row label={ct('total')} value={result.price.linePrice} testId="price-total" total />
        </dl>
      ) : (
        <p className="menu-notice">{MESSAGES.notAvailableNow}</p>
      )}
    </section>
  );
}

function Row({
  label,
  value,
  testId,
  total = false,
}: {
  label: string;
  value: Paise;
  testId: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'price-row price-row-total' : 'price-row'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatRupees(paise(value))}</dd>
    </div>
  );
}
