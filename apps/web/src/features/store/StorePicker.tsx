import type { ConsoleStore } from '@crust/contract/store-console';
import { sc } from './texts.ts';

/** A chain admin's list of stores (a store login sees only its own and never comes here). */
export function StorePicker({ stores, onPick }: { stores: ConsoleStore[]; onPick: (id: number) => void }) {
  return (
    <main className="sc-main">
      <h1 className="sc-heading">{sc('chooseStore')}</h1>
      {stores.length === 0 ? <p className="sc-muted">{sc('noStores')}</p> : null}
      <ul className="sc-store-list">
        {stores.map((s) => (
          <li key={s.id}>
            <button type="button" className="sc-store-pick card" onClick={() => onPick(s.id)}>
              <span>{sc('storeLine', { name: s.name, id: s.id })}</span>
              <span className={s.online ? 'sc-pill sc-pill-on' : 'sc-pill sc-pill-off'}>
                {s.online ? sc('online') : sc('offline')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
