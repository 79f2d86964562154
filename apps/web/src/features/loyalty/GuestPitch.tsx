import { Link } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { Perks } from './Perks.tsx';
import { yt } from './texts.ts';

/** A guest has no loyalty (SPEC §6): why to log in, and the way to, coming back here afterwards. */
export function GuestPitch() {
  return (
    <section className="card loy-card" aria-labelledby="loy-guest-h">
      <h2 id="loy-guest-h" className="loy-h">
        {yt('guestTitle')}
      </h2>
      <p className="loy-soft">{yt('guestBody')}</p>
      <h3 className="loy-sub">{yt('perksTitle')}</h3>
      <Perks />
      <Link className="btn btn-primary btn-block" to={paths.login({ redirectUrl: paths.pizzaLoyalty() })}>
        {yt('login')}
      </Link>
    </section>
  );
}
