import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { messageOf, setProductStock, type ConsoleProduct } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { applyStock, useProducts } from './queries.ts';
import { sc } from './texts.ts';

/** Categories in the order the server lists them (the menu's order), each with its products. */
function byCategory(products: ConsoleProduct[]): [string, ConsoleProduct[]][] {
  const groups = new Map<string, ConsoleProduct[]>();
  for (const p of products) {
    const group = groups.get(p.category);
    if (group) group.push(p);
    else groups.set(p.category, [p]);
  }
  return [...groups];
}

/**
 * Stock: a product marked out of stock disappears from customers' menus as unavailable and is flagged in
 * carts that hold it; back in stock undoes both.
 */
export function StockList({ storeId }: { storeId: number }) {
  const products = useProducts(storeId);
  if (products.isPending) return <Spinner />;
  if (products.isError) return <LoadFailed error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <p className="sc-muted sc-empty">{sc('emptyStock')}</p>;
  return (
    <div className="sc-stock">
      {byCategory(products.data).map(([category, list]) => (
        <section key={category} className="sc-stock-group card">
          <h2 className="sc-stock-category">{category}</h2>
          <ul>
            {list.map((p) => (
              <StockRow key={p.code} storeId={storeId} product={p} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function StockRow({ storeId, product }: { storeId: number; product: ConsoleProduct }) {
  const id = useId();
  const qc = useQueryClient();
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = () =>
    run(
      async () => {
        setProblem(null);
        const inStock = !product.inStock;
        await setProductStock(storeId, product.code, inStock);
        applyStock(qc, storeId, product.code, inStock);
      },
      (err) => setProblem(messageOf(err)),
    );

  return (
    <li className="sc-stock-row">
      <span id={`${id}-name`} className="sc-stock-name">
        {product.name}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={product.inStock}
        aria-labelledby={`${id}-name`}
        className={`sc-stock-toggle ${product.inStock ? 'is-in' : 'is-out'}`}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {product.inStock ? sc('inStock') : sc('outOfStock')}
      </button>
      <ErrorText text={problem} />
    </li>
  );
}
