import type { Tracker } from '@crust/contract/tracking';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import { OrderUpdatesLater } from '../../shared/notifications/OrderUpdatesLater.tsx';
import { useSearchParams } from '../../shared/router/index.ts';
import { isOrderId } from '../../shared/tracking/paths.ts';
import { TrackerPanel } from './TrackerPanel.tsx';
import { OrderNumber } from './TrackerView.tsx';
import { tk } from './texts.ts';
import './tracking.css';

/**
 * The heading: a key holder who is not the orderer is told the order's status; the orderer is thanked while the
 * order is on its way and told it has come once it has (issue 31 item 7: not "placed" after it is delivered).
 */
function titleOf(tracker: Tracker | null): string {
  if (tracker?.orderSummary.netPrice === null) return tk('sharedTitle');
  switch (tracker?.tracker.stage) {
    case 'DELIVERED':
      return tk('deliveredTitle');
    case 'PICKED_UP':
      return tk('pickedUpTitle');
    default:
      return tk('thankYou');
  }
}

/** The orderer (the tracker carries their total) may still ask for the order's updates while it moves. */
const mayFollow = (tracker: Tracker | null): tracker is Tracker =>
  tracker !== null &&
  tracker.orderSummary.netPrice !== null &&
  (tracker.tracker.stage === null || !isFinalStage(tracker.tracker.stage));

/**
 * /thankYouAndTracking?orderId=…[&key=…] (SPEC §2, §4): a delivery order's thanks above its live tracker. Whoever
 * opened it with a key and is not the orderer (the tracker carries no total for them) is not thanked for ordering.
 */
export default function ThankYouTrackingScreen() {
  const [params] = useSearchParams();
  const raw = params.get('orderId');
  const withKey = params.has('key');
  return (
    <div className="trk-screen">
      <main className="screen screen-column">
        <TrackerPanel
          orderId={isOrderId(raw) ? raw : null}
          trackingKey={params.get('key')}
          top={(tracker) => (
            <header className="trk-thanks">
              {tracker || !withKey ? <h1 className="trk-thanks-title">{titleOf(tracker)}</h1> : null}
              {tracker ? <OrderNumber tracker={tracker} /> : null}
              {mayFollow(tracker) ? <OrderUpdatesLater orderId={tracker.orderId} /> : null}
            </header>
          )}
        />
      </main>
    </div>
  );
}
