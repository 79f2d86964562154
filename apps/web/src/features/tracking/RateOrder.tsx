import type { Tracker } from '@crust/contract/tracking';
import { feedbackPrompt } from '@crust/domain/feedback';
import { isOrderStage } from '@crust/domain/order-lifecycle';
import { paths } from '../../config/paths.ts';
import { Link } from '../../shared/router/index.ts';
import { useNow } from '../../shared/use-now.ts';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { tk } from './texts.ts';

/**
 * "Rate your order" (issue 17 §1, SPEC §9 shown limit): under a delivered or picked-up order for 5 days after
 * delivery, for the order's owner (a key holder cannot rate it). Leads to /uf?orderId=; a rated order says so there.
 */
export function RateOrder({ tracker }: { tracker: Tracker }) {
  const now = useNow(60_000);
  const on = useCapability('feedback');
  const stage = tracker.tracker.stage;
  const prompt = feedbackPrompt(
    {
      stage: isOrderStage(stage) ? stage : null,
      deliveredAtMs: tracker.deliveredAt ? Date.parse(tracker.deliveredAt) : null,
    },
    false,
    now,
  );
  if (!on || prompt !== 'RATE' || tracker.orderSummary.netPrice === null) return null;
  return (
    <section className="card trk-rate" aria-labelledby="trk-rate-h">
      <h2 id="trk-rate-h">{tk('rateTitle')}</h2>
      <p>{tk('rateBody')}</p>
      <Link className="btn btn-primary btn-block" to={paths.feedback({ orderId: tracker.orderId })}>
        {tk('rateButton')}
      </Link>
    </section>
  );
}
