import type { CalcEntry } from '@crust/contract';
import { billAmount } from '../../shared/format.ts';
import { cartT } from './texts.ts';

/** cartCalculations exactly as the server sent them: label and value, children indented. */
export function Breakdown({ entries }: { entries: readonly CalcEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="cart-block" aria-labelledby="cart-breakdown-h">
      <h2 id="cart-breakdown-h" className="cart-h">
        {cartT('breakdownTitle')}
      </h2>
      <dl className="cart-calc">
        {entries.map((e) => (
          <CalcRow key={e.key} entry={e} depth={0} />
        ))}
      </dl>
    </section>
  );
}

function CalcRow({ entry, depth }: { entry: CalcEntry; depth: number }) {
  const total = entry.key === 'grand_total';
  return (
    <>
      <div
        className={`cart-calc-row${total ? ' cart-calc-total' : ''}${depth ? ' cart-calc-child' : ''}`}
        data-testid={`calc-${entry.key}`}
      >
        <dt>{entry.label}</dt>
        <dd>{billAmount(entry.key, entry.value)}</dd>
      </div>
      {entry.children?.map((c) => (
        <CalcRow key={`${entry.key}.${c.key}`} entry={c} depth={depth + 1} />
      ))}
    </>
  );
}
