import type { CalcEntry } from '@crust/contract';
import { billAmount } from '../format.ts';

/**
 * cartCalculations exactly as the server sent them: label and value, children indented, the grand total last.
 * The cart's "Price details" and checkout's bill show the same rows.
 */
export function CalcRows({ entries }: { entries: readonly CalcEntry[] }) {
  return (
    <dl className="cart-calc">
      {entries.map((e) => (
        <CalcRow key={e.key} entry={e} depth={0} />
      ))}
    </dl>
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
