import { useSearchParams } from '../../shared/router/index.ts';
import { isOrderId } from '../../shared/tracking/paths.ts';
import { TrackerPanel } from './TrackerPanel.tsx';
import { OrderNumber } from './TrackerView.tsx';
import { tk } from './texts.ts';
import './tracking.css';

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
              {tracker || !withKey ? (
                <h1 className="trk-thanks-title">
                  {tracker?.orderSummary.netPrice === null ? tk('sharedTitle') : tk('thankYou')}
                </h1>
              ) : null}
              {tracker ? <OrderNumber tracker={tracker} /> : null}
            </header>
          )}
        />
      </main>
    </div>
  );
}
