import type { LoyaltyInfo } from '@crust/contract/loyalty';
import { rupees } from '../../shared/format.ts';
import { PizzaSlices } from './PizzaSlices.tsx';
import { yt } from './texts.ts';

const PAISE_PER_POINT = 100;

/**
 * The points held (worth ₹1 each), those still on their way (credited 24–48 hours after delivery), and the
 * slices earned toward the next free pizza.
 */
export function PointsCard({ info }: { info: LoyaltyInfo }) {
  const { balance, programme } = info;
  // six slices and none toward the next: a whole pizza, drawn whole rather than as an empty plate
  const whole = balance.slicesTowardNext === 0 && balance.sliceBalance >= programme.slices;
  const earned = whole ? programme.slices : Math.min(balance.slicesTowardNext, programme.slices);
  const toGo = programme.slices - earned;
  const next = whole
    ? balance.burnable.freeItems > 0
      ? yt('wholeReady')
      : yt('wholeSoon')
    : toGo === 1
      ? yt('sliceToGo')
      : yt('slicesToGo', { n: toGo });
  return (
    <section className="card loy-card" aria-labelledby="loy-points-h">
      <h2 id="loy-points-h" className="loy-sub">
        {yt('pointsTitle')}
      </h2>
      <p className="loy-points">
        <strong data-testid="loyalty-points">{yt('points', { n: balance.overall.points })}</strong>
        <span className="loy-soft">
          {yt('pointsValue', { amount: rupees(balance.overall.points * PAISE_PER_POINT) })}
        </span>
      </p>
      {balance.pending.points > 0 ? (
        <p className="loy-pending" data-testid="loyalty-pending">
          <span>{yt('pending', { n: balance.pending.points })}</span>
          <span className="loy-soft">{yt('pendingHint')}</span>
        </p>
      ) : null}
      <div className="loy-progress">
        <PizzaSlices earned={earned} total={programme.slices} />
        <div className="loy-progress-text">
          <h3 className="loy-sub">{yt('progressTitle')}</h3>
          <p className="loy-slices" aria-hidden="true">
            {yt('slicesOf', { n: earned, total: programme.slices })}
          </p>
          <p className="loy-soft">{next}</p>
        </div>
      </div>
    </section>
  );
}
