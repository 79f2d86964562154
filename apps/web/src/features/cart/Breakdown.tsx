import type { CalcEntry } from '@crust/contract';
import { CalcRows } from '../../shared/cart/CalcRows.tsx';
import { cartT } from './texts.ts';

/** The cart's "Price details": the server's breakdown rows (shared with checkout's bill). */
export function Breakdown({ entries }: { entries: readonly CalcEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="cart-block" aria-labelledby="cart-breakdown-h">
      <h2 id="cart-breakdown-h" className="cart-h">
        {cartT('breakdownTitle')}
      </h2>
      <CalcRows entries={entries} />
    </section>
  );
}
