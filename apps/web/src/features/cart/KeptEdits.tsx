import { useKeptEdits, type KeptEdit } from '../../shared/cart/outbox.ts';
import { assertNever } from '@crust/domain/delivery-types';
import { cartT } from './texts.ts';

function describe(edit: KeptEdit): string {
  switch (edit.kind) {
    case 'add':
      return cartT('keptAdd', { name: edit.name });
    case 'step':
      return edit.step >= 0
        ? cartT('keptMore', { name: edit.name, step: edit.step })
        : cartT('keptFewer', { name: edit.name, step: -edit.step });
    case 'remove':
      return cartT('keptRemove', { name: edit.name });
    default:
      return assertNever(edit);
  }
}

/** The cart edits tapped offline, still on the phone (shared/cart/outbox.ts): nothing tapped is lost from view. */
export function KeptEdits() {
  const edits = useKeptEdits();
  if (edits.length === 0) return null;
  return (
    <section className="cart-block cart-kept" aria-labelledby="cart-kept-h">
      <h2 id="cart-kept-h" className="cart-h">
        {cartT('keptTitle')}
      </h2>
      <p className="cart-line-summary">{cartT('keptHint')}</p>
      <ul className="cart-kept-list">
        {edits.map((e) => (
          <li key={e.key}>{describe(e)}</li>
        ))}
      </ul>
    </section>
  );
}
