import { Link } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { cartT } from './texts.ts';

/** Nothing in the cart yet: a way back to the menu. */
export function EmptyCart() {
  return (
    <main className="cart-empty">
      <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#f3e6d3" />
        <path
          d="M24 30h6l5 26a4 4 0 0 0 4 3h20a4 4 0 0 0 4-3l5-18H33"
          fill="none"
          stroke="#a3321f"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="41" cy="68" r="4" fill="#a3321f" />
        <circle cx="59" cy="68" r="4" fill="#a3321f" />
      </svg>
      <h2>{cartT('empty')}</h2>
      <p>{cartT('emptyHint')}</p>
      <Link className="btn btn-primary" to={paths.menu()}>
        {cartT('browseMenu')}
      </Link>
    </main>
  );
}
