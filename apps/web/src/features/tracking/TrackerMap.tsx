import { useId } from 'react';
import type { Tracker } from '@crust/contract/tracking';
import { useNow } from '../../shared/use-now.ts';
import { along, fitPoints, riderProgress, type Pt } from './map-geometry.ts';
import { tk } from './texts.ts';

const FRAME = { width: 320, height: 168, pad: 40 };
const LABEL_MAX = 22;
/** the rider creeps along the line between tracker updates */
const RIDER_TICK_MS = 15_000;

const short = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);

/** A teardrop whose tip is the place. */
const PIN_PATH = 'M0 0C-5-8-11-13-11-21a11 11 0 1 1 22 0c0 8-6 13-11 21z';

function Pin({ at, kind, label }: { at: Pt; kind: 'store' | 'home'; label: string }) {
  // labels lean away from the nearer edge so they stay inside the drawing
  const third = FRAME.width / 3;
  const anchor = at.x < third ? 'start' : at.x > 2 * third ? 'end' : 'middle';
  const dx = anchor === 'start' ? -10 : anchor === 'end' ? 10 : 0;
  return (
    <g className={`trk-pin trk-pin-${kind}`} transform={`translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})`}>
      <path d={PIN_PATH} />
      {kind === 'store' ? (
        <path className="trk-pin-glyph" d="M-5-19l5-5 5 5v6h-10z" />
      ) : (
        <circle className="trk-pin-glyph" cx="0" cy="-21" r="4" />
      )}
      <text className="trk-pin-label" x={dx} y="16" textAnchor={anchor}>
        {short(label)}
      </text>
    </g>
  );
}

function Rider({ from, to, tracker }: { from: Pt; to: Pt; tracker: Tracker }) {
  const now = useNow(RIDER_TICK_MS);
  const dispatchedAt = tracker.tracker.steps.find((s) => s.stage === 'DISPATCHED')?.at ?? null;
  const share = riderProgress(
    dispatchedAt ? Date.parse(dispatchedAt) : null,
    tracker.promisedAt ? Date.parse(tracker.promisedAt) : null,
    now,
  );
  const at = along(from, to, share);
  return (
    <g
      className="trk-rider"
      data-testid="map-rider"
      transform={`translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})`}
    >
      <circle className="trk-rider-ring" r="13" />
      <circle className="trk-rider-dot" r="8" />
      <path className="trk-rider-glyph" d="M-4 2h8M-3 2l2-5h3l2 5" />
    </g>
  );
}

/**
 * The store and the delivery point as two pins on a drawn background, a dashed route between them and, while
 * the order is on its way, the rider part-way along. Pickup orders show the store alone.
 */
export function TrackerMap({ tracker }: { tracker: Tracker }) {
  // useId's characters are not all safe inside url(#…)
  const gridId = `trk-grid${useId().replace(/[^\w-]/g, '')}`;
  const { store, destination } = tracker;
  const storeName = tk('storePin', { store: store.name });
  const points = destination ? [store, destination] : [store];
  const [storeAt, homeAt] = fitPoints(points, FRAME);
  const riding = tracker.tracker.stage === 'DISPATCHED' && homeAt !== undefined;
  const label =
    destination && homeAt
      ? tk('mapLabel', { store: storeName, destination: destination.label }) + (riding ? tk('mapRider') : '')
      : tk('mapPickup', { store: storeName });
  return (
    <svg
      className="trk-map card"
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      role="img"
      aria-label={label}
      data-testid="tracker-map"
    >
      <defs>
        <pattern id={gridId} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0v24" className="trk-map-grid" />
        </pattern>
      </defs>
      <rect className="trk-map-ground" width={FRAME.width} height={FRAME.height} />
      <rect width={FRAME.width} height={FRAME.height} fill={`url(#${gridId})`} />
      {storeAt && homeAt ? (
        <line
          className="trk-route"
          data-testid="map-route"
          x1={storeAt.x}
          y1={storeAt.y}
          x2={homeAt.x}
          y2={homeAt.y}
        />
      ) : null}
      {storeAt ? <Pin at={storeAt} kind="store" label={storeName} /> : null}
      {destination && homeAt ? <Pin at={homeAt} kind="home" label={destination.label} /> : null}
      {riding && storeAt && homeAt ? <Rider from={storeAt} to={homeAt} tracker={tracker} /> : null}
    </svg>
  );
}
