import { useEffect, useState } from 'react';
import { currentState, turnOff, turnOn, type UpdatesState } from './browser-push.ts';
import { nt } from './texts.ts';
import './order-updates.css';

type View = UpdatesState | 'checking' | 'working' | 'failed';

/**
 * "Get updates on this order" (issue 31 §14): the browser's permission, a push subscription bound to the server's
 * key, given to the order; then each stage arrives as a notification (sw/push.ts). Where the browser cannot or
 * may not, it says so: the order's stages are texted instead.
 */
export default function OrderUpdates({ orderId }: { orderId: string }) {
  const [view, setView] = useState<View>('checking');
  useEffect(() => {
    let live = true;
    currentState(orderId)
      .then((state) => live && setView(state))
      .catch(() => live && setView('off'));
    return () => {
      live = false;
    };
  }, [orderId]);

  const act = (step: (orderId: string) => Promise<UpdatesState>) => {
    setView('working');
    step(orderId).then(setView, () => setView('failed'));
  };

  if (view === 'checking') return null;
  return (
    <section className="card order-updates" aria-labelledby="order-updates-h" data-testid="order-updates">
      <h2 id="order-updates-h" className="order-updates-h">
        <BellIcon />
        {nt('title')}
      </h2>
      <Body view={view} onTurnOn={() => act(turnOn)} onTurnOff={() => act(turnOff)} />
    </section>
  );
}

function Body({
  view,
  onTurnOn,
  onTurnOff,
}: {
  view: Exclude<View, 'checking'>;
  onTurnOn: () => void;
  onTurnOff: () => void;
}) {
  switch (view) {
    case 'unsupported':
      return <p className="order-updates-note">{nt('unsupported')}</p>;
    case 'blocked':
      return <p className="order-updates-note">{nt('blocked')}</p>;
    case 'on':
      return (
        <div className="order-updates-row">
          <p className="order-updates-note order-updates-on" role="status">
            {nt('on')}
          </p>
          <button type="button" className="btn btn-secondary order-updates-off" onClick={onTurnOff}>
            {nt('turnOff')}
          </button>
        </div>
      );
    case 'working':
      return (
        <p className="order-updates-note" role="status">
          {nt('turningOn')}
        </p>
      );
    case 'off':
    case 'failed':
      return (
        <>
          {view === 'failed' ? (
            <p className="order-updates-note" role="alert">
              {nt('failed')}
            </p>
          ) : (
            <p className="order-updates-note">{nt('offHint')}</p>
          )}
          <button type="button" className="btn btn-secondary btn-block" onClick={onTurnOn}>
            {nt('turnOn')}
          </button>
        </>
      );
  }
}

const BellIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="order-updates-icon">
    <path
      fill="currentColor"
      d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
    />
  </svg>
);
