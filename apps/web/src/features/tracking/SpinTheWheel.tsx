import type { Tracker } from '@crust/contract/tracking';
import { isOrderStage } from '@crust/domain/order-lifecycle';
import { DEFAULT_WHEEL_RULES, spinEligibility } from '@crust/domain/wheel';
import { paths } from '../../config/paths.ts';
import { Link } from '../../shared/router/index.ts';
import { useNow } from '../../shared/use-now.ts';
import { tk } from './texts.ts';

/**
 * "Spin the wheel" (issue 33 §1): under the owner's delivered or picked-up order, for the spin window after
 * delivery. The game screen says whether the spin was already taken; the server decides.
 */
export function SpinTheWheel({ tracker }: { tracker: Tracker }) {
  const now = useNow(60_000);
  const stage = tracker.tracker.stage;
  const verdict = spinEligibility(
    {
      stage: isOrderStage(stage) ? stage : null,
      deliveredAtMs: tracker.deliveredAt ? Date.parse(tracker.deliveredAt) : null,
    },
    false,
    now,
    DEFAULT_WHEEL_RULES,
  );
  // a key holder (not the owner) sees no prices, and has no spin
  if (verdict !== 'ELIGIBLE' || tracker.orderSummary.netPrice === null) return null;
  return (
    <section className="card trk-spin" aria-labelledby="trk-spin-h">
      <h2 id="trk-spin-h">{tk('spinTitle')}</h2>
      <p>{tk('spinBody')}</p>
      <Link className="btn btn-primary btn-block" to={paths.game({ orderId: tracker.orderId })}>
        {tk('spinButton')}
      </Link>
    </section>
  );
}
