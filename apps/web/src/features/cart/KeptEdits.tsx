import { dropRefusedEdits, useKeptEdits, waitingEdits, type KeptEdit } from '../../shared/cart/outbox.ts';
import { assertNever } from '@crust/domain/delivery-types';
import { keptEditsT } from './kept-edits-texts.ts';

function describe(edit: KeptEdit): string {
  switch (edit.kind) {
    case 'add':
      return keptEditsT('keptAdd', { name: edit.name });
    case 'step':
      return edit.step >= 0
        ? keptEditsT('keptMore', { name: edit.name, step: edit.step })
        : keptEditsT('keptFewer', { name: edit.name, step: -edit.step });
    case 'remove':
      return keptEditsT('keptRemove', { name: edit.name });
    default:
      return assertNever(edit);
  }
}

/**
 * The cart edits tapped offline, still on the phone (shared/cart/outbox.ts), and those the server refused when they
 * were sent, with its reason: nothing tapped vanishes from view unexplained.
 */
export function KeptEdits() {
  const edits = useKeptEdits();
  const waiting = waitingEdits(edits);
  const refused = edits.filter((e) => e.refused);
  return (
    <>
      {waiting.length > 0 ? (
        <section className="cart-block cart-kept" aria-labelledby="cart-kept-h">
          <h2 id="cart-kept-h" className="cart-h">
            {keptEditsT('keptTitle')}
          </h2>
          <p className="cart-line-summary">{keptEditsT('keptHint')}</p>
          <ul className="cart-kept-list">
            {waiting.map((e) => (
              <li key={e.key}>{describe(e)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {refused.length > 0 ? (
        <section className="cart-block cart-kept cart-kept-refused" aria-labelledby="cart-refused-h">
          <h2 id="cart-refused-h" className="cart-h">
            {keptEditsT('refusedTitle')}
          </h2>
          <ul className="cart-kept-list">
            {refused.map((e) => (
              <li key={e.key}>{keptEditsT('refusedLine', { edit: describe(e), reason: e.refused ?? '' })}</li>
            ))}
          </ul>
          <button type="button" className="btn btn-secondary" onClick={dropRefusedEdits}>
            {keptEditsT('refusedOk')}
          </button>
        </section>
      ) : null}
    </>
  );
}
