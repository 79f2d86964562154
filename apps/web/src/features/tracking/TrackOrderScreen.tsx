import { useSearchParams } from '../../shared/router/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { isOrderId } from '../../shared/tracking/paths.ts';
import { TrackerPanel } from './TrackerPanel.tsx';
import { tk } from './texts.ts';
import './tracking.css';

/** /trackOrder?orderHistoryId=…[&key=…] (SPEC §2): the tracker of any order type. */
export default function TrackOrderScreen() {
  const [params] = useSearchParams();
  const raw = params.get('orderHistoryId');
  return (
    <div className="trk-screen">
      <ScreenHeader title={tk('orderTitle')} />
      <main className="screen screen-column">
        <TrackerPanel orderId={isOrderId(raw) ? raw : null} trackingKey={params.get('key')} />
      </main>
    </div>
  );
}
