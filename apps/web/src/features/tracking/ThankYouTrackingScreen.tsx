import { useSearchParams } from 'react-router';
import { isOrderId } from './paths.ts';
import { TrackerPanel } from './TrackerPanel.tsx';
import { OrderNumber } from './TrackerView.tsx';
import { tk } from './texts.ts';
import './tracking.css';

/** /thankYouAndTracking?orderId=…[&key=…] (SPEC §2, §4): a delivery order's thanks above its live tracker. */
export default function ThankYouTrackingScreen() {
  const [params] = useSearchParams();
  const raw = params.get('orderId');
  return (
    <div className="trk-screen">
      <main className="screen screen-column">
        <TrackerPanel
          orderId={isOrderId(raw) ? raw : null}
          trackingKey={params.get('key')}
          top={(tracker) => (
            <header className="trk-thanks">
              <h1 className="trk-thanks-title">{tk('thankYou')}</h1>
              {tracker ? <OrderNumber tracker={tracker} /> : null}
            </header>
          )}
        />
      </main>
    </div>
  );
}
