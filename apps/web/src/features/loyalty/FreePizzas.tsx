import { useState } from 'react';
import { Link, useNavigate } from '../../shared/router/index.ts';
import type { LoyaltyMenuItem } from '@crust/contract/loyalty';
import { paths } from '../../config/paths.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { rupees } from '../../shared/format.ts';
import { locationSelectionPath } from '../../shared/location/paths.ts';
import { useLocationState } from '../../shared/state/location-store.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { FoodMark } from '../../shared/ui/FoodMark.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { freePizzaLine, useLoyaltyMenuItems } from './api.ts';
import { yt } from './texts.ts';

/**
 * The free pizzas the points buy (burnable.freeItems > 0): the regular pizzas of the customer's store, each with
 * "Add free pizza", which puts a LOYALTY line (₹0, SPEC §3) in the cart and goes there. The server has the last
 * word: a refusal (the points not burnable yet, already spent) shows its displayMsg here.
 */
export function FreePizzas({ freeItems, redeem }: { freeItems: number; redeem: number }) {
  const { store, deliveryType } = useLocationState();
  const storeId = store?.id ?? null;
  const menu = useLoyaltyMenuItems(storeId, true);
  const actions = useCartActions();
  const navigate = useNavigate();
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const add = async (item: LoyaltyMenuItem) => {
    if (adding) return;
    setAdding(item.productCode);
    setError(null);
    try {
      await actions.addItem(freePizzaLine(item));
      void navigate(paths.cart());
    } catch (e) {
      setError(messageOf(e));
      setAdding(null);
    }
  };

  return (
    <section className="card loy-card loy-free" aria-labelledby="loy-free-h">
      <h2 id="loy-free-h" className="loy-h">
        {freeItems > 1 ? yt('freeTitleMany', { n: freeItems }) : yt('freeTitle')}
      </h2>
      <p className="loy-soft">{yt('freeBody', { redeem })}</p>
      {storeId === null ? (
        <>
          <p>{yt('chooseStore')}</p>
          <Link className="btn btn-secondary" to={locationSelectionPath(deliveryType)}>
            {yt('chooseStoreAction')}
          </Link>
        </>
      ) : menu.isPending ? (
        <Spinner />
      ) : menu.isError ? (
        <>
          <ErrorText text={messageOf(menu.error)} />
          <button type="button" className="btn btn-secondary" onClick={() => void menu.refetch()}>
            {yt('retry')}
          </button>
        </>
      ) : menu.data.items.length === 0 ? (
        <p>{yt('noFreePizzas')}</p>
      ) : (
        <ul className="loy-free-list">
          {menu.data.items.map((item) => (
            <li key={`${item.productCode}-${item.crustId}-${item.sizeId}`} className="loy-free-item">
              <span className="loy-free-img">
                {item.image ? <img src={item.image} alt="" width={64} height={64} loading="lazy" /> : null}
              </span>
              <div className="loy-free-text">
                <span className="loy-free-name">
                  <FoodMark foodType={item.nonVeg ? 'NON_VEG' : 'VEG'} />
                  {item.name}
                </span>
                <span className="loy-soft">
                  {item.sizeName} · {item.crustName}
                </span>
                <span className="loy-free-price">
                  <strong>{yt('free')}</strong>
                  <s>
                    <span className="visually-hidden">{yt('worth', { price: rupees(item.pricePaise) })}</span>
                    <span aria-hidden="true">{rupees(item.pricePaise)}</span>
                  </s>
                </span>
                <button
                  type="button"
                  className="btn btn-primary loy-free-add"
                  aria-label={yt('addFreeNamed', { name: item.name })}
                  disabled={adding !== null}
                  onClick={() => void add(item)}
                >
                  {adding === item.productCode ? yt('adding') : yt('addFree')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ErrorText text={error} />
    </section>
  );
}
