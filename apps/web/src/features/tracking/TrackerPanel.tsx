import type { ReactNode } from 'react';
import { Link } from '../../shared/router/index.ts';
import type { Tracker } from '@crust/contract/tracking';
import { MESSAGES } from '@crust/domain/messages';
import { paths } from '../../config/paths.ts';
import { t } from '../../shared/i18n/index.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { PaidTwice } from './PaidTwice.tsx';
import { RateOrder } from './RateOrder.tsx';
import { SpinTheWheel } from './SpinTheWheel.tsx';
import { TrackerView } from './TrackerView.tsx';
import { useLiveTracker } from './useLiveTracker.ts';
import { tk } from './texts.ts';

/**
 * One order's tracker kept live, for both tracking routes. `top` draws what sits above it (the thank-you
 * header), given the tracker once it is known. A first read that fails says "not available yet" with a retry.
 */
export function TrackerPanel(props: {
  orderId: string | null;
  trackingKey: string | null;
  top?: (tracker: Tracker | null) => ReactNode;
}) {
  const { state, retry, refresh } = useLiveTracker(props.orderId, props.trackingKey);
  const tracker = state.phase === 'ready' ? state.tracker : null;
  return (
    <>
      {props.top?.(tracker)}
      {state.phase === 'loading' ? <Spinner /> : null}
      {state.phase === 'unavailable' ? (
        <div className="trk-unavailable card">
          <p role="alert">{MESSAGES.trackingNotAvailable}</p>
          {props.orderId ? (
            <button type="button" className="btn btn-secondary" onClick={retry}>
              {t('retry')}
            </button>
          ) : null}
          <Link to={paths.track()}>{tk('trackAnother')}</Link>
        </div>
      ) : null}
      {tracker ? <PaidTwice tracker={tracker} /> : null}
      {tracker ? <TrackerView tracker={tracker} showNumber={!props.top} onChanged={refresh} /> : null}
      {tracker ? <RateOrder tracker={tracker} /> : null}
      {tracker ? <SpinTheWheel tracker={tracker} /> : null}
      <Link className="btn btn-primary btn-block trk-back" to={paths.menu()}>
        {tk('backToMenu')}
      </Link>
    </>
  );
}
