import type { EarnableBurnableView } from '@crust/contract/loyalty';
import { lyt } from './texts.ts';
import './loyalty.css';

/**
 * Pizza Pals points around a cart or an order (SPEC §3 paymentSummary.loyaltyEarnedPoints and earnableBurnable):
 * what the order earned, when it earned any, and what its free pizzas spend, when they spend any, with what is
 * left. `planned` words the spending as still to come (the cart) rather than done (a placed order).
 */
export function PointsNote({
  earnedPoints = 0,
  earnableBurnable,
  planned = false,
}: {
  earnedPoints?: number;
  earnableBurnable: EarnableBurnableView | null;
  planned?: boolean;
}) {
  const used = earnableBurnable?.toBeConsumed.points ?? 0;
  if (earnedPoints <= 0 && used <= 0) return null;
  return (
    <div className="loy-note" data-testid="points-note">
      {earnedPoints > 0 ? (
        <p>
          <strong>{lyt('earned', { n: earnedPoints })}</strong>
          <span className="loy-note-hint">{lyt('earnedHint')}</span>
        </p>
      ) : null}
      {used > 0 && earnableBurnable ? (
        <p>
          <strong>{planned ? lyt('toUse', { n: used }) : lyt('used', { n: used })}</strong>
          <span className="loy-note-hint">{lyt('left', { n: earnableBurnable.updatedPointsBalance })}</span>
        </p>
      ) : null}
    </div>
  );
}
